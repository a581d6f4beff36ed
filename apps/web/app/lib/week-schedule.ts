// Apart from format.ts: the footer of every page shows the opening hours, and need not carry the price and date formats.

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']

/** Monday first, as people in the UK read a week; closed days included. */
export function weekSchedule(hours: { weekday: number; opensAt: string; closesAt: string }[]) {
  return [1, 2, 3, 4, 5, 6, 0].map((weekday) => {
    const day = hours.find((h) => h.weekday === weekday)
    return { weekday, name: WEEKDAYS[weekday]!, hours: day ? `${day.opensAt}–${day.closesAt}` : 'Closed' }
  })
}
