import type { LedgerKind, MinuteLot } from '@salon/contracts/commerce'
import { utcDay } from '@salon/contracts/dates'
import { EXPIRING_SOON_DAYS } from '@salon/contracts/rules/money'
import { UK_TIME_ZONE } from '@salon/contracts/time-zone'

/** What each kind of change to the balance is called on the history. */
export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  purchase: 'Bought',
  booking: 'Session',
  refund: 'Refund',
  referral: 'Referral reward',
  expiry: 'Expired',
  adjustment: 'Adjustment',
}

/** 1 → "1 minute", 42 → "42 minutes" */
export const minutesText = (minutes: number) => `${minutes} ${Math.abs(minutes) === 1 ? 'minute' : 'minutes'}`

/** A change to the balance with its sign: 60 → "+60 min", -6 → "−6 min" (a real minus sign). */
export const signedMinutes = (minutes: number) => (minutes > 0 ? `+${minutes} min` : minutes < 0 ? `−${Math.abs(minutes)} min` : '0 min')

const longDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
/** A lot's last day ("YYYY-MM-DD", the salon's calendar) → "Use by 21 February 2027". */
export const lastDayText = (lastDay: string) => `Use by ${longDay.format(utcDay(lastDay))}`

const when = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: UK_TIME_ZONE })
/** An instant on the history, in UK time: "23 Nov 2026, 10:15". */
export const historyWhen = (iso: string) => when.format(new Date(iso))

/** "45 of 60 minutes left" */
export const remainingText = (lot: Pick<MinuteLot, 'remaining' | 'minutes'>) => `${lot.remaining} of ${minutesText(lot.minutes)} left`

/** A lot whose minutes expire within EXPIRING_SOON_DAYS days. */
export const expiresSoon = (lot: Pick<MinuteLot, 'expiresAt'>, now = Date.now()) => Date.parse(lot.expiresAt) - now <= EXPIRING_SOON_DAYS * 24 * 60 * 60 * 1000

/** The callout for minutes expiring soon, or null when none are. */
export function expiringSoonText(minutes: number): string | null {
  if (minutes <= 0) return null
  return `${minutesText(minutes)} ${minutes === 1 ? 'expires' : 'expire'} within the next ${EXPIRING_SOON_DAYS} days. Book a session to use ${minutes === 1 ? 'it' : 'them'}.`
}
