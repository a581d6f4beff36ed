import type { Bed, BedType } from '@salon/contracts/shop'
import { memo } from 'react'
import { formatPerMinute } from '../../lib/format.ts'

/** The choice of sunbed: any free one, any of a type ("type:<code>"), or one bed by its id. */
export const ANY_BED = 'any'
const TYPE_PREFIX = 'type:'
export const typeChoice = (code: string) => `${TYPE_PREFIX}${code}`

/** What the choice asks p_sessions for, and the beds it covers. */
export function bedFilter(choice: string, beds: Bed[]): { filter: { bedId?: string; bedType?: string }; beds: Bed[] } {
  if (choice.startsWith(TYPE_PREFIX)) {
    const bedType = choice.slice(TYPE_PREFIX.length)
    return { filter: { bedType }, beds: beds.filter((b) => b.type === bedType) }
  }
  const bed = beds.find((b) => b.id === choice)
  return bed ? { filter: { bedId: bed.id }, beds: [bed] } : { filter: {}, beds }
}

interface BedPickerProps {
  beds: Bed[]
  bedTypes: BedType[]
  selected: string
  onSelect: (choice: string) => void
}

const focusRing = 'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-teal'
const hiddenRadio = 'absolute inset-0 z-10 size-full cursor-pointer appearance-none opacity-0'

/** Step 2: any free sunbed, any of one type, or one bed in particular, with its picture and what it is like. */
export const BedPicker = memo(function BedPicker({ beds, bedTypes, selected, onSelect }: BedPickerProps) {
  const types = bedTypes.filter((t) => beds.some((b) => b.type === t.code))
  const chosenType = types.find((t) => typeChoice(t.code) === selected)
  const options = [
    { value: ANY_BED, label: 'Any sunbed' },
    ...types.map((t) => ({ value: typeChoice(t.code), label: `Any ${t.name.replace(/ sunbeds?$/i, '').toLowerCase()}` })),
  ]
  return (
    <div role="radiogroup" aria-label="Sunbed" className="flex flex-col gap-4">
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            className={`relative inline-flex min-h-11 cursor-pointer items-center rounded-full border px-4 text-sm font-semibold transition-colors ${focusRing} ${
              selected === option.value ? 'border-cocoa-900 bg-cocoa-900 text-cream' : 'border-cocoa-200 bg-white hover:border-cocoa-500'
            }`}
          >
            <input
              type="radio"
              name="bed"
              value={option.value}
              checked={selected === option.value}
              onChange={() => onSelect(option.value)}
              className={hiddenRadio}
            />
            {option.label}
          </label>
        ))}
      </div>
      <p className="text-sm text-cocoa-700" aria-live="polite">
        {chosenType
          ? `${chosenType.description} ${formatPerMinute(chosenType.perMinutePence)} a minute.`
          : selected === ANY_BED
            ? 'Any free sunbed gives you the most times to choose from. Or pick the one you like:'
            : 'Or pick any free sunbed, or any of one type, above.'}
      </p>
      <div className="grid gap-3 md:grid-cols-2">
        {beds.map((bed) => {
          const price = bedTypes.find((t) => t.code === bed.type)?.perMinutePence
          const checked = selected === bed.id
          return (
            <label
              key={bed.id}
              className={`relative flex cursor-pointer gap-3 rounded-2xl border bg-white p-3 transition-colors hover:border-cocoa-500 ${focusRing} ${
                checked ? 'border-cocoa-900 ring-2 ring-cocoa-900' : 'border-cocoa-200'
              }`}
            >
              <input
                type="radio"
                name="bed"
                value={bed.id}
                checked={checked}
                onChange={() => onSelect(bed.id)}
                className={hiddenRadio}
                aria-describedby={`bed-${bed.id}-about`}
              />
              <img src={bed.picture} alt="" width={96} height={72} loading="lazy" className="h-[72px] w-24 shrink-0 rounded-xl bg-cocoa-100 object-cover" />
              <span className="flex min-w-0 flex-col gap-0.5 pr-6">
                <span className="font-semibold">{bed.name}</span>
                <span className="text-xs font-semibold text-glow-700 uppercase">{bed.typeName}</span>
                <span id={`bed-${bed.id}-about`} className="text-sm text-cocoa-700">
                  <span className="line-clamp-2">{bed.description}</span>
                  <span className="mt-0.5 block text-cocoa-600">
                    {bed.minMinutes}–{bed.maxMinutes} min{price !== undefined && ` · ${formatPerMinute(price)} a minute`}
                  </span>
                </span>
              </span>
              {checked && (
                <span aria-hidden="true" className="absolute top-3 right-3 flex size-6 items-center justify-center rounded-full bg-cocoa-900 text-cream">
                  <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round">
                    <path d="M5 12.5l4.5 4.5L19 7.5" />
                  </svg>
                </span>
              )}
            </label>
          )
        })}
      </div>
    </div>
  )
})
