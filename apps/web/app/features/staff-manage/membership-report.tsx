import type { MembershipReport } from '@salon/contracts/memberships'
import { useState } from 'react'
import { Spinner } from '../../components/ui/spinner.tsx'
import { formatAmount } from '../../lib/format.ts'
import { manageCalls, type ReportRange } from './manage-calls.ts'
import { saveFile, Stat, Table } from './reports.tsx'
import { monthText } from './voucher-report.tsx'
import { Empty, type Notice, NoticeLine, Panel } from '../staff/public.ts'

/** Memberships month by month (docs/product.md "Memberships"): members at each month's end, joins, cancellations, the recurring revenue; and its CSV. */
export function MembershipReportPanel({ report, months }: { report: MembershipReport; months: ReportRange }) {
  const [busy, setBusy] = useState(false)
  const [notice, setNotice] = useState<Notice | null>(null)
  const last = report.months.at(-1)
  const sum = (pick: (m: MembershipReport['months'][number]) => number) => report.months.reduce((n, m) => n + pick(m), 0)

  async function download() {
    setBusy(true)
    setNotice(null)
    try {
      const { blob, fileName } = await manageCalls.membershipsCsv(months)
      saveFile(blob, fileName ?? 'memberships.csv')
      setNotice({ kind: 'success', text: 'Memberships downloaded.' })
    } catch (failure) {
      setNotice({ kind: 'error', text: failure instanceof Error ? failure.message : 'The file could not be downloaded. Please try again.' })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Panel
      variant="section"
      id="memberships"
      title="Memberships"
      description="For each month of the range: members at its end, joins, cancellations and the membership payments taken."
      actions={
        <button type="button" className="btn-outline" onClick={() => void download()} disabled={busy}>
          {busy && <Spinner label="Downloading" />}
          Download CSV
        </button>
      }
    >
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat label="Members" value={last?.members ?? 0} detail={last ? `At the end of ${monthText(last.month)}` : undefined} />
        <Stat label="Joins" value={sum((m) => m.joins)} />
        <Stat label="Cancellations" value={sum((m) => m.cancellations)} />
        <Stat label="Recurring revenue" value={formatAmount(sum((m) => m.revenuePence))} />
      </div>
      <div className="mt-5">
        {report.months.length === 0 ? (
          <Empty>No months in this range.</Empty>
        ) : (
          <Table
            head={['Month', 'Members', 'Joins', 'Cancellations', 'Revenue']}
            rows={report.months.map((m) => [monthText(m.month), m.members, m.joins, m.cancellations, formatAmount(m.revenuePence)])}
          />
        )}
      </div>
      <div className="mt-3">
        <NoticeLine notice={notice} />
      </div>
    </Panel>
  )
}
