import type { BackupStatusResponse } from '@salon/contracts/staff-backups'
import type { RetentionDueResponse } from '@salon/contracts/staff-retention'
import { useSearchParams } from 'react-router'
import {
  ExportButtons,
  FailedWorkPanel,
  manageCalls,
  MembershipReportPanel,
  presets,
  RangePicker,
  SalesReportPanel,
  SessionsReportPanel,
  reportMonthsOf,
  VouchersReportPanel,
  WhenLoaded,
  type Range,
} from '../../features/staff-manage/public.ts'
import { dateTime, OwnerOnly, Panel, StaffPage, staffMeta, ownerParts, type Part } from '../../features/staff/public.ts'
import type { Route } from './+types/reports'

export const meta: Route.MetaFunction = () => staffMeta('Reports')

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** The days asked (?from=&to=, both YYYY-MM-DD), or the last 7 days. */
function rangeOf(url: string): Range {
  const params = new URL(url).searchParams
  const from = params.get('from') ?? ''
  const to = params.get('to') ?? ''
  return DAY.test(from) && DAY.test(to) ? { from, to } : presets()[2]!.range
}

/**
 * The range's sessions and sales, its months' gift vouchers and memberships, what the privacy notice's jobs will delete
 * next, the last backup and the work that failed.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const range = rangeOf(request.url)
  const months = reportMonthsOf(range)
  const { due, backups, vouchers, memberships, failedWork, ...reports } = await ownerParts(request, {
    sessions: () => manageCalls.sessionsReport(range),
    sales: () => manageCalls.salesReport(range),
    vouchers: () => manageCalls.vouchersReport(months),
    memberships: () => manageCalls.membershipsReport(months),
    due: () => manageCalls.retentionDue(),
    backups: () => manageCalls.backups(),
    failedWork: () => manageCalls.failedWork(),
  })
  return { range, reports, months, vouchers, memberships, due, backups, failedWork }
}

/** docs/product.md §10.7: sessions, sales and takings for a range, gift vouchers by month, and the CSV files. */
export default function Reports({ loaderData }: Route.ComponentProps) {
  const { range, reports, months, vouchers, memberships, due, backups, failedWork } = loaderData
  const [, setParams] = useSearchParams()
  return (
    <OwnerOnly>
      <StaffPage title="Reports" subtitle="Sessions, sales and takings for the days you choose.">
        <RangePicker range={range} onChange={(next) => setParams({ from: next.from, to: next.to }, { replace: true })} />
        <WhenLoaded parts={reports}>
          {(data) => (
            <div className="flex flex-col gap-5">
              <SessionsReportPanel report={data.sessions} />
              <SalesReportPanel report={data.sales} />
            </div>
          )}
        </WhenLoaded>
        <VouchersReportPanel report={vouchers} months={months} />
        <WhenLoaded parts={{ memberships }}>{(data) => <MembershipReportPanel report={data.memberships} months={months} />}</WhenLoaded>
        <ExportButtons range={range} />
        <DueForDeletion due={due} />
        <Backups backups={backups} />
        <FailedWorkPanel work={failedWork} />
      </StaffPage>
    </OwnerOnly>
  )
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** docs/product.md §4.16: what the privacy notice's daily jobs will delete at their next run (GET /api/staff/retention). */
function DueForDeletion({ due }: { due: Part<RetentionDueResponse> }) {
  if (due.status === 'error') return null
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

/** A backup's size as a person reads it: kB under a megabyte, else MB. */
const size = (bytes: number) =>
  bytes < 1_000_000 ? `${Math.max(1, Math.round(bytes / 1000))} kB` : `${(bytes / 1_000_000).toFixed(bytes < 10_000_000 ? 1 : 0)} MB`

/** docs/operations.md: when the server last backed the salon up, and a failure since (GET /api/staff/backups). */
function Backups({ backups }: { backups: Part<BackupStatusResponse> }) {
  if (backups.status === 'error' || !backups.data) return null
  const { scheduled, last, failed } = backups.data
  return (
    <Panel title="Backups">
      <div className="flex flex-col gap-2 p-4 text-cocoa-800 sm:p-5">
        {last ? (
          <p>
            Last backup: <strong>{dateTime(last.at)}</strong> ({size(last.bytes)}, {count(last.rows, 'row', 'rows')}).
          </p>
        ) : (
          <p>{scheduled ? 'No backup has been made yet: the server makes the first soon after it starts.' : 'This server makes no scheduled backups.'}</p>
        )}
        {failed ? (
          <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 font-medium text-red-800">
            The backup at {dateTime(failed.at)} failed: {failed.error}
          </p>
        ) : null}
        {!scheduled ? <p>Whoever runs the server can turn them on with the BACKUP_DIR setting (docs/operations.md).</p> : null}
      </div>
    </Panel>
  )
}
