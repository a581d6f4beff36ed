import type { MembershipReport, MembershipReportQuery } from '@salon/contracts/memberships'
import { HttpError } from '../../lib/errors.ts'
import { localToInstant } from '../../lib/local-time.ts'
import type { MembershipsRepository } from './memberships.repository.ts'

/** The most months one report covers. */
export const REPORT_MAX_MONTHS = 24

const nextMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number]
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`
}

/**
 * The owner's memberships report (docs/product.md "Memberships"): for each month of the shop's calendar, the members
 * at its end, the joins and cancellations in it, and the membership payments taken in it; and the same as a CSV file.
 */
export function createMembershipReport(deps: { repo: MembershipsRepository }) {
  async function report(shopId: string, query: MembershipReportQuery): Promise<MembershipReport> {
    const months: string[] = []
    for (let month = query.from; month <= query.to; month = nextMonth(month)) months.push(month)
    if (months.length > REPORT_MAX_MONTHS) throw new HttpError(422, `A report covers at most ${REPORT_MAX_MONTHS} months. Please choose a shorter range.`)
    const timeZone = await deps.repo.timeZoneOf(shopId)
    const startOf = (month: string) => new Date(localToInstant(`${month}-01`, '00:00', timeZone)!)
    const rows = []
    for (const month of months) rows.push({ month, ...(await deps.repo.monthFigures(shopId, startOf(month), startOf(nextMonth(month)))) })
    return { months: rows }
  }

  return {
    report,
    async csv(shopId: string, query: MembershipReportQuery) {
      const { months } = await report(shopId, query)
      const lines = [['month', 'members', 'joins', 'cancellations', 'revenue_gbp'].join(',')]
      for (const m of months) lines.push([m.month, m.members, m.joins, m.cancellations, (m.revenuePence / 100).toFixed(2)].join(','))
      return { filename: `memberships-${query.from}-to-${query.to}.csv`, body: `\uFEFF${lines.join('\r\n')}\r\n` }
    },
  }
}
export type MembershipReports = ReturnType<typeof createMembershipReport>
