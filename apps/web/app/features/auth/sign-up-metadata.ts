import { referralCodeFrom } from '@salon/contracts/rules/referral-code'
import type { PublicConfig } from '@salon/contracts/web'
import type { SignUpDetails } from './auth-context.tsx'

// What a sign-up sends besides the attributes: the sign-up page, the confirm page and the identity calls share it,
// and only they load it.

/**
 * A friend's referral code from the sign-up link (/sign-up/?ref=CODE) goes with the sign-up as its source (client
 * metadata user_signup), in place of 'online'. Anything that cannot be a code is ignored, so a mangled link still
 * signs the customer up: the identity service reads codes with the same rule.
 */
export { referralCodeFrom }

/** The sign-up source of docs/product.md §3's client metadata: the friend's code, or 'online'. */
export const signUpSource = (referralCode: string | null | undefined) => referralCodeFrom(referralCode) ?? 'online'

/**
 * docs/product.md §3 sign-up client metadata, sent with the sign-up and again with the confirmation, as strings (Cognito's
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
