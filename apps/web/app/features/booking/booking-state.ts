import type { AppointmentRequest, Booking } from '@salon/contracts/booking'
import type { Package } from '@salon/contracts/content'

/**
 * appointmentRequest (docs/product.md §3): the times query of p_sessions, plus the start time once one is chosen.
 * With `time` and `bedId` it is the whole p_book payload.
 */
export type BookingDraft = AppointmentRequest & { time?: string }

/**
 * docs/product.md §3 booking state. Its `times` and `timesLoading` are not kept here: the planner reads the chosen day's free
 * times from the page's preload or a React Router fetcher, which also says while they load (decision 011).
 */
export interface BookingState {
  appointmentRequest: BookingDraft | null
  wantToBook: boolean
  isLoading: boolean
  booking: Booking | null
  packages: Package[]
  selectedPackage: Package | null
}

/** docs/product.md §4 booking transitions. */
export type BookingAction =
  | { type: 'bookingStart'; request: BookingDraft }
  | { type: 'bookingSuccess'; booking: Booking }
  | { type: 'bookingFailure' }
  | { type: 'packageSelect'; package: Package | null }

export const initialBookingState: BookingState = {
  appointmentRequest: null,
  wantToBook: false,
  isLoading: false,
  booking: null,
  packages: [],
  selectedPackage: null,
}

export function bookingReducer(state: BookingState, action: BookingAction): BookingState {
  switch (action.type) {
    case 'bookingStart':
      return { ...state, appointmentRequest: action.request, wantToBook: true, isLoading: true }
    case 'bookingSuccess':
      return { ...state, booking: action.booking, isLoading: false }
    case 'bookingFailure':
      return { ...state, isLoading: false }
    case 'packageSelect':
      return { ...state, selectedPackage: action.package }
  }
}
