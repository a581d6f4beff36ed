import type { MembershipRow } from './memberships.repository.ts'

/**
 * The rules of a membership's months, in one place for every path (online, at the desk, the renewal job):
 * when a month ends, when a cancellation can take effect, and when a failed renewal is tried again.
 */

const DAY = 24 * 3600_000

/** A failed renewal is tried again this many days after the month's end: then the membership pauses. */
export const RETRY_AFTER_DAYS = [1, 3, 5] as const

/** The same time `months` calendar months on; the 31st becomes the month's last day where it has none. */
export function addMonths(at: Date, months: number): Date {
  const d = new Date(at.getTime())
  const day = d.getUTCDate()
  d.setUTCDate(1)
  d.setUTCMonth(d.getUTCMonth() + months)
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate()
  d.setUTCDate(Math.min(day, last))
  return d
}

/** When the retry `attempt` (1 to 3) of a month's renewal is due. */
export const retryAt = (periodStart: Date, attempt: number) => new Date(periodStart.getTime() + RETRY_AFTER_DAYS[attempt - 1]! * DAY)

/** The end of the minimum term: the member may not leave before it. */
export const minimumTermEnd = (m: Pick<MembershipRow, 'joinedAt' | 'minimumPeriods'>) =>
  m.joinedAt && m.minimumPeriods > 0 ? addMonths(m.joinedAt, m.minimumPeriods) : null

/**
 * When a cancellation asked for now takes effect: the end of the month paid for (the month a renewal is being
 * charged for, while it is), or the end of the minimum term if later. A month a renewal failed to pay is not owed
 * unless the minimum term runs past it. Null: at once.
 */
export function cancellationTakesEffect(m: MembershipRow, now: number): Date | null {
  if (m.status === 'pending' || !m.periodStart || !m.periodEnd) return null
  const charging = m.renewingPeriod !== null
  const paidUntil = charging
    ? m.renewingPeriod! > m.period
      ? addMonths(m.periodEnd, 1)
      : m.periodEnd
    : m.status === 'past_due' || (m.status === 'paused' && m.pausedReason === 'payment_failed')
      ? m.periodStart
      : m.periodEnd
  const term = minimumTermEnd(m)
  const end = term && term > paidUntil ? term : paidUntil
  return end.getTime() <= now ? null : end
}

/** Months of pause still allowed. */
export const pauseLeft = (m: Pick<MembershipRow, 'maxPausePeriods' | 'pausedPeriods' | 'pauseRequested'>) =>
  Math.max(0, m.maxPausePeriods - m.pausedPeriods - m.pauseRequested)
