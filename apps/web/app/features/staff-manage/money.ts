// Pounds typed in a form, shared with the desk's cash-up: lib/format.ts.
export { NOT_POUNDS, penceOf, poundsText } from '../../lib/format.ts'

/** A whole number typed in a field, or null. */
export function wholeOf(text: string): number | null {
  return /^\s*\d{1,9}\s*$/.test(text) ? Number(text) : null
}

export const NOT_WHOLE = 'Please give a whole number.'
