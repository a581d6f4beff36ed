import { z } from 'zod'
import { PHOTO_ID_DOCUMENTS } from './rules/photo-id.ts'

/**
 * The photo-ID check recorded at the desk (docs/product.md §10.2, §10.3, §10.5): sent with a walk-in booking or a
 * counter sale for a customer whose date of birth no check has confirmed yet. The kind of document only: the object
 * takes no other field, so a document's number can never be sent or kept.
 */
export const PhotoIdCheckInput = z.strictObject(
  {
    document: z.enum(PHOTO_ID_DOCUMENTS, { message: 'must be passport, driving_licence, pass_card or other' }),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? 'must give only the kind of document seen, never its number' : undefined) },
)
export type PhotoIdCheckInput = z.infer<typeof PhotoIdCheckInput>

/** A check as recorded: the kind of document, when (ISO 8601 with the shop's offset) and the member of staff who made it. */
export const PhotoIdCheck = z.object({
  /** Null once the customer was erased: the fact of the check stays, the kind of document goes. */
  document: z.enum(PHOTO_ID_DOCUMENTS).nullable(),
  at: z.string(),
  by: z.object({ sub: z.string(), name: z.string() }),
})
export type PhotoIdCheck = z.infer<typeof PhotoIdCheck>

/** GET /api/staff/customers/{sub}/photo-id: whether the desk must check photo ID before booking or selling, and the check made. */
export const PhotoIdStatus = z.object({
  sub: z.string(),
  /** True until a check is recorded: the desk then asks for the kind of document. */
  needed: z.boolean(),
  check: PhotoIdCheck.nullable(),
})
export type PhotoIdStatus = z.infer<typeof PhotoIdStatus>
