// What the booking feature offers other features: the booking a visitor left waiting while they signed in.
export { APPOINTMENT_REQUEST } from './appointment-storage.ts'
export { finishPendingBooking, pendingAppointmentRequest } from './pending-booking.ts'
export { awaitingCardPayment, sessionPaymentPath } from './book-flow.ts'
