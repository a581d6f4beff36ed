/** docs/product.md §7: requests whose URL contains one of these carry the identity token of the current session. */
export const IDENTITY_PATH_PARTS = ['p_book', 'p_account', 'customer/package', '/session'] as const

/** Whether a call to this URL or path needs `Authorization: <identity token>`. */
export function needsIdentityToken(urlOrPath: string): boolean {
  return IDENTITY_PATH_PARTS.some((part) => urlOrPath.includes(part))
}
