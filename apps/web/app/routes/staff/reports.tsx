import type { SalesReport, SessionsReport } from '@salon/contracts/staff-reports'
import type { RetentionDueResponse } from '@salon/contracts/staff-retention'
import { useState } from 'react'
import {
  ExportButtons,
  presets,
  RangePicker,
  rangeQuery,
  SalesReportPanel,
  SessionsReportPanel,
  WhenLoaded,
  type Range,
} from '../../features/staff-manage/public.ts'
import { dateTime, OwnerOnly, Panel, StaffPage, staffMeta, useStaffData } from '../../features/staff/public.ts'
import type { Route } from './+types/reports'

export const meta: Route.MetaFunction = () => staffMeta('Reports')

/** docs/product.md §10.7: sessions, sales and takings for a range, and the CSV files. */
export default function Reports() {
  const [range, setRange] = useState<Range>(() => presets()[2]!.range)
  const sessions = useStaffData<SessionsReport>(`staff/reports/bed-sessions?${rangeQuery(range)}`)
  const sales = useStaffData<SalesReport>(`staff/reports/sales?${rangeQuery(range)}`)
  return (
    <OwnerOnly>
      <StaffPage title="Reports" subtitle="Sessions, sales and takings for the days you choose.">
        <RangePicker range={range} onChange={setRange} />
        <WhenLoaded loads={{ sessions, sales }} what="the reports">
          {(data) => (
            <div className="flex flex-col gap-5">
              <SessionsReportPanel report={data.sessions} />
              <SalesReportPanel report={data.sales} />
            </div>
          )}
        </WhenLoaded>
        <ExportButtons range={range} />
        <DueForDeletion />
      </StaffPage>
    </OwnerOnly>
  )
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** docs/product.md §4.16: what the privacy notice's daily jobs will delete at their next run (GET /api/staff/retention). */
function DueForDeletion() {
  const due = useStaffData<RetentionDueResponse>('staff/retention')
  if (due.error) return null
  const data = due.data
  return (
    <Panel title="Due for deletion">
      <div className="flex flex-col gap-3 p-4 text-cocoa-800 sm:p-5" aria-live="polite">
        {!data ? (
          <p>Counting what is due…</p>
        ) : (
          <>
            <p>
              The privacy notice promises to delete personal data after set periods. At the next run, <strong>{dateTime(data.nextRunAt)}</strong>:
            </p>
            <ul className="list-disc pl-5">
              <li>
                {count(data.customers.count, 'customer', 'customers')} who have not booked, bought or signed in since {dateTime(data.customers.before)} (erased)
              </li>
              <li>
                {count(data.contactMessages.count, 'contact message', 'contact messages')} last answered or sent before {dateTime(data.contactMessages.before)}
              </li>
              <li>
                {count(data.offerLeads.count, 'offer sign-up', 'offer sign-ups')} left before {dateTime(data.offerLeads.before)}
              </li>
              <li>
                {count(data.withdrawnConsents.count, 'withdrawn marketing consent', 'withdrawn marketing consents')} whose time of withdrawal is before{' '}
                {dateTime(data.withdrawnConsents.before)} (the time is forgotten; they stay unsubscribed)
              </li>
            </ul>
          </>
        )}
      </div>
    </Panel>
  )
}
