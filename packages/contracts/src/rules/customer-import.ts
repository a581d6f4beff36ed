/**
 * The file a salon brings its customers in with from its previous system (docs/product.md §10.5, "Importing
 * customers"): which of our fields a column may fill, in the words the owner sees, and the limits of a file. Plain
 * code, so the import page can name the fields without loading Zod; the server reads and judges the file.
 */

/** Our fields, in the order the mapping step shows them. */
export const IMPORT_FIELDS = [
  'firstName',
  'lastName',
  'fullName',
  'mobile',
  'email',
  'dateOfBirth',
  'skinType',
  'marketing',
  'marketingDate',
  'marketingEmail',
  'marketingEmailDate',
  'marketingSms',
  'marketingSmsDate',
  'note',
  'minutes',
  'minutesBedType',
  'minutesExpiry',
  'bookingDate',
  'bookingTime',
  'bookingBed',
  'bookingBedType',
  'bookingMinutes',
] as const
export type ImportField = (typeof IMPORT_FIELDS)[number]

/** Which of the file's columns fills each field; null (or left out) fills none. */
export type ImportMapping = Partial<Record<ImportField, string | null>>

export interface ImportFieldInfo {
  label: string
  /** What the column may hold, as the mapping step and the docs say it. */
  hint: string
  /** The group the mapping step shows it in. */
  group: 'customer' | 'consent' | 'minutes' | 'booking'
}

export const IMPORT_FIELD_INFO: Record<ImportField, ImportFieldInfo> = {
  firstName: { label: 'First name', hint: 'Required, with the last name (or a full name).', group: 'customer' },
  lastName: { label: 'Last name', hint: 'Required, with the first name (or a full name).', group: 'customer' },
  fullName: { label: 'Full name', hint: 'When the file has one name column: the last word is the last name.', group: 'customer' },
  mobile: { label: 'Mobile number', hint: 'Required: 07700 900123, +44 7700 900123 or 447700900123.', group: 'customer' },
  email: { label: 'Email address', hint: 'Optional.', group: 'customer' },
  dateOfBirth: { label: 'Date of birth', hint: '31/12/1990 or 1990-12-31. Customers must be 18 or over.', group: 'customer' },
  skinType: { label: 'Skin type', hint: 'Fitzpatrick 1 to 6 (or I to VI).', group: 'customer' },
  marketing: { label: 'Offers by text and email', hint: 'yes / no, true / false or 1 / 0.', group: 'consent' },
  marketingDate: { label: 'Offers by text and email: when agreed', hint: 'A date.', group: 'consent' },
  marketingEmail: { label: 'Offers by email', hint: 'yes / no. Counts only with a yes to texts too.', group: 'consent' },
  marketingEmailDate: { label: 'Offers by email: when agreed', hint: 'A date.', group: 'consent' },
  marketingSms: { label: 'Offers by text', hint: 'yes / no. Counts only with a yes to emails too.', group: 'consent' },
  marketingSmsDate: { label: 'Offers by text: when agreed', hint: 'A date.', group: 'consent' },
  note: { label: 'Note', hint: 'Up to 1,000 characters, kept on the customer’s record.', group: 'customer' },
  minutes: { label: 'Minutes left', hint: 'A whole number of minutes on the customer’s balance.', group: 'minutes' },
  minutesBedType: { label: 'Minutes are for', hint: 'A bed type (or several, or “all”); every bed type when left out.', group: 'minutes' },
  minutesExpiry: { label: 'Minutes expire on', hint: 'The last day they can be used; a year from the import when left out.', group: 'minutes' },
  bookingDate: { label: 'Next session: date', hint: 'An upcoming session, booked as the desk books one.', group: 'booking' },
  bookingTime: { label: 'Next session: time', hint: '14:30 or 2:30pm.', group: 'booking' },
  bookingBed: { label: 'Next session: sunbed', hint: 'The sunbed’s name.', group: 'booking' },
  bookingBedType: { label: 'Next session: bed type', hint: 'When no sunbed is named: the first one of that type free then.', group: 'booking' },
  bookingMinutes: { label: 'Next session: minutes', hint: 'The session’s length.', group: 'booking' },
}

/** The largest file the API takes: a file of 20,000 customers is about 2 MB. */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024
/** The most customers one file may hold; a larger list is imported in parts. */
export const MAX_IMPORT_ROWS = 50_000
/** The refusal of a file over MAX_IMPORT_BYTES (413). */
export const IMPORT_TOO_LARGE =
  'The file is too large: the salon takes files of up to 10 MB (20,000 customers make about 2 MB). Please split it into smaller files and import each.'

/**
 * A file's bytes as text, however the previous system saved it: UTF-8 (with or without its byte order mark), UTF-16
 * with its byte order mark (a spreadsheet's "Unicode text"), else Windows-1252, which older Windows programs write (a
 * "£" or an "é" in a name would otherwise come out as "�").
 */
export function csvText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes)
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes)
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return new TextDecoder('windows-1252').decode(bytes)
  }
}
