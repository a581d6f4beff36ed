import { browserStorage, storedJson, type StorageLike } from '../../lib/stored-json.ts'

/**
 * The Idempotency-Key of POST stripe_payment_intent: one per checkout. Asking again for the same checkout (a
 * retry after a lost answer, a reload) sends the same key, so the salon answers with the same payment instead
 * of starting a second; a different package, code or session is a new checkout with a new key. Kept in the
 * tab's session storage so a reload is the same checkout; forgotten once the payment has gone through.
 */
export const CHECKOUT_KEY = 'CHECKOUT_KEY'

interface Checkout {
  subject: string
  key: string
}
const checkoutStore = storedJson<Checkout>(CHECKOUT_KEY, (value) => {
  const v = value as { subject?: unknown; key?: unknown } | null
  return v && typeof v.subject === 'string' && typeof v.key === 'string' ? { subject: v.subject, key: v.key } : null
})

/** What a checkout is for: the same text for the same package, code and use of credit, or the same session. */
export function checkoutSubject(request: { packageId?: string; promoCode?: string; bookingId?: string; useCredit?: boolean }): string {
  if (request.bookingId) return `session:${request.bookingId}`
  return `package:${request.packageId ?? ''}:${request.promoCode?.toUpperCase() ?? ''}${request.useCredit ? ':credit' : ''}`
}

/** A random key the contract accepts (16 to 100 letters, digits and dashes): a UUID where the page may make one. */
export function newKey(): string {
  // randomUUID exists only on secure pages (HTTPS, localhost); getRandomValues everywhere.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('')
}

export interface CheckoutKeys {
  /** The key for this checkout: the one already in use when the subject is the same, else a new one. */
  keyFor: (subject: string) => string
  /** The payment went through: the next checkout, even of the same package, is a new one. */
  forget: () => void
}

export function checkoutKeys(storage: StorageLike | null = browserStorage('session'), random: () => string = newKey): CheckoutKeys {
  // Without storage the key lasts as long as the page.
  let current: Checkout | null = null
  return {
    keyFor(subject) {
      current ??= checkoutStore.read(storage)
      if (current?.subject === subject) return current.key
      current = { subject, key: random() }
      checkoutStore.write(current, storage)
      return current.key
    },
    forget() {
      current = null
      checkoutStore.clear(storage)
    },
  }
}
