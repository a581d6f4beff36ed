import { describe, expect, it } from 'vitest'
import {
  bookingCancelled,
  bookingConfirmed,
  bookingReminder,
  minutesExpiring,
  paymentReceipt,
  paymentRefused,
  refundDone,
  skinReactionReported,
} from './wording.ts'

const salon = { name: 'Bronze & Glow', phone: '0161 496 0000' }
const session = { date: '2026-12-03', time: '14:30', endTime: '14:36', bed: 'Sunbed 2', minutes: 6 }
const link = 'https://bronze-glow.example/upcoming-booking/'

describe('the messages customers get, with UK dates and prices', () => {
  it('confirms a booking, however it is paid', () => {
    expect(bookingConfirmed(salon, { ...session, payment: { with: 'balance', minutes: 6 } }, link, 'Ann').sms).toBe(
      "Bronze & Glow: you're booked for Thu 3 Dec at 14:30 (Sunbed 2, 6 minutes, 6 minutes from your balance). Your bookings: https://bronze-glow.example/upcoming-booking/",
    )
    expect(bookingConfirmed(salon, { ...session, minutes: 1, payment: { with: 'card', pence: 450 } }, link, null).sms).toContain(
      '(Sunbed 2, 1 minute, £4.50, paid by card)',
    )
    const inSalon = bookingConfirmed(salon, { ...session, payment: { with: 'in_salon', pence: 1205 } }, link, 'Ann')
    expect(inSalon.sms).toContain('£12.05, to pay in the salon')
    expect(inSalon.email.subject).toBe('Your sunbed session on Thu 3 Dec at 14:30')
    expect(inSalon.email.text).toBe(
      [
        'Hello Ann,',
        '',
        "You're booked for Thu 3 Dec at 14:30 to 14:36.",
        'Sunbed: Sunbed 2',
        'Session: 6 minutes',
        'Payment: £12.05, to pay in the salon',
        '',
        'Your upcoming bookings: https://bronze-glow.example/upcoming-booking/',
        '',
        'Bronze & Glow',
        '0161 496 0000',
      ].join('\n'),
    )
  })

  it('reminds of a session with the way to cancel', () => {
    const reminder = bookingReminder(salon, { ...session, date: '2027-09-06', payment: { with: 'balance', minutes: 6 } }, link, null)
    expect(reminder.sms).toBe(
      "Bronze & Glow: a reminder of your sunbed session on Mon 6 Sep at 14:30 (Sunbed 2, 6 minutes). Can't make it? Cancel or see your bookings: https://bronze-glow.example/upcoming-booking/",
    )
    expect(reminder.email.text.startsWith('Hello,\n')).toBe(true)
  })

  it('says where the minutes or the money went when a session is cancelled, and who cancelled it', () => {
    expect(bookingCancelled(salon, session, 'customer', { to: 'balance', minutes: 6 }, null).sms).toBe(
      'Bronze & Glow: Your sunbed session on Thu 3 Dec at 14:30 is cancelled. The 6 minutes are back on your balance.',
    )
    expect(bookingCancelled(salon, session, 'salon', { to: 'card', pence: 360 }, null).sms).toBe(
      'Bronze & Glow: Your sunbed session on Thu 3 Dec at 14:30 has been cancelled by the salon. Your card payment of £3.60 is being refunded: we will text you when it is done. Call us on 0161 496 0000 to rebook.',
    )
    expect(bookingCancelled(salon, session, 'customer', { to: 'nothing' }, null).sms).toContain('Nothing was paid for it.')
  })

  it('tells of a refund made and of minutes about to run out', () => {
    expect(refundDone(salon, 1000, session, null).sms).toBe(
      'Bronze & Glow: Your refund of £10.00 for the session on Thu 3 Dec at 14:30 has been made to your card. It can take 5 to 10 working days to show on your statement.',
    )
    expect(minutesExpiring(salon, { label: '60 minute package', remaining: 14, lastDate: '2027-01-31' }, link, null).sms).toBe(
      'Bronze & Glow: 14 minutes of your 60 minute package can be used until Sun 31 Jan. Book a session: https://bronze-glow.example/upcoming-booking/',
    )
  })
})

