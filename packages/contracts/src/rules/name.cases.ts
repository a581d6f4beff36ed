import { NAME_MAX_LENGTH } from './name.ts'

/**
 * First and last names, and whether their length is taken. The sign-up form also asks for a name, which the
 * identity service leaves optional (docs/product.md §5: it requires the email, the phone and the date of birth), so every case here has one.
 */
export const NAME_CASES: readonly { name: string; accepted: boolean; why: string }[] = [
  { name: 'Amy', accepted: true, why: 'a short name' },
  { name: 'Siobhán', accepted: true, why: 'an accented letter' },
  { name: "O'Neill-Smythe", accepted: true, why: 'an apostrophe and a hyphen' },
  { name: 'a'.repeat(NAME_MAX_LENGTH), accepted: true, why: `${NAME_MAX_LENGTH} characters, the most taken` },
  { name: `  ${'a'.repeat(NAME_MAX_LENGTH)}  `, accepted: true, why: 'spaces around it are trimmed before counting' },
  { name: 'a'.repeat(NAME_MAX_LENGTH + 1), accepted: false, why: `${NAME_MAX_LENGTH + 1} characters` },
]
