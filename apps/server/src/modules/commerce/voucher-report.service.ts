import type { StaffVoucher, StaffVouchersResponse, VoucherReport, VoucherReportQuery } from '@salon/contracts/vouchers'
import { HttpError } from '../../lib/errors.ts'
import { localDateOf, localToInstant } from '../../lib/local-time.ts'
import type { VoucherRow, VouchersRepository } from './vouchers.repository.ts'

/** The most months one report covers, as the memberships report. */
export const VOUCHER_REPORT_MAX_MONTHS = 24
/** The most vouchers the owner's list shows. */
export const VOUCHER_LIST_LIMIT = 500

const nextMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number]
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`
}

/**
 * The owner's list of vouchers and the vouchers report (docs/product.md "Gift vouchers"): for each month of the
 * shop's calendar, vouchers sold, redeemed, expired and refunded in it, and what the salon owes on them at its end;
 * and the same as a CSV file. Modelled on the memberships report.
 */
export function createVoucherReport(deps: { repo: VouchersRepository; shopOf: (shopId: string) => Promise<{ timeZone: string }>; now: () => number }) {
  const { repo, now } = deps

  function listed(v: VoucherRow, timeZone: string): StaffVoucher {
    const at = now()
    const expired = v.status === 'issued' && v.expiresAt!.getTime() <= at
    const status = expired ? 'expired' : v.status === 'issued' && v.remainingPence === 0 ? 'used' : (v.status as StaffVoucher['status'])
    return {
      id: v.id,
      codeEnd: v.codeEnd,
      soldAt: v.soldBy ? 'desk' : 'online',
      issuedAt: v.issuedAt!.toISOString(),
      valuePence: v.valuePence,
      remainingPence: v.status === 'void' ? 0 : v.remainingPence,
      lastDay: v.expiresAt ? localDateOf(v.expiresAt.getTime() - 1, timeZone) : null,
      status,
      recipientName: v.recipientName,
    }
  }

  async function report(shopId: string, query: VoucherReportQuery): Promise<VoucherReport> {
    const months: string[] = []
    for (let month = query.from; month <= query.to; month = nextMonth(month)) months.push(month)
    if (months.length > VOUCHER_REPORT_MAX_MONTHS) {
      throw new HttpError(422, `A report covers at most ${VOUCHER_REPORT_MAX_MONTHS} months. Please choose a shorter range.`)
    }
    const { timeZone } = await deps.shopOf(shopId)
    const startOf = (month: string) => new Date(localToInstant(`${month}-01`, '00:00', timeZone)!)
    const rows = []
    for (const month of months) {
      const end = startOf(nextMonth(month))
      const asAt = new Date(Math.min(end.getTime(), now()))
      rows.push({ month, ...(await repo.monthFigures(shopId, startOf(month), end, asAt)) })
    }
    return { months: rows }
  }

  return {
    async list(shopId: string): Promise<StaffVouchersResponse> {
      const { timeZone } = await deps.shopOf(shopId)
      const rows = await repo.issued(shopId, VOUCHER_LIST_LIMIT)
      return { vouchers: rows.map((row) => listed(row, timeZone)), limit: VOUCHER_LIST_LIMIT }
    },
    report,
    async csv(shopId: string, query: VoucherReportQuery) {
      const { months } = await report(shopId, query)
      const gbp = (pence: number) => (pence / 100).toFixed(2)
      const lines = [['month', 'sold', 'sold_gbp', 'redeemed_gbp', 'expired_gbp', 'refunded_gbp', 'outstanding_gbp'].join(',')]
      for (const m of months) {
        lines.push([m.month, m.soldCount, gbp(m.soldPence), gbp(m.redeemedPence), gbp(m.expiredPence), gbp(m.refundedPence), gbp(m.outstandingPence)].join(','))
      }
      return { filename: `vouchers-${query.from}-to-${query.to}.csv`, body: `\uFEFF${lines.join('\r\n')}\r\n` }
    },
  }
}
export type VoucherReports = ReturnType<typeof createVoucherReport>
