/** docs/product.md §7: requests whose URL contains one of these carry the identity token of the current session. */
export const IDENTITY_PATH_PARTS = ['p_book', 'p_account', 'customer/package', '/session'] as const

/** Whether a call to this URL or path needs `Authorization: <identity token>`. */
export function needsIdentityToken(urlOrPath: string): boolean {
  return IDENTITY_PATH_PARTS.some((part) => urlOrPath.includes(part))
}

/**
 * Calls that need a signed-in customer although their path is outside the rule above: the web app sends the token
 * with them by name (identityIfSignedIn). The server declares every signed-in call at its route (signedInRoute).
 */
export const SIGNED_IN_OUTSIDE_THE_PATH_RULE: readonly string[] = ['/stripe_payment_intent']
