import { z } from 'zod'
import { strictBody } from './account.ts'
import { IMPORT_FIELDS, MAX_IMPORT_BYTES, type ImportField } from './rules/customer-import.ts'

/**
 * Importing a salon's customers from its previous system (docs/product.md §10.5, "Importing customers"): the owner's
 * calls POST /api/staff/customers/import/preview (a dry run: nothing is written) and POST /api/staff/customers/import.
 */

const header = z
  .string({ message: 'must be the name of one of the file’s columns, or null' })
  .max(200, { message: 'must be at most 200 characters' })
  .nullable()

/** Our field → the file's column header (null: the field is not filled). Fields left out take the suggested column. */
export const ImportMappingSchema = strictBody(
  Object.fromEntries(IMPORT_FIELDS.map((field) => [field, header.optional()])) as Record<ImportField, z.ZodOptional<typeof header>>,
)

export const ImportRequest = strictBody({
  /** The file's text: CSV (RFC 4180), with a header row; a byte order mark and CRLF line ends are fine. */
  csv: z
    .string({ message: 'is required: the text of the CSV file' })
    .min(1, { message: 'is empty: please choose a CSV file with a header row and a row per customer' })
    .max(MAX_IMPORT_BYTES, { message: 'is too long: at most 10 MB' }),
  mapping: ImportMappingSchema.optional(),
})
export type ImportRequest = z.infer<typeof ImportRequest>

/** Every field, with the column that fills it or null. */
const FullMapping = z.object(
  Object.fromEntries(IMPORT_FIELDS.map((field) => [field, z.string().nullable()])) as Record<ImportField, z.ZodNullable<z.ZodString>>,
)

export const ImportCounts = z.object({
  /** The file's rows of customers (the header row and empty rows not counted). */
  rows: z.number().int(),
  /** New customers of the salon, signed up at the desk by the import. */
  customers: z.number().int(),
  /** Rows for someone already a customer of the salon, with the same name: their minutes and session are added to them. */
  matched: z.number().int(),
  /** Rows for customers an earlier import brought in: nothing is done again. */
  alreadyImported: z.number().int(),
  rejected: z.number().int(),
  /** Minutes put on balances, and the lots that hold them. */
  minutes: z.number().int(),
  lots: z.number().int(),
  /** Upcoming sessions booked. */
  bookings: z.number().int(),
})
export type ImportCounts = z.infer<typeof ImportCounts>

export const ImportRejectedRow = z.object({
  /** The row as a spreadsheet numbers it: the header is row 1. */
  row: z.number().int(),
  name: z.string().nullable(),
  mobile: z.string().nullable(),
  /** Why, each in words that say what to change. */
  reasons: z.array(z.string()),
})
export type ImportRejectedRow = z.infer<typeof ImportRejectedRow>

/** A row as it will be (or was) imported, read from the file with its values normalised. */
export const ImportSampleRow = z.object({
  row: z.number().int(),
  /** new: a new customer; matched: added to the salon's customer with this number and name. */
  outcome: z.enum(['new', 'matched']),
  firstName: z.string(),
  lastName: z.string(),
  /** E.164 */
  mobile: z.string(),
  email: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  skinType: z.number().int().nullable(),
  marketing: z.boolean(),
  minutes: z.number().int(),
  minutesBedTypes: z.array(z.string()),
  /** The last day the minutes can be used on; null without minutes. */
  minutesLastDay: z.string().nullable(),
  booking: z.object({ date: z.string(), time: z.string(), bed: z.string(), minutes: z.number().int() }).nullable(),
})
export type ImportSampleRow = z.infer<typeof ImportSampleRow>

export const ImportReport = z.object({
  /** true for the preview: nothing was written. */
  dryRun: z.boolean(),
  /** The import's id (its line in the audit log); null for a preview, or when nothing was written. */
  importId: z.string().nullable(),
  /** The salon's local date the rules were judged on (18 or over, expiry). */
  date: z.string(),
  /** The file's column headers, in order. */
  headers: z.array(z.string()),
  /** The columns the import recognised by their headers. */
  suggested: FullMapping,
  /** The columns used: the suggestion with the caller's choices over it. */
  mapping: FullMapping,
  counts: ImportCounts,
  /** Every row refused, in file order. */
  rejected: z.array(ImportRejectedRow),
  /** The first few rows to be imported (or imported), as the salon will hold them. */
  sample: z.array(ImportSampleRow),
  /** The outcome in a sentence. */
  message: z.string(),
})
export type ImportReport = z.infer<typeof ImportReport>
