import type { VoucherReport } from '@salon/contracts/vouchers'
import { MONTHS } from '@salon/contracts/uk-calendar'
import { useState } from 'react'
import { useNavigation } from 'react-router'
import { Spinner } from '../../components/ui/spinner.tsx'
import { formatAmount } from '../../lib/format.ts'
import { LoadError, type Notice, NoticeLine, Panel, type Part } from '../staff/public.ts'
import { manageCalls, type ReportRange } from './manage-calls.ts'
import { saveFile, Table, type Range } from './reports.tsx'

/** The most months the vouchers report covers. */
export const VOUCHER_REPORT_MONTHS = 24

/** "2026-11" → "November 2026". */
export function monthText(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number]
  return `${MONTHS[m - 1]} ${y}`
}

/**
 * The months (YYYY-MM) of the days chosen, as the month-by-month reports (gift vouchers, memberships) take them: the
 * month of the first day to the month of the last, at most the last 24 of them.
 */
export function reportMonthsOf(range: Range): ReportRange {
  const to = range.to.slice(0, 7)
  let from = range.from.slice(0, 7)
  const [ty, tm] = to.split('-').map(Number) as [number, number]
  const earliest = ty * 12 + tm - VOUCHER_REPORT_MONTHS
  const [fy, fm] = from.split('-').map(Number) as [number, number]
  if (fy * 12 + fm <= earliest) from = `${Math.floor(earliest / 12)}-${String((earliest % 12) + 1).padStart(2, '0')}`
  return { from, to }
}

/**
 * The vouchers report (docs/product.md "Gift vouchers"): per month, vouchers sold, redeemed, expired and refunded,
 * and what the salon owes on them at the month's end; with its CSV file.
 */
export function VouchersReportPanel({ report, months }: { report: Part<VoucherReport>; months: ReportRange }) {
  const [busy, setBusy] = useState(false)
  const [notice, setNotice] = useState<Notice | null>(null)
  const loading = useNavigation().state === 'loading'

  async function download() {
    setBusy(true)
    setNotice(null)
    try {
      const { blob, fileName } = await manageCalls.exportVouchers(months)
      saveFile(blob, fileName ?? 'vouchers.csv')
      setNotice({ kind: 'success', text: 'Vouchers report downloaded.' })
    } catch (failure) {
      setNotice({ kind: 'error', text: failure instanceof Error ? failure.message : 'The file could not be downloaded. Please try again.' })
    } finally {
      setBusy(false)
    }
  }

  const span = months.from === months.to ? monthText(months.from) : `${monthText(months.from)} to ${monthText(months.to)}`
  return (
    <Panel
      variant="section"
      id="vouchers-report"
      title="Gift vouchers"
      description={`${span}, by month. Outstanding is what is still to be spent on vouchers at the month's end: what the salon owes.`}
    >
      {report.status === 'error' ? (
        <LoadError message={report.message} />
      ) : (
        <div className="flex flex-col gap-3">
          <Table
            head={['Month', 'Sold', 'Redeemed', 'Expired', 'Refunded', 'Outstanding']}
            rows={report.data.months.map((m) => [
              monthText(m.month),
              <>
                {formatAmount(m.soldPence)}
                <span className="block text-xs text-cocoa-600">
                  {m.soldCount} {m.soldCount === 1 ? 'voucher' : 'vouchers'}
                </span>
              </>,
              formatAmount(m.redeemedPence),
              formatAmount(m.expiredPence),
              formatAmount(m.refundedPence),
              <strong key="owed">{formatAmount(m.outstandingPence)}</strong>,
            ])}
          />
          <div className="flex flex-wrap items-center gap-3">
            <button type="button" className="btn-outline" onClick={() => void download()} disabled={busy || loading}>
              {busy && <Spinner label="Downloading" />}
              Download the vouchers report (CSV)
            </button>
            <NoticeLine notice={notice} />
          </div>
        </div>
      )}
    </Panel>
  )
}
