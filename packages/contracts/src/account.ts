import { z } from 'zod'

/** Fitzpatrick skin types I to VI, sent as the digits 1 to 6. */
export const SkinType = z.coerce.number().int().min(1).max(6)

/** docs/product.md §3 accountData, and the profile the account page shows. */
export const Account = z.object({
  sub: z.string(),
  phone: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** YYYY-MM-DD */
  dob: z.string().nullable(),
  skinType: z.number().int().min(1).max(6).nullable(),
  appMarketing: z.boolean(),
  appTimestamp: z.string().nullable(),
  masterMarketing: z.boolean(),
  masterTimestamp: z.string().nullable(),
  /** Texts about the customer's own bookings (confirmations, reminders, cancellations, refunds): on unless turned off or STOP was texted. */
  bookingTexts: z.boolean(),
  createdAt: z.string(),
})
export type Account = z.infer<typeof Account>

export const AccountResponse = z.object({ account: Account })
export type AccountResponse = z.infer<typeof AccountResponse>

const MAX_KEY_SHOWN = 40
const MAX_KEYS_SHOWN = 5

/**
 * Zod's message for fields a strict body does not have, with each name cut short and at most a few named:
 * a made-up field name can be kilobytes long, and the message is for a person to read.
 */
export function unknownFieldsMessage(keys: readonly string[]): string {
  const shown = keys.slice(0, MAX_KEYS_SHOWN).map((key) => {
    const chars = Array.from(key)
    return JSON.stringify(chars.length > MAX_KEY_SHOWN ? `${chars.slice(0, MAX_KEY_SHOWN).join('')}…` : key)
  })
  const more = keys.length > MAX_KEYS_SHOWN ? ` and ${keys.length - MAX_KEYS_SHOWN} more` : ''
  return `Unrecognized key${keys.length === 1 ? '' : 's'}: ${shown.join(', ')}${more}`
}

/** An object that refuses fields it does not have, naming them as unknownFieldsMessage does. */
export const strictBody = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject(shape, { error: (issue) => (issue.code === 'unrecognized_keys' ? unknownFieldsMessage(issue.keys) : undefined) })

/** PUT p_account: only the marketing consents and booking texts change; timestamps are set by the server (docs/product.md §4). */
export const AccountUpdateRequest = z
  .strictObject(
    {
      appMarketing: z.boolean().optional(),
      masterMarketing: z.boolean().optional(),
      bookingTexts: z.boolean().optional(),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? unknownFieldsMessage(issue.keys) : undefined) },
  )
  .refine((v) => v.appMarketing !== undefined || v.masterMarketing !== undefined || v.bookingTexts !== undefined, {
    message: 'Send appMarketing, masterMarketing or bookingTexts (true or false)',
  })
export type AccountUpdateRequest = z.infer<typeof AccountUpdateRequest>

export const AccountUpdateResponse = AccountResponse.extend({ message: z.literal('Account was updated!') })
export type AccountUpdateResponse = z.infer<typeof AccountUpdateResponse>
