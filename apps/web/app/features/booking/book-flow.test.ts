import { DUPLICATE_BOOKING_MESSAGE, type Booking } from '@salon/contracts/booking'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../lib/api.ts'
import { afterSignIn } from '../auth/public.ts'
import { forgetSavedBooking } from '../../lib/saved-booking.ts'
import { APPOINTMENT_KEPT_MS, APPOINTMENT_REQUEST, saveAppointment, type StoredAppointment } from './appointment-storage.ts'
import { awaitingCardPayment, bookAppointment } from './book-flow.ts'
import type { BookingAction } from './booking-state.ts'
import { finishPendingBooking, PENDING_BOOKING_PATH } from './pending-booking.ts'

const request: StoredAppointment = { date: '2026-11-23', time: '10:15', minutes: 6, bedId: 'bed-1' }
const booking = { id: 'b-1', date: '2026-11-23', time: '10:15' } as Booking
let items: Map<string, string>

beforeEach(() => {
  items = new Map()
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, v),
      removeItem: (k: string) => void items.delete(k),
    },
  })
})
afterEach(() => vi.unstubAllGlobals())

function run(signedIn: boolean, book: () => Promise<{ booking: Booking }>) {
  const actions: BookingAction[] = []
  const stored: (string | undefined)[] = []
  const calls = {
    book: vi.fn(() => {
      stored.push(items.get(APPOINTMENT_REQUEST))
      return book()
    }),
  }
  return { actions, stored, calls, outcome: bookAppointment({ request, signedIn, calls, dispatch: (a) => actions.push(a) }) }
}

describe('booking (docs/product.md §4)', () => {
  it('stores the request before the book call, then shows the confirmation and clears it', async () => {
    const { actions, stored, calls, outcome } = run(true, async () => ({ booking }))
    expect(await outcome).toEqual({ kind: 'booked', booking, next: '/confirmation/success/?id=b-1' })
    expect(calls.book).toHaveBeenCalledWith({ date: '2026-11-23', time: '10:15', minutes: 6, bedId: 'bed-1' })
    expect(stored.map((text) => JSON.parse(text!) as unknown)).toEqual([{ ...request, at: expect.any(Number) }])
    expect(items.has(APPOINTMENT_REQUEST)).toBe(false)
    expect(actions).toEqual([
      { type: 'bookingStart', request },
      { type: 'bookingSuccess', booking },
    ])
  })

  it('a session to pay by card goes on to the payment page, where the bed is held', async () => {
    const pending: Booking = { ...booking, status: 'pending', paidWith: 'card', holdUntil: '2026-11-23T09:40:00+00:00' }
    const { outcome } = run(true, async () => ({ booking: pending }))
    expect(await outcome).toEqual({ kind: 'booked', booking: pending, next: '/payment/?booking=b-1' })
    expect(awaitingCardPayment({ status: 'booked', paidWith: 'card' })).toBe(false)
    expect(awaitingCardPayment({ status: 'pending', paidWith: 'card' })).toBe(true)
    expect(items.has(APPOINTMENT_REQUEST)).toBe(false)
  })

  it('signed out: the request waits in storage and the customer goes to sign in', async () => {
    const { calls, outcome, actions } = run(false, async () => ({ booking }))
    expect(await outcome).toEqual({ kind: 'sign-in' })
    expect(calls.book).not.toHaveBeenCalled()
    expect(JSON.parse(items.get(APPOINTMENT_REQUEST)!)).toEqual({ ...request, at: expect.any(Number) })
    expect(actions.map((a) => a.type)).toEqual(['bookingStart', 'bookingFailure'])
  })

  it('a second booking that day: the duplicate alert, and nothing left waiting', async () => {
    const { outcome } = run(true, () => Promise.reject(new ApiError(409, DUPLICATE_BOOKING_MESSAGE)))
    expect(await outcome).toMatchObject({ kind: 'duplicate' })
    expect(items.has(APPOINTMENT_REQUEST)).toBe(false)
  })

  it('an expired session: to sign in, with the request still waiting', async () => {
    const { outcome } = run(true, () => Promise.reject(new ApiError(401, 'expired')))
    expect(await outcome).toEqual({ kind: 'sign-in' })
    expect(items.has(APPOINTMENT_REQUEST)).toBe(true)
  })
})

describe('after signing in with a booking waiting', () => {
  it('goes to the page that makes it; an unreadable request is dropped and the customer goes home', async () => {
    expect(await finishPendingBooking(request)).toBe(PENDING_BOOKING_PATH)
    items.set(APPOINTMENT_REQUEST, '{"date":"x"}')
    expect(await finishPendingBooking({ date: 'x' })).toBe('/')
    expect(items.has(APPOINTMENT_REQUEST)).toBe(false)
  })
})

describe('afterSignIn with a booking waiting (docs/product.md §4)', () => {
  it('goes to the booking page to confirm it, and books nothing itself', async () => {
    saveAppointment(request)
    const navigate = vi.fn()
    await afterSignIn({ navigate })
    expect(PENDING_BOOKING_PATH).toBe('/book/')
    expect(navigate).toHaveBeenCalledWith(PENDING_BOOKING_PATH, { replace: true })
    // The customer confirms it there, or chooses another time.
    expect(items.has(APPOINTMENT_REQUEST)).toBe(true)
  })

  it('goes home when the booking waiting was chosen more than two hours ago, and drops it', async () => {
    saveAppointment(request, undefined, Date.now() - APPOINTMENT_KEPT_MS - 1000)
    const navigate = vi.fn()
    await afterSignIn({ navigate })
    expect(navigate).toHaveBeenCalledWith('/', { replace: true })
    expect(items.has(APPOINTMENT_REQUEST)).toBe(false)
  })

  it('goes home once the session before it was signed out', async () => {
    saveAppointment(request)
    forgetSavedBooking()
    const navigate = vi.fn()
    await afterSignIn({ navigate })
    expect(navigate).toHaveBeenCalledWith('/', { replace: true })
  })

  it('goes home when nothing waits', async () => {
    const navigate = vi.fn()
    await afterSignIn({ navigate })
    expect(navigate).toHaveBeenCalledWith('/', { replace: true })
  })
})
