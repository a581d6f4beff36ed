import type { PurchaseResponse } from '@salon/contracts/commerce'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../lib/api.ts'
import { attemptOf, paidUrl, RECORD_ATTEMPTS, recordPurchase, retryDelayMs, STILL_PROCESSING } from './purchase.ts'

const purchase: PurchaseResponse = {
  lot: {
    id: 'lot-1',
    source: 'purchase',
    label: 'Glow 60',
    minutes: 60,
    remaining: 60,
    bedTypes: ['lay-down'],
    lastDay: '2027-02-21',
    expiresAt: '2027-02-22T00:00:00+00:00',
  },
  balance: 66,
  message: 'Thank you: 60 minutes have been added to your account.',
}

describe('recording a paid package', () => {
  it('shows what the salon recorded', async () => {
    const record = vi.fn(async () => purchase)
    expect(await recordPurchase('pay-1', 0, record)).toEqual({ status: 'recorded', purchase })
    expect(record).toHaveBeenCalledWith('pay-1')
  })

  it('asks again while the payment has not gone through, then says so plainly', async () => {
    const notYet = async () => Promise.reject(new ApiError(409, 'The payment has not gone through yet.'))
    expect(await recordPurchase('pay-1', 0, notYet)).toEqual({ status: 'processing', attempt: 0 })
    expect(await recordPurchase('pay-1', RECORD_ATTEMPTS - 2, notYet)).toEqual({ status: 'processing', attempt: RECORD_ATTEMPTS - 2 })
    expect(await recordPurchase('pay-1', RECORD_ATTEMPTS - 1, notYet)).toEqual({ status: 'error', message: STILL_PROCESSING, stillProcessing: true })
  })

  it('shows a payment refused for good (its promo code could no longer be used) in the salon’s words at once, without asking again', async () => {
    const message =
      'The promo code WELCOME10 can be used once per customer, and it was already used or held by another of your checkouts when this payment went through. The £16.20 has been refunded to your card in full (it can take a few days to show) and nothing was bought. Please buy Starter 30 again.'
    const record = vi.fn(async () => Promise.reject(new ApiError(409, message, { message, reason: 'already_used', status: 'refunded' })))
    expect(await recordPurchase('pay-1', 0, record)).toEqual({ status: 'refunded', message })
    expect(record).toHaveBeenCalledTimes(1)
  })

  it("shows any other refusal in the salon's words", async () => {
    const refused = async () => Promise.reject(new ApiError(404, 'We could not find that payment.'))
    expect(await recordPurchase('pay-1', 0, refused)).toEqual({ status: 'error', message: 'We could not find that payment.', stillProcessing: false })
  })

  it('waits longer before each new try, up to 8 seconds', () => {
    expect([0, 1, 2, 3, 4, 5].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 8000, 8000])
  })

  it('carries the try in the address', () => {
    expect(paidUrl('pay-1')).toBe('/payment/?paid=pay-1')
    expect(paidUrl('pay-1', 2)).toBe('/payment/?paid=pay-1&attempt=2')
    expect(attemptOf(new URLSearchParams('paid=pay-1&attempt=2'))).toBe(2)
    expect(attemptOf(new URLSearchParams('paid=pay-1&attempt=-1'))).toBe(0)
    expect(attemptOf(new URLSearchParams('paid=pay-1&attempt=x'))).toBe(0)
    expect(attemptOf(new URLSearchParams('paid=pay-1'))).toBe(0)
  })
})
