import type { Membership, MembershipPlan } from '@salon/contracts/memberships'
import { MONTHS, ukDateOf, WEEKDAYS } from '@salon/contracts/uk-calendar'
import { utcDay } from '@salon/contracts/dates'
import { plural } from '@salon/contracts/words'

/** "Saturday 26 December 2026": the salon's calendar day of a moment, as docs/product.md writes dates. */
export function longDay(iso: string): string {
  const date = ukDateOf(new Date(iso))
  const day = utcDay(date)
  return `${WEEKDAYS[day.getUTCDay()]} ${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]} ${date.slice(0, 4)}`
}

/** The last day a month ending at `end` covers: a month ends at the same time a calendar month later. */
export const lastDayOf = (end: string) => longDay(new Date(new Date(end).getTime() - 1).toISOString())

/** What a month of a plan gives: "Unlimited sessions", "60 minutes", "8 sessions". */
export function allowanceText(p: Pick<MembershipPlan, 'allowanceKind' | 'allowance'>): string {
  if (p.allowanceKind === 'unlimited') return 'Unlimited sessions'
  return p.allowanceKind === 'minutes' ? plural(p.allowance ?? 0, 'minute') : plural(p.allowance ?? 0, 'session')
}

/** What is left of this month: "35 minutes", "2 sessions", "Unlimited sessions". */
export function leftText(m: Pick<Membership, 'allowanceKind' | 'leftThisMonth'>): string {
  if (m.allowanceKind === 'unlimited') return 'Unlimited sessions'
  const left = m.leftThisMonth ?? 0
  return m.allowanceKind === 'minutes' ? plural(left, 'minute') : plural(left, 'session')
}

export const STATUS_TEXT: Record<Membership['status'], string> = {
  pending: 'Waiting for the first payment',
  active: 'Active',
  past_due: 'Past due',
  paused: 'Paused',
  cancelled: 'Cancelled',
}

export const PAYMENT_KIND: Record<Membership['payments'][number]['kind'], string> = {
  join: 'First month',
  renewal: 'Renewal',
  card_change: 'Card change',
}

export const PAYMENT_STATUS: Record<Membership['payments'][number]['status'], string> = {
  pending: 'Not taken yet',
  succeeded: 'Paid',
  failed: 'Did not go through',
}
