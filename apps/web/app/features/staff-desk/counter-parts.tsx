import type { CounterMethod } from '@salon/contracts/staff-counter'

/** A key for one sale: the same key for a retry of the same sale, so it is never taken twice (docs/product.md §10.3). */
export const newKey = () =>
  typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}x0000000000`

export const METHODS: { value: CounterMethod; label: string }[] = [
  { value: 'cash', label: 'Cash' },
  { value: 'card_terminal', label: 'Card terminal' },
]

/** How the customer paid at the counter: cash or the card terminal. */
export function MethodChoice({ value, onChange }: { value: CounterMethod; onChange: (method: CounterMethod) => void }) {
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-semibold text-cocoa-800">Paid by</legend>
      <div className="grid grid-cols-2 gap-2">
        {METHODS.map((method) => (
          <label
            key={method.value}
            className={`flex min-h-12 cursor-pointer items-center justify-center rounded-xl border text-sm font-semibold ${value === method.value ? 'border-brand-teal bg-brand-teal/10 text-brand-teal-dark' : 'border-cocoa-200 bg-white'}`}
          >
            <input
              type="radio"
              name="method"
              value={method.value}
              checked={value === method.value}
              onChange={() => onChange(method.value)}
              className="sr-only"
            />
            {method.label}
          </label>
        ))}
      </div>
    </fieldset>
  )
}
