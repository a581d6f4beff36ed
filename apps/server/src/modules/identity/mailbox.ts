/** Domains whose mailboxes ignore dots in the local part, and name one mailbox under either name. */
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com'])

/**
 * The mailbox an address reaches, for telling whether two addresses are one person's: lower case, without a
 * trailing dot on the domain or a `+tag`, and for Gmail without the dots in the local part (and googlemail.com
 * is gmail.com). Only for comparing: the address kept and written to stays as the customer typed it.
 */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase()
  const at = address.lastIndexOf('@')
  if (at < 0) return address
  let local = address.slice(0, at)
  let domain = address.slice(at + 1).replace(/\.+$/, '')
  const plus = local.indexOf('+')
  if (plus > 0) local = local.slice(0, plus)
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replaceAll('.', '')
    domain = 'gmail.com'
  }
  return `${local}@${domain}`
}

export const sameMailbox = (a: string | null | undefined, b: string | null | undefined) => Boolean(a && b && mailboxOf(a) === mailboxOf(b))
