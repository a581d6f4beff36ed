import { memo } from 'react'
import { partOfDay } from './dates.ts'
import type { PlannerSlot } from './planner-data.ts'

interface TimePickerProps {
  slots: PlannerSlot[]
  selected: string | null
  onSelect: (time: string) => void
}

/** Step 4: the free start times, grouped into morning, afternoon and evening; one radio group so arrow keys walk them. */
export const TimePicker = memo(function TimePicker({ slots, selected, onSelect }: TimePickerProps) {
  const groups = new Map<string, PlannerSlot[]>()
  for (const slot of slots) {
    const part = partOfDay(slot.time)
    groups.set(part, [...(groups.get(part) ?? []), slot])
  }
  return (
    <div role="radiogroup" aria-label="Start time" className="flex flex-col gap-4">
      {[...groups].map(([part, group]) => (
        <div key={part} className="flex flex-col gap-2">
          <p className="text-sm font-semibold text-cocoa-600" aria-hidden="true">
            {part}
          </p>
          <div className="grid grid-cols-4 gap-2 sm:grid-cols-6 lg:grid-cols-8">
            {group.map((slot) => (
              <label
                key={slot.time}
                className="relative flex min-h-11 cursor-pointer items-center justify-center rounded-xl border border-cocoa-200 bg-white text-base font-semibold tabular-nums transition-colors hover:border-cocoa-500 has-[:checked]:border-cocoa-900 has-[:checked]:bg-cocoa-900 has-[:checked]:text-cream has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-teal"
              >
                <input
                  type="radio"
                  name="time"
                  value={slot.time}
                  checked={selected === slot.time}
                  onChange={() => onSelect(slot.time)}
                  className="absolute inset-0 z-10 size-full cursor-pointer appearance-none opacity-0"
                />
                {slot.time}
              </label>
            ))}
          </div>
        </div>
      ))}
    </div>
  )
})
