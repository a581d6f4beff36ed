import type { DaySheetBooking } from '@salon/contracts/staff-day'
import { describe, expect, it } from 'vitest'
import { canTakePayment, paymentText } from './booking-card.tsx'
import { cancelConsequence } from './move-cancel-dialog.tsx'
import { dayHoursText } from './day-sheet.tsx'
import { outOfServiceMessage } from './out-of-service.tsx'

const session = (payment: DaySheetBooking['payment']): DaySheetBooking => ({
  id: 'b1',
  bed: { id: 'bed-1', name: 'Solara Classic 24', type: 'lay-down' },
  date: '2026-11-26',
  time: '10:00',
  endTime: '10:06',
  startsAt: '2026-11-26T10:00:00+00:00',
  endsAt: '2026-11-26T10:06:00+00:00',
  minutes: 6,
  status: 'booked',
  customer: { sub: 'c1', name: 'Amy Jones', firstName: 'Amy', lastName: 'Jones', phone: '+447700900123', skinType: 3, onlineAccount: true },
  payment,
  bookedBy: null,
  overrideReason: null,
  cancelledAt: null,
})

describe('a session on the day sheet (docs/product.md §10.10)', () => {
  it('says how it is paid', () => {
    expect(paymentText({ method: 'balance', minutes: 6, paidAtDesk: null })).toBe('From balance (6 min)')
    expect(paymentText({ method: 'in_salon', pricePence: 390, paidAtDesk: null })).toBe('Pay in salon £3.90')
    const at = { at: '2026-11-26T10:07:00+00:00', by: 'Sam Staff' }
    expect(paymentText({ method: 'in_salon', pricePence: 390, paidAtDesk: { method: 'cash', ...at } })).toBe('Paid in salon £3.90 (cash)')
    expect(paymentText({ method: 'in_salon', pricePence: 390, paidAtDesk: { method: 'card_terminal', ...at } })).toBe('Paid in salon £3.90 (card terminal)')
    expect(paymentText({ method: 'balance', minutes: 6, paidAtDesk: { method: 'balance', ...at } })).toBe('From balance (6 min), taken at the desk')
    expect(paymentText({ method: 'card', pricePence: 450, state: 'paid' })).toBe('Card £4.50, paid')
    expect(paymentText({ method: 'card', pricePence: 450, state: 'pending' })).toBe('Card £4.50, payment pending')
  })

  it('says before it is cancelled where its minutes or money go', () => {
    expect(cancelConsequence(session({ method: 'balance', minutes: 6, paidAtDesk: null }))).toBe("The 6 minutes go back to Amy's balance.")
    expect(cancelConsequence(session({ method: 'card', pricePence: 390, state: 'paid' }))).toBe("The £3.90 paid by card goes back to Amy's card.")
    expect(cancelConsequence(session({ method: 'card', pricePence: 390, state: 'pending' }))).toBe('The card payment under way is stopped: nothing is taken.')
    expect(cancelConsequence(session({ method: 'in_salon', pricePence: 390, paidAtDesk: null }))).toBe('Nothing was paid, so nothing is given back.')
    expect(
      cancelConsequence(session({ method: 'in_salon', pricePence: 390, paidAtDesk: { method: 'cash', at: '2026-11-26T10:07:00+00:00', by: 'Sam Staff' } })),
    ).toBe('It was paid at the desk (cash): give the £3.90 back to Amy, and ask the owner to undo the payment.')
  })

  it('offers Take payment for a session to be paid in the salon, booked or attended, until it is paid', () => {
    const inSalon = { method: 'in_salon', pricePence: 390, paidAtDesk: null } as const
    expect(canTakePayment(session(inSalon))).toBe(true)
    expect(canTakePayment({ ...session(inSalon), status: 'attended' })).toBe(true)
    expect(canTakePayment({ ...session(inSalon), status: 'no_show' })).toBe(false)
    expect(canTakePayment({ ...session(inSalon), status: 'cancelled' })).toBe(false)
    expect(canTakePayment(session({ ...inSalon, paidAtDesk: { method: 'cash', at: '2026-11-26T10:07:00+00:00', by: 'Sam Staff' } }))).toBe(false)
    expect(canTakePayment(session({ method: 'balance', minutes: 6, paidAtDesk: null }))).toBe(false)
    expect(canTakePayment(session({ method: 'card', pricePence: 390, state: 'paid' }))).toBe(false)
  })
})

describe('a sunbed out of service, as the desk is told (docs/product.md §10.2)', () => {
  const hit = (time: string, customerName: string) => ({
    id: time,
    date: '2026-11-26',
    time,
    minutes: 6,
    status: 'booked',
    customerName,
    phone: null,
    bed: { id: 'booth', name: 'Booth' },
  })
  it('says the time, and the sessions in it to move', () => {
    expect(outOfServiceMessage('Booth', '2026-11-26T14:00', '2026-11-26T17:00', [])).toBe('Booth is out of service from 14:00 to 17:00.')
    expect(outOfServiceMessage('Booth', '2026-11-26T14:00', '2026-11-26T17:00', [hit('15:00', 'Amy Jones')])).toBe(
      'Booth is out of service from 14:00 to 17:00. 1 session needs moving: 15:00 Amy Jones.',
    )
    expect(outOfServiceMessage('Booth', '2026-11-26T14:00', '2026-11-27T10:00', [hit('15:00', 'Amy Jones'), hit('16:30', 'Bo Li')])).toBe(
      'Booth is out of service from 2026-11-26 14:00 to 2026-11-27 10:00. 2 sessions need moving: 15:00 Amy Jones, 16:30 Bo Li.',
    )
  })
})

describe("the day sheet's hours", () => {
  it('say special hours with their reason, a closure, a weekday closed, or the usual hours', () => {
    const hours = { opensAt: '09:00', closesAt: '21:00' }
    expect(dayHoursText({ hours, closure: null, special: { reason: 'Late night before Christmas' } })).toBe(
      'Special hours 09:00–21:00 (Late night before Christmas)',
    )
    expect(dayHoursText({ hours, closure: null, special: null })).toBe('Open 09:00–21:00')
    expect(dayHoursText({ hours: null, closure: { reason: 'Christmas Day' }, special: null })).toBe('Closed: Christmas Day')
    expect(dayHoursText({ hours: null, closure: null, special: null })).toBe('Closed on this weekday')
  })
})
