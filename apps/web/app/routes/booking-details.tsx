import { data } from 'react-router'
import { lookUpBooking } from '../features/booking/booking-lookup.ts'
import type { Route } from './+types/booking-details'

// Not a page: the booking pages load one booking from here with a fetcher, in the browser.

export function loader(): never {
  throw data(null, { status: 404 })
}

export const clientLoader = ({ request }: Route.ClientLoaderArgs) => lookUpBooking(new URL(request.url))

export default function BookingDetails() {
  return null
}
