import type { PurchaseResponse } from '@salon/contracts/commerce'
import { ApiError } from '../../lib/api.ts'

/**
 * Recording a paid package (PUT customer/package). The salon credits a payment once, and only after the card
 * provider says it succeeded; until it has heard, it answers 409, and the page asks again a few times, further
 * apart each time. The attempt travels in the page's address, so each try is a fresh run of its loader.
 */
export type PurchaseView =
  | { status: 'recorded'; purchase: PurchaseResponse }
  | { status: 'processing'; attempt: number }
  | { status: 'error'; message: string; stillProcessing: boolean }
  /** The money came in but bought nothing (its promo code could no longer be used) and went back: the salon says why. */
  | { status: 'refunded'; message: string }

export const RECORD_ATTEMPTS = 6

export const STILL_PROCESSING =
  'Your payment is still being processed. Your minutes will be added as soon as it goes through: check your balance in a few minutes, or call the salon.'

/** 1 s, 2 s, 4 s, 8 s, then 8 s. */
export const retryDelayMs = (attempt: number) => Math.min(8_000, 1_000 * 2 ** Math.max(0, attempt))

/** The address of the page that records payment `paymentId`, on try `attempt` (0 first). */
export function paidUrl(paymentId: string, attempt = 0): string {
  const params = new URLSearchParams({ paid: paymentId })
  if (attempt > 0) params.set('attempt', String(attempt))
  return `/payment/?${params}`
}

export const attemptOf = (params: URLSearchParams) => {
  const attempt = Number(params.get('attempt') ?? 0)
  return Number.isInteger(attempt) && attempt >= 0 ? attempt : 0
}

export async function recordPurchase(paymentId: string, attempt: number, record: (paymentId: string) => Promise<PurchaseResponse>): Promise<PurchaseView> {
  try {
    return { status: 'recorded', purchase: await record(paymentId) }
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) {
      // A refusal for good names its reason; asking again would change nothing, so the salon's words are shown at once.
      if (typeof (error.body as { reason?: unknown } | null)?.reason === 'string') return { status: 'refunded', message: error.message }
      return attempt + 1 < RECORD_ATTEMPTS ? { status: 'processing', attempt } : { status: 'error', message: STILL_PROCESSING, stillProcessing: true }
    }
    return { status: 'error', message: error instanceof Error ? error.message : 'We could not add the minutes to your account.', stillProcessing: false }
  }
}
