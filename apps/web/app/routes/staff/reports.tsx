import type { SalesReport, SessionsReport } from '@salon/contracts/staff-reports'
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
import { OwnerOnly, StaffPage, staffMeta, useStaffData } from '../../features/staff/public.ts'
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
      </StaffPage>
    </OwnerOnly>
  )
}
