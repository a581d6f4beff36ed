import type { VoucherOptions } from '@salon/contracts/vouchers'
import { describe, expect, it } from 'vitest'
import { emptyGiftVoucherForm, giftChoices, giftVoucherConfirmation, giftVoucherRequest, longDay, NO_RECIPIENT_CONTACT } from './gift-voucher.ts'

const TODAY = '2026-11-23'
const options: VoucherOptions = {
  amountsPence: [1000, 2500],
  packagesAsGifts: true,
  expiryMonths: 12,
  packages: [{ id: 'pkg-60', name: 'Glow 60', pricePence: 3300 }],
}
const filled = { ...emptyGiftVoucherForm(TODAY), choice: 'amount:2500', fromName: ' Sam ', recipientName: 'Alex', recipientEmail: 'alex@example.com' }

describe('the gift voucher form', () => {
  it('offers the amounts, then the packages only when the salon sells them as gifts', () => {
    expect(giftChoices(options).map((c) => c.label)).toEqual(['£10.00', '£25.00', 'Glow 60 (£33.00)'])
    expect(giftChoices({ ...options, packagesAsGifts: false }).map((c) => c.value)).toEqual(['amount:1000', 'amount:2500'])
  })

  it('makes the checkout request of an amount or a package, trimmed, leaving out what was not given', () => {
    expect(giftVoucherRequest(filled, TODAY)).toEqual({
      ok: true,
      request: { amountPence: 2500, fromName: 'Sam', recipientName: 'Alex', recipientEmail: 'alex@example.com', sendOn: TODAY },
    })
    const pkg = giftVoucherRequest({ ...filled, choice: 'package:pkg-60', recipientPhone: '07700 900123', message: 'Happy birthday!' }, TODAY)
    expect(pkg).toMatchObject({ ok: true, request: { packageId: 'pkg-60', recipientPhone: '07700 900123', message: 'Happy birthday!' } })
    expect(pkg.ok && 'amountPence' in pkg.request).toBe(false)
  })

  it('asks for a value, the names, a way to send it and a day from today to a year ahead', () => {
    expect(giftVoucherRequest(emptyGiftVoucherForm(TODAY), TODAY)).toEqual({
      ok: false,
      errors: {
        choice: 'Please choose an amount or a package.',
        fromName: 'Please enter your name.',
        recipientName: "Please enter the recipient's name.",
        recipientPhone: NO_RECIPIENT_CONTACT,
      },
    })
    expect(giftVoucherRequest({ ...filled, recipientPhone: '0161 496 0000', recipientEmail: 'alex@' }, TODAY)).toMatchObject({
      ok: false,
      errors: { recipientPhone: expect.stringMatching(/mobile/), recipientEmail: expect.stringMatching(/email/) },
    })
    expect(giftVoucherRequest({ ...filled, sendOn: '2026-11-22' }, TODAY)).toEqual({
      ok: false,
      errors: { sendOn: 'The day to send the voucher cannot be in the past.' },
    })
    expect(giftVoucherRequest({ ...filled, sendOn: '2027-11-23' }, TODAY).ok).toBe(true)
    expect(giftVoucherRequest({ ...filled, sendOn: '2027-11-24' }, TODAY)).toEqual({
      ok: false,
      errors: { sendOn: 'The day to send the voucher must be within a year from today.' },
    })
    expect(giftVoucherRequest({ ...filled, message: 'x'.repeat(301) }, TODAY).ok).toBe(false)
  })
})

describe("the buyer's confirmation", () => {
  const voucher = { id: 'v1', status: 'issued' as const, valuePence: 2500, recipientName: 'Alex', sendOn: '2026-11-23', lastDay: '2027-11-23', message: '' }

  it('says when the voucher will be sent, in the words of docs/product.md', () => {
    expect(giftVoucherConfirmation(voucher)).toBe('Thank you. Your £25.00 gift voucher for Alex will be sent on Monday 23 November 2026.')
    expect(giftVoucherConfirmation({ ...voucher, status: 'awaiting_payment', lastDay: null })).toBe('This gift voucher has not been paid for yet.')
    expect(longDay('2027-02-01')).toBe('Monday 1 February 2027')
  })
})
