import type { Booking } from '@salon/contracts/booking'

/** How a session's status reads to the customer (docs/product.md §4.9); the salon marks a session it missed as no_show. */
export const STATUS_LABELS: Record<Booking['status'], string> = {
  pending: 'Waiting for payment',
  booked: 'Booked',
  attended: 'Attended',
  no_show: 'Missed',
  cancelled: 'Cancelled',
}
