import type { SignUpDetails } from './auth-context.tsx'

/**
 * The confirm page's address: the phone and the other sign-up fields except the passwords (docs/product.md §2), and the
 * friend's referral code when there is one, since the code is sent again with the confirmation.
 */
export function confirmPageUrl(details: SignUpDetails) {
  const query = new URLSearchParams({
    phone: details.phone,
    email: details.email,
    firstName: details.firstName,
    lastName: details.lastName,
    skinType: details.skinType,
    dob: details.dob,
    marketing: String(details.marketing),
  })
  if (details.referralCode) query.set('ref', details.referralCode)
  return `/sign-up/confirm/?${query}`
}
