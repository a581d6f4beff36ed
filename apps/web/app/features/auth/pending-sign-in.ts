/**
 * A customer who tried to sign in before confirming their phone is sent to the confirm page; their password
 * stays in this tab's memory (never in storage or the URL) so confirming signs them straight in.
 */
let pending: { phone: string; password: string } | null = null

export function rememberSignIn(phone: string, password: string) {
  pending = { phone, password }
}

/** The remembered password for this phone, once. */
export function takeRememberedPassword(phone: string): string | null {
  if (!pending || pending.phone !== phone) return null
  const { password } = pending
  pending = null
  return password
}