describe("the salon's own notice of a skin reaction", () => {
  const reaction = {
    customerName: 'Ann Smith',
    mobile: '07700 900123',
    session: { date: '2026-12-03', time: '14:30' },
    kinds: ['redness', 'soreness'],
    note: 'Red on the shoulders',
    pausedUntil: '2026-12-11',
    needsClearance: false,
  }
  const record = 'https://bronze-glow.example/staff/customers/0b8e/'

  it('names the customer, how to reach them, the session, what they reported, the pause and their record', () => {
    const notice = skinReactionReported(salon, reaction, record)
    expect(notice.subject).toBe('Skin reaction reported: Ann Smith')
    expect(notice.text).toBe(
      [
        'Ann Smith has reported a skin reaction after their session on Thu 3 Dec at 14:30.',
        '',
        'Mobile: 07700 900123',
        'Reaction: redness, soreness',
        'Note: Red on the shoulders',
        '',
        'Booking is paused until Fri 11 Dec.',
        '',
        'Their record: https://bronze-glow.example/staff/customers/0b8e/',
        '',
        'Bronze & Glow',
      ].join('\n'),
    )
  })

  it('says when itching after a first session needs clearing, and when there is no note or mobile', () => {
    const notice = skinReactionReported(salon, { ...reaction, kinds: ['itching'], note: '', mobile: null, needsClearance: true }, record)
    expect(notice.text).toContain('Mobile: not given\nReaction: itching\nNote: none\n')
    expect(notice.text).toContain('This was itching after their first session: a member of staff must clear it before their next booking.')
  })

  it('gives a card payment its receipt, and tells of a payment refused for its promo code', () => {
    const id = '0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0'
    const line = (description: string, totalPence: number, quantity = 1, vatRateBps = 2000) => ({
      description,
      quantity,
      unitPricePence: totalPence / quantity,
      totalPence,
      vatRateBps,
    })
    const bought = {
      paymentId: id,
      salon: { name: 'Bronze & Glow', address: ['1 High Street', 'Salford', 'M3 5AB'], phone: '0161 496 0000', vatNumber: null },
      at: '2026-12-03T14:30:00+00:00',
      date: 'Thursday 3 December 2026',
      time: '14:30',
      lines: [line('Glow 60 (60 minutes)', 3300)],
      discountPence: 330,
      promoCode: 'TENOFF',
      totalPence: 2970,
      paidBy: 'Card ending 4242',
      test: true,
      vat: null,
      status: 'paid' as const,
      customerName: 'Ann Example',
      servedBy: null,
    }
    const receipt = paymentReceipt(salon, bought, 'Ann')
    expect(receipt.sms).toBe('Bronze & Glow: thank you. Glow 60 (60 minutes), paid £29.70. Ref 0f1e2d3c.')
    expect(receipt.email).toEqual({
      subject: 'Your receipt from Bronze & Glow',
      text: [
        'Hello Ann,',
        '',
        'Thank you for your purchase at Bronze & Glow.',
        '',
        'Glow 60 (60 minutes): £33.00',
        'Discount: -£3.30',
        'Paid by the card ending 4242: £29.70',
        `Payment reference: ${id}`,
        '',
        'This was a test payment: no real payment was taken.',
      ].join('\n'),
    })
    const session = { ...bought, lines: [line('6-minute session on Sunbed 2, Thu 3 Dec at 14:30', 360)], discountPence: 0, totalPence: 360 }
    expect(paymentReceipt(salon, { ...session, paidBy: 'Card', test: false }, null).email.text).toBe(
      [
        'Hello,',
        '',
        'Thank you for your purchase at Bronze & Glow.',
        '',
        '6-minute session on Sunbed 2, Thu 3 Dec at 14:30: £3.60',
        'Paid: £3.60',
        `Payment reference: ${id}`,
      ].join('\n'),
    )
    // A counter sale of a VAT-registered salon: each product with its quantity, how it was paid, the VAT at each rate.
    const counter = {
      ...bought,
      lines: [line('Glow 60 (60 minutes)', 3300), line('Tan lotion', 1500, 2), line('Lip balm', 210, 1, 500)],
      discountPence: 0,
      totalPence: 5010,
      paidBy: 'Cash',
      test: false,
      vat: {
        number: 'GB123456789',
        lines: [
          { rateBps: 2000, grossPence: 4800, vatPence: 800, netPence: 4000 },
          { rateBps: 500, grossPence: 210, vatPence: 10, netPence: 200 },
        ],
        totalVatPence: 810,
      },
    }
    expect(paymentReceipt(salon, counter, 'Ann').email.text).toBe(
      [
        'Hello Ann,',
        '',
        'Thank you for your purchase at Bronze & Glow.',
        '',
        'Glow 60 (60 minutes): £33.00',
        'Tan lotion ×2: £15.00',
        'Lip balm: £2.10',
        'Paid in cash: £50.10',
        '',
        'VAT at 20%: £8.00 of £48.00',
        'VAT at 5%: £0.10 of £2.10',
        'VAT number: GB123456789',
        `Payment reference: ${id}`,
      ].join('\n'),
    )
    const refused = paymentRefused(salon, { id, amountPence: 1620 }, 'The promo code ONCE was used.', null)
    expect(refused.sms).toBe(
      'Bronze & Glow: your payment of £16.20 was refunded and nothing was bought, as its promo code could no longer be used. Ref 0f1e2d3c.',
    )
    expect(refused.email).toEqual({
      subject: 'Your payment was refunded: Bronze & Glow',
      text: ['Hello,', '', 'The promo code ONCE was used.', '', `Payment reference: ${id}`].join('\n'),
    })
  })
})
