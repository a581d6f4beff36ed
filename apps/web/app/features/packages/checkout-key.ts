/**
 * The Idempotency-Key of POST stripe_payment_intent: one per checkout. Asking again for the same checkout (a
 * retry after a lost answer, a reload) sends the same key, so the salon answers with the same payment instead
 * of starting a second; a different package, code or session is a new checkout with a new key. Kept in the
 * tab's session storage so a reload is the same checkout; forgotten once the payment has gone through.
 */
export const CHECKOUT_KEY = 'CHECKOUT_KEY'

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

const browserStorage = (): StorageLike | null => {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage
  } catch {
    return null
  }
}

/** What a checkout is for: the same text for the same package and code, or the same session. */
export function checkoutSubject(request: { packageId?: string; promoCode?: string; bookingId?: string }): string {
  if (request.bookingId) return `session:${request.bookingId}`
  return `package:${request.packageId ?? ''}:${request.promoCode?.toUpperCase() ?? ''}`
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

export function checkoutKeys(storage: StorageLike | null = browserStorage(), random: () => string = newKey): CheckoutKeys {
  let current: { subject: string; key: string } | null = null
  const read = () => {
    try {
      const value = JSON.parse(storage?.getItem(CHECKOUT_KEY) ?? 'null') as { subject?: unknown; key?: unknown } | null
      return value && typeof value.subject === 'string' && typeof value.key === 'string' ? { subject: value.subject, key: value.key } : null
    } catch {
      return null
    }
  }
  return {
    keyFor(subject) {
      current ??= read()
      if (current?.subject === subject) return current.key
      current = { subject, key: random() }
      try {
        storage?.setItem(CHECKOUT_KEY, JSON.stringify(current))
      } catch {
        // Without storage the key lasts as long as the page.
      }
      return current.key
    },
    forget() {
      current = null
      try {
        storage?.removeItem(CHECKOUT_KEY)
      } catch {
        // Nothing to forget.
      }
    },
  }
}
