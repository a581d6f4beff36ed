/**
 * The photo ID a member of staff checks at the desk before booking or selling for a customer whose date of birth
 * has not been confirmed (docs/product.md §10.2, §10.3; the Sunbeds (Regulation) Act 2010). Only the kind of document
 * is recorded, with who checked it and when: never its number or a copy of it.
 */

export const PHOTO_ID_DOCUMENTS = ['passport', 'driving_licence', 'pass_card', 'other'] as const
export type PhotoIdDocument = (typeof PHOTO_ID_DOCUMENTS)[number]

/** As the desk's select and the customer's record name them. */
export const PHOTO_ID_LABELS: Record<PhotoIdDocument, string> = {
  passport: 'Passport',
  driving_licence: 'Driving licence',
  pass_card: 'PASS card',
  other: 'Other photo ID',
}

/** The refusal of a desk booking or sale that needs the check and was sent without it (400, `field: idCheck`). */
export const PHOTO_ID_NEEDED =
  "Please check the customer's photo ID first: UK law requires us to check that they are 18 or over. Choose the document you saw (passport, driving licence, PASS card or other photo ID)."
