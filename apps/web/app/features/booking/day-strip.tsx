import { memo } from 'react'
import { dayParts, formatDay } from './dates.ts'
import type { PlannerSlot } from './planner-data.ts'

interface DayStripProps {
  /** The coming days, in order, with their free slots for a first-length session. */
  days: { date: string; slots: PlannerSlot[] }[]
  selected: string | null
  onSelect: (date: string) => void
}

/** Step 1: a row of days (a radio group, arrow keys move along it) saying which have free times; any later date too. */
export const DayStrip = memo(function DayStrip({ days, selected, onSelect }: DayStripProps) {
  const today = days[0]?.date ?? null
  const inStrip = days.some((d) => d.date === selected)
  return (
    <div className="flex flex-col gap-4">
      <div className="-mx-4 overflow-x-auto px-4 pb-1 sm:mx-0 sm:px-0">
        <div role="radiogroup" aria-label="Day" className="flex w-max gap-2 sm:w-auto sm:flex-wrap">
          {days.map(({ date, slots }) => {
            const parts = dayParts(date)
            const free = slots.length
            const label = date === today ? 'Today' : parts.weekday
            return (
              <label
                key={date}
                className={`relative flex w-[4.9rem] shrink-0 cursor-pointer flex-col items-center gap-0.5 rounded-2xl border px-2 py-2.5 text-center transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-teal ${
                  selected === date
                    ? 'border-cocoa-900 bg-cocoa-900 text-cream'
                    : free
                      ? 'border-cocoa-200 bg-white hover:border-cocoa-500'
                      : 'border-dashed border-cocoa-200 bg-cocoa-50 text-cocoa-600'
                }`}
              >
                <input
                  type="radio"
                  name="day"
                  value={date}
                  checked={selected === date}
                  onChange={() => onSelect(date)}
                  className="absolute inset-0 z-10 size-full cursor-pointer appearance-none opacity-0"
                  aria-label={`${formatDay(date)}: ${free ? `${free} free time${free === 1 ? '' : 's'}` : 'fully booked or closed'}`}
                />
                <span className="text-xs font-semibold tracking-wide uppercase" aria-hidden="true">
                  {label}
                </span>
                <span className="font-display text-2xl leading-none font-semibold" aria-hidden="true">
                  {parts.day}
                </span>
                <span className="text-xs" aria-hidden="true">
                  {parts.month}
                </span>
                <span
                  aria-hidden="true"
                  className={`mt-1 rounded-full px-1.5 text-[0.7rem] font-semibold whitespace-nowrap ${
                    selected === date ? 'bg-cream/20 text-cream' : free ? 'bg-emerald-100 text-emerald-800' : 'text-cocoa-600'
                  }`}
                >
                  {free ? `${free} free` : 'None left'}
                </span>
              </label>
            )
          })}
        </div>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1.5 text-sm font-semibold text-cocoa-800">
          Or pick a later date
          <input
            type="date"
            name="later-date"
            className="field-input py-2"
            min={today ?? undefined}
            value={selected && !inStrip ? selected : ''}
            onChange={(event) => event.target.value && onSelect(event.target.value)}
          />
        </label>
      </div>
    </div>
  )
})
