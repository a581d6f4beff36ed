import type { Booking } from '@salon/contracts/booking'
import type { Package } from '@salon/contracts/content'
import { describe, expect, it } from 'vitest'
import { bookingReducer, initialBookingState, type BookingDraft, type BookingState } from './booking-state.ts'

const request: BookingDraft = { date: '2026-11-23', minutes: 6, bedId: 'bed-1', time: '10:15' }
const booking: Booking = {
  id: '6a1e2f4c-8b3d-4c1a-9e2f-1d2c3b4a5f60',
  date: '2026-11-23',
  time: '10:15',
  startsAt: '2026-11-23T10:15:00+00:00',
  endsAt: '2026-11-23T10:21:00+00:00',
  minutes: 6,
  bed: { id: 'bed-1', name: 'Solara Classic 24', type: 'lay-down' },
  status: 'booked',
  paidWith: 'in_salon',
  pricePence: 390,
  cancellableUntil: '2026-11-23T08:15:00+00:00',
  holdUntil: null,
}

describe('booking state (docs/product.md §3, §4)', () => {
  it('starts empty', () => {
    expect(initialBookingState).toEqual({
      appointmentRequest: null,
      wantToBook: false,
      isLoading: false,
      booking: null,
      packages: [],
      selectedPackage: null,
    })
  })

  it('starting a booking stores the request and sets wantToBook and isLoading', () => {
    const next = bookingReducer(initialBookingState, { type: 'bookingStart', request })
    expect(next).toMatchObject({ appointmentRequest: request, wantToBook: true, isLoading: true })
  })

  it('a booking that succeeds is stored and loading ends', () => {
    const started = bookingReducer(initialBookingState, { type: 'bookingStart', request })
    const next = bookingReducer(started, { type: 'bookingSuccess', booking })
    expect(next).toMatchObject({ booking, isLoading: false, appointmentRequest: request })
  })

  it('a booking that fails ends loading and keeps the request', () => {
    const started = bookingReducer(initialBookingState, { type: 'bookingStart', request })
    const next = bookingReducer(started, { type: 'bookingFailure' })
    expect(next).toMatchObject({ isLoading: false, booking: null, appointmentRequest: request })
  })

  it('selecting a package stores it', () => {
    const pkg = { id: 'starter-30', name: 'Starter 30' } as Package
    expect(bookingReducer(initialBookingState, { type: 'packageSelect', package: pkg }).selectedPackage).toBe(pkg)
    expect(bookingReducer({ ...initialBookingState, selectedPackage: pkg }, { type: 'packageSelect', package: null }).selectedPackage).toBeNull()
  })

  it('never changes the state it is given', () => {
    const state = Object.freeze({ ...initialBookingState }) as BookingState
    expect(() => bookingReducer(state, { type: 'bookingStart', request })).not.toThrow()
    expect(state.appointmentRequest).toBeNull()
  })
})
