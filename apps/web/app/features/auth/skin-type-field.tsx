import { useId } from 'react'

/** Fitzpatrick skin types in plain words (the digits 1–6 are what the user pool stores). */
export const SKIN_TYPE_CHOICES = [
  { value: '1', name: 'Type I', summary: 'always burns, never tans', detail: 'Very fair skin, often with freckles and red or fair hair.' },
  { value: '2', name: 'Type II', summary: 'usually burns, tans with difficulty', detail: 'Fair skin, usually light eyes.' },
  { value: '3', name: 'Type III', summary: 'sometimes burns, slowly tans to light brown', detail: 'Fair to beige skin.' },
  { value: '4', name: 'Type IV', summary: 'rarely burns, tans easily to moderate brown', detail: 'Olive or light brown skin.' },
  { value: '5', name: 'Type V', summary: 'very rarely burns, tans very easily', detail: 'Brown skin.' },
  { value: '6', name: 'Type VI', summary: 'never burns', detail: 'Dark brown or black skin.' },
] as const

export const skinTypeLabel = (value: string | number | null | undefined) => {
  const choice = SKIN_TYPE_CHOICES.find((c) => c.value === String(value))
  return choice ? `${choice.name} – ${choice.summary}` : 'Not given'
}

interface SkinTypeFieldProps {
  name?: string
  value: string
  onChange: (value: string) => void
  error?: string
}

/** A radio group of the six skin types; type I is told plainly that sunbeds are not for them. */
export function SkinTypeField({ name = 'skinType', value, onChange, error }: SkinTypeFieldProps) {
  const id = useId()
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  return (
    <fieldset aria-describedby={[hintId, error ? errorId : ''].filter(Boolean).join(' ')} className="flex flex-col gap-2">
      <legend className="text-sm font-semibold text-cocoa-800">Skin type</legend>
      <p id={hintId} className="-mt-1 text-sm text-cocoa-600">
        How does your skin react to the sun without protection? We use it to suggest safe session lengths.
      </p>
      <div className="grid gap-2 sm:grid-cols-2">
        {SKIN_TYPE_CHOICES.map((choice) => (
          <label
            key={choice.value}
            className="flex cursor-pointer items-start gap-3 rounded-xl border border-cocoa-200 bg-white px-3.5 py-3 has-checked:border-brand-teal has-checked:bg-brand-teal/5 has-focus-visible:outline-2 has-focus-visible:outline-brand-teal"
          >
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
              aria-invalid={error ? true : undefined}
              className="mt-1 size-4 shrink-0 accent-brand-teal focus-visible:outline-none"
            />
            <span className="flex flex-col">
              <span className="font-semibold text-cocoa-900">
                {choice.name} – {choice.summary}
              </span>
              <span className="text-sm text-cocoa-600">{choice.detail}</span>
            </span>
          </label>
        ))}
      </div>
      {value === '1' && (
        <p className="rounded-xl bg-glow-300/30 px-4 py-3 text-sm text-cocoa-900">
          Sunbeds are not safe for skin type I: UV from a sunbed will burn your skin and raises the risk of skin cancer. You can still create an account, but
          you will not be able to book a sunbed session.
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-coral-700">
          {error}
        </p>
      )}
    </fieldset>
  )
}
