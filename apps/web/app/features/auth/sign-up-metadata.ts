/**
 * A friend's referral code from the sign-up link (/sign-up/?ref=CODE), as the salon writes codes: letters,
 * digits and dashes, upper case. It goes with the sign-up as its source (client metadata user_signup), in place
 * of 'online'. Anything that cannot be a code is ignored, so a mangled link still signs the customer up.
 */
export function referralCodeFrom(value: string | null | undefined): string | null {
  const code = value?.trim().toUpperCase() ?? ''
  return /^[A-Z0-9-]{3,32}$/.test(code) ? code : null
}

/** The sign-up source of SPEC §3's client metadata: the friend's code, or 'online'. */
export const signUpSource = (referralCode: string | null | undefined) => referralCodeFrom(referralCode) ?? 'online'
