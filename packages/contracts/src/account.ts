import { z } from 'zod'
import { isCalendarDate } from './dates.ts'

/** Fitzpatrick skin types I to VI, sent as the digits 1 to 6. */
export const SKIN_TYPES = [1, 2, 3, 4, 5, 6] as const
export const SkinType = z.coerce.number().int().min(1).max(6)

/** The youngest a customer may be to sign up or book: Sunbeds (Regulation) Act 2010. */
export const MINIMUM_AGE = 18
export const UNDER_18_MESSAGE = 'You must be 18 or over to sign up: UK law does not allow anyone under 18 to use a sunbed.'

/** The one copy of the custom attribute names both sides use on the user pool. */
export const SKIN_TYPE_ATTRIBUTE = 'custom:skin_type'

/** SPEC §3 accountData, and the profile the account page shows. */
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

/** PUT p_account: only the marketing consents change; their timestamps are set by the server (SPEC §4). */
export const AccountUpdateRequest = z
  .strictObject(
    {
      appMarketing: z.boolean().optional(),
      masterMarketing: z.boolean().optional(),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? unknownFieldsMessage(issue.keys) : undefined) },
  )
  .refine((v) => v.appMarketing !== undefined || v.masterMarketing !== undefined, {
    message: 'Send appMarketing or masterMarketing (true or false)',
  })
export type AccountUpdateRequest = z.infer<typeof AccountUpdateRequest>

export const AccountUpdateResponse = AccountResponse.extend({ message: z.literal('Account was updated!') })
export type AccountUpdateResponse = z.infer<typeof AccountUpdateResponse>

/** The age in whole years on a given day, for dates of birth written YYYY-MM-DD. */
export function ageOn(dob: string, today: string): number {
  const [y, m, d] = dob.split('-').map(Number) as [number, number, number]
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number]
  return ty - y - (tm < m || (tm === m && td < d) ? 1 : 0)
}

/** The oldest date of birth taken: anything earlier is a typing slip, not a customer. */
export const EARLIEST_DOB = '1900-01-01'

/** What is wrong with a date of birth given on `today` (both YYYY-MM-DD), or null when it is fine. */
export function dateOfBirthProblem(dob: string, today: string): string | null {
  if (!isCalendarDate(dob)) return 'Please give your date of birth as a real date, written YYYY-MM-DD.'
  if (dob < EARLIEST_DOB || dob > today) return 'Please check your date of birth: it must be in the past and no earlier than 1900.'
  if (ageOn(dob, today) < MINIMUM_AGE) return UNDER_18_MESSAGE
  return null
}
