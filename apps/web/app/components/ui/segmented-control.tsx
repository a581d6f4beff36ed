import { useRef, type KeyboardEvent, type ReactNode } from 'react'

export interface Segment<T extends string> {
  value: T
  label: ReactNode
}

/**
 * A choice of a few views or filters shown side by side in a pill ("New" / "Handled", "Write" / "Preview"): a tab list
 * in the WAI-ARIA pattern, so a screen reader says which is chosen; the arrow keys, Home and End move the choice, and
 * Tab leaves the group from the one chosen.
 */
export function SegmentedControl<T extends string>({
  label,
  segments,
  value,
  onChange,
  wide,
  className = '',
}: {
  /** What the choice is about, for screen readers ("Which leads"). */
  label: string
  segments: readonly Segment<T>[]
  value: T
  onChange: (value: T) => void
  /** The segments share the whole width (on a phone, say) instead of fitting their words. */
  wide?: boolean
  className?: string
}) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([])
  const choose = (index: number) => {
    const next = segments[(index + segments.length) % segments.length]!
    onChange(next.value)
    buttons.current[(index + segments.length) % segments.length]?.focus()
  }
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const move = { ArrowRight: index + 1, ArrowDown: index + 1, ArrowLeft: index - 1, ArrowUp: index - 1, Home: 0, End: segments.length - 1 }[event.key]
    if (move === undefined) return
    event.preventDefault()
    choose(move)
  }
  return (
    <div role="tablist" aria-label={label} className={`flex gap-1 rounded-full bg-cocoa-100/70 p-1 ${wide ? 'w-full' : 'w-fit'} ${className}`}>
      {segments.map((segment, index) => {
        const chosen = segment.value === value
        return (
          <button
            key={segment.value}
            ref={(button) => {
              buttons.current[index] = button
            }}
            type="button"
            role="tab"
            aria-selected={chosen}
            tabIndex={chosen ? 0 : -1}
            onClick={() => onChange(segment.value)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={`min-h-10 rounded-full px-4 text-sm font-semibold transition-colors focus-visible:ring-2 focus-visible:ring-brand-teal focus-visible:outline-none ${
              wide ? 'flex-1' : ''
            } ${chosen ? 'bg-white text-cocoa-950 shadow-sm' : 'text-cocoa-700 hover:text-cocoa-950'}`}
          >
            {segment.label}
          </button>
        )
      })}
    </div>
  )
}
