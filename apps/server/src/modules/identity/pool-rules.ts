import { createHash } from 'node:crypto'
import { todayInUk } from '@salon/contracts/dates'
import { dateOfBirthProblem, UNDER_18_MESSAGE } from '@salon/contracts/rules/date-of-birth'
import { isEmailAddress } from '@salon/contracts/rules/email'
import { isNameWithinLimit, NAME_MAX_LENGTH } from '@salon/contracts/rules/name'
import { isSkinType, SKIN_TYPE_ATTRIBUTE } from '@salon/contracts/rules/skin-type'
import { cognitoErrors as E } from './cognito-error.ts'
import type { Attribute } from './cognito.schemas.ts'
import type { CodePurpose, UserRow } from './identity.repository.ts'

/** The user pool's limits and lifetimes (docs/product.md §12), and its rules on a profile, as plain logic. */
export const HOUR = 3600_000
export const CODE_LIFETIME_MS: Record<CodePurpose, number> = { signup: 24 * HOUR, reset: HOUR }
/**
 * Per account and hour. Asking for a code and using one have separate budgets, so somebody else's requests
 * for codes to a number cannot stop its owner from using the code that reached them.
 */
export const LIMITS = {
  /** Sign-up codes sent to one number: resends, and sign-ups that replace an unconfirmed one. */
  resend: { name: 'idp-resend', limit: 5, windowSeconds: 3600 },
  confirm: { name: 'idp-confirm', limit: 15, windowSeconds: 3600 },
  resetRequest: { name: 'idp-reset-request', limit: 20, windowSeconds: 3600 },
  resetConfirm: { name: 'idp-reset-confirm', limit: 15, windowSeconds: 3600 },
}
/** A sign-up left unconfirmed this long is removed, and its number is free again. */
export const UNCONFIRMED_LIFETIME_MS = 24 * 3600_000
/** Sign-up client metadata the salon keeps: only these values, for a record that reports can rely on. */
export const SIGN_UP_STATUSES = ['active']
export const SIGN_UP_SOURCES = ['online', 'shop']
/** A rotated refresh token still works this long, so two tabs refreshing at once do not sign the customer out. */
export const REFRESH_REUSE_GRACE_MS = 30_000
export const FREE_FAILURES = 5
export const MAX_LOCK_SECONDS = 15 * 60

/** Cognito's sign-in lockout: after 5 failures, 2^(n-5) seconds, never more than 15 minutes. */
export function lockoutSeconds(failures: number): number {
  if (failures < FREE_FAILURES) return 0
  return Math.min(2 ** (failures - FREE_FAILURES), MAX_LOCK_SECONDS)
}

/** Attributes a customer may set on themselves; the phone number is the username and stays as it is. */
export const PROFILE_ATTRIBUTES = ['given_name', 'family_name', 'birthdate', SKIN_TYPE_ATTRIBUTE] as const

/** How the limits name a phone number: a hash, so the counters hold no number. */
export const limitKeyOf = (phone: string) => createHash('sha256').update(`limits:${phone}`).digest('base64url')
export const hashCode = (sub: string, code: string) => createHash('sha256').update(`${sub}:${code}`).digest('hex')

/** status and user_signup go into the salon's record as they are: only the values the salon knows. */
export function knownValue(meta: Record<string, string>, name: string, allowed: string[]): string | undefined {
  const value = meta[name]?.trim()
  if (value === undefined || value === '') return undefined
  if (!allowed.includes(value)) throw E.invalidParameter(`ClientMetadata ${name} must be one of: ${allowed.join(', ')}.`)
  return value
}

/** The attributes of a request by name. */
export function attributeMap(list: Attribute[] = []): Record<string, string> {
  // No prototype: an attribute named __proto__ is an attribute like any other, and is refused as one.
  const map: Record<string, string> = Object.create(null)
  for (const item of list) map[item.Name] = item.Value.trim()
  return map
}

/** The profile's rules, shared with the web app (packages/contracts/src/rules): each refusal in Cognito's words. */
export function checkProfile(attrs: Record<string, string>, now: number) {
  if (attrs.birthdate !== undefined) {
    const problem = dateOfBirthProblem(attrs.birthdate, todayInUk(now))
    // The under-18 refusal is said to the customer as it is; the others name the field they are about.
    if (problem) throw E.invalidParameter(problem === UNDER_18_MESSAGE ? problem : `birthdate: ${problem}`)
  }
  const skin = attrs[SKIN_TYPE_ATTRIBUTE]
  if (skin !== undefined && !isSkinType(skin)) throw E.invalidParameter(`${SKIN_TYPE_ATTRIBUTE} must be a skin type from 1 to 6.`)
  if (attrs.email !== undefined && !isEmailAddress(attrs.email)) throw E.invalidParameter('Invalid email address format.')
  for (const name of ['given_name', 'family_name'] as const) {
    if (attrs[name] !== undefined && !isNameWithinLimit(attrs[name])) throw E.invalidParameter(`${name} must be at most ${NAME_MAX_LENGTH} characters long.`)
  }
}

/** The salon's record of a pool user: the profile the customers table keeps. */
export function profileOf(user: Pick<UserRow, 'email' | 'phone' | 'attributes'>) {
  const skin = user.attributes[SKIN_TYPE_ATTRIBUTE]
  return {
    firstName: user.attributes.given_name ?? null,
    lastName: user.attributes.family_name ?? null,
    email: user.email,
    phone: user.phone,
    dob: user.attributes.birthdate ?? null,
    skinType: skin ? Number(skin) : null,
  }
}
