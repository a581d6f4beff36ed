/** A friend's referral code as the salon makes them: 6 to 12 letters and digits (eight today), in upper case. */
export const REFERRAL_CODE = /^[A-Z0-9]{6,12}$/

/**
 * The referral code in what a link or a person gave (a sign-up link's `?ref=`, or client metadata `user_signup`),
 * written as the salon writes codes: upper case, without the spaces or dashes people add to read it. Null when it
 * cannot be a code. The web app and the identity service both read codes with this, so a code the sign-up page
 * takes is one the identity service takes.
 */
export function referralCodeFrom(value: string | null | undefined): string | null {
  const code = value?.replace(/[\s-]/g, '').toUpperCase() ?? ''
  return REFERRAL_CODE.test(code) ? code : null
}
