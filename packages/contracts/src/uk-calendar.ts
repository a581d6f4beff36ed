/**
 * The UK's calendar in plain arithmetic, without Intl. A browser builds its first Intl formatter from the locale
 * data at a cost of 25–50 ms of one task on a fast computer (several times that on a phone), and a page rendering a
 * price or a date would pay it while it starts up; these few names and one rule cost nothing
 * (docs/decisions/020-uk-dates-and-money-without-intl.md). The tests check every hour of several years against Intl.
 */

export const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']

/** The instant of 01:00 UTC on the last Sunday of a month (0-based): when British Summer Time starts or ends. */
function lastSundayAtOne(year: number, month: number): number {
  const last = new Date(Date.UTC(year, month + 1, 0, 1))
  return last.getTime() - last.getUTCDay() * 86_400_000
}

/**
 * Minutes the UK's clocks are ahead of UTC at an instant: 60 in British Summer Time (from 01:00 UTC on the last
 * Sunday of March to 01:00 UTC on the last Sunday of October, the rule since 1996), else 0.
 */
export function ukOffsetMinutes(instant: number | Date): number {
  const at = typeof instant === 'number' ? instant : instant.getTime()
  const year = new Date(at).getUTCFullYear()
  return at >= lastSundayAtOne(year, 2) && at < lastSundayAtOne(year, 9) ? 60 : 0
}

/** The UK's wall clock at an instant, as a Date whose UTC fields read it. */
export const ukWallClock = (instant: number | Date): Date => {
  const at = typeof instant === 'number' ? instant : instant.getTime()
  return new Date(at + ukOffsetMinutes(at) * 60_000)
}

/** The UK's date at an instant, written YYYY-MM-DD. */
export const ukDateOf = (instant: number | Date): string => ukWallClock(instant).toISOString().slice(0, 10)
