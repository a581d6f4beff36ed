/** The longest address mail can carry (RFC 5321's path limit less its angle brackets). */
export const EMAIL_MAX_LENGTH = 254

/** Something, an @, a domain with a dot, and a top-level domain of two letters or more; no spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/

/** Whether an email address (already trimmed) is one the salon takes. */
export function isEmailAddress(email: string): boolean {
  return email.length <= EMAIL_MAX_LENGTH && EMAIL.test(email)
}
