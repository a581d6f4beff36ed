import type { AppointmentRequest, Booking, TimeSlot } from '@salon/contracts/booking'
import type { Package } from '@salon/contracts/content'

/**
 * appointmentRequest (SPEC §3): the times query of p_sessions, plus the start time once one is chosen.
 * With `time` and `bedId` it is the whole p_book payload.
 */
export type BookingDraft = AppointmentRequest & { time?: string }

/** SPEC §3 booking state. `times` holds each local date's free slots for the current request. */
export interface BookingState {
  appointmentRequest: BookingDraft | null
  times: Record<string, TimeSlot[]>
  timesLoading: boolean
  wantToBook: boolean
  isLoading: boolean
  booking: Booking | null
  packages: Package[]
  selectedPackage: Package | null
}

/** SPEC §4 booking transitions. */
export type BookingAction =
  | { type: 'bookingStart'; request: BookingDraft }
  | { type: 'bookingSuccess'; booking: Booking }
  | { type: 'bookingFailure' }
  | { type: 'timesLoad' }
  | { type: 'timesSuccess'; date: string; times: TimeSlot[] }
  | { type: 'timesFailure' }
  | { type: 'timesNull' }
  | { type: 'timesPreloaded'; times: Record<string, TimeSlot[]> }
  | { type: 'packageSelect'; package: Package | null }

export const initialBookingState: BookingState = {
  appointmentRequest: null,
  times: {},
  timesLoading: false,
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
    case 'timesLoad':
      return { ...state, timesLoading: true }
    case 'timesSuccess':
      return { ...state, times: { ...state.times, [action.date]: action.times }, timesLoading: false }
    case 'timesFailure':
      return { ...state, timesLoading: false }
    case 'timesNull':
      return { ...state, times: {} }
    case 'timesPreloaded':
      return { ...state, times: action.times }
    case 'packageSelect':
      return { ...state, selectedPackage: action.package }
  }
}
