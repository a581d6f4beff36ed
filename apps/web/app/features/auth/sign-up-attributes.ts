import { SKIN_TYPE_ATTRIBUTE } from '@salon/contracts/rules/skin-type'
import type { PublicConfig } from '@salon/contracts/web'
import type { SignUpDetails } from './auth-context.tsx'
import { signUpSource } from './referral-code.ts'

/** The user-pool attributes of a sign-up (SPEC §5: phone_number and email required; the profile alongside). */
export function signUpAttributes(details: SignUpDetails): Record<string, string> {
  return {
    phone_number: details.phone,
    email: details.email,
    given_name: details.firstName,
    family_name: details.lastName,
    birthdate: details.dob,
    [SKIN_TYPE_ATTRIBUTE]: details.skinType,
  }
}

/**
 * SPEC §3 sign-up client metadata, sent with the sign-up and again with the confirmation, as strings (Cognito's
 * rule). user_signup is the sign-up's source: a friend's referral code when the customer came with one, else 'online'.
 */
export function clientMetadata(details: Partial<SignUpDetails>, config: Pick<PublicConfig, 'shopId' | 'apiKey'>): Record<string, string> {
  const metadata: Record<string, string> = { status: 'active', user_signup: signUpSource(details.referralCode), shop_id: config.shopId, api_key: config.apiKey }
  if (details.email) metadata.email = details.email
  if (details.phone) metadata.phone = details.phone
  if (details.firstName) metadata.firstName = details.firstName
  if (details.lastName) metadata.lastName = details.lastName
  if (details.skinType) metadata.skinType = details.skinType
  if (details.dob) metadata.dob = details.dob
  if (details.marketing !== undefined) metadata.marketing = String(details.marketing)
  return metadata
}
