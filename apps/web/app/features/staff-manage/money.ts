/** Pence as the pounds a person types: 65 → "0.65", 1800 → "18.00". */
export const poundsText = (pence: number) => (pence / 100).toFixed(2)

/**
 * What a person typed as pounds, in whole pence: "18", "18.5", "£18.50" and "0.65" are read; anything else is
 * null, for the form to say so before it asks the salon.
 */
export function penceOf(text: string): number | null {
  const match = /^\s*£?\s*(\d{1,7})(?:\.(\d{1,2}))?\s*$/.exec(text)
  if (!match) return null
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'))
}

/** A whole number typed in a field, or null. */
export function wholeOf(text: string): number | null {
  return /^\s*\d{1,9}\s*$/.test(text) ? Number(text) : null
}

export const NOT_POUNDS = 'Please give an amount in pounds, for example 18.50.'
export const NOT_WHOLE = 'Please give a whole number.'
