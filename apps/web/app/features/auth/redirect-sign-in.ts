/**
 * docs/product.md §4 and §9 for the hosted sign-in: a redirect sign-in is waited for up to 10 s, a second attempt while one is
 * pending is refused with Amplify's words, and a sign-out through the hosted page fails after 3 s.
 */
export const REDIRECT_WAIT_MS = 10_000
export const SIGN_OUT_TIMEOUT_MS = 3_000
export const PENDING_SIGN_IN = 'Pending sign-in attempt already in progress'
export const REDIRECT_TOO_SLOW = 'The sign-in did not finish in time. Please try again.'
export const SIGN_OUT_TOO_SLOW = 'Signing out through the sign-in page took too long.'

let pendingSince: number | null = null

/** Takes the one redirect sign-in a page may have pending; false while another started under 10 s ago is pending. */
export function claimRedirectSignIn(now: number = Date.now()): boolean {
  if (pendingSince !== null && now - pendingSince < REDIRECT_WAIT_MS) return false
  pendingSince = now
  return true
}

/** The attempt failed before leaving the page: another may start. */
export function releaseRedirectSignIn() {
  pendingSince = null
}

/** `work`, or a refusal with `message` once `ms` have passed without it settling. */
export function withTimeout<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms)
  })
  return Promise.race([work, late]).finally(() => clearTimeout(timer))
}
