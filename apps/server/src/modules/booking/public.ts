// What the booking module offers the rest of the server (docs/decisions/025-server-module-boundaries.md): other modules and the app
// import from here, never from the module's other files.
export { createBookingModule, type DeskBookingIn } from './booking.module.ts'
export type { BookingRepository } from './booking.repository.ts'
export { BOOKING_JOBS, bookingJobs, SKIN_REACTION_JOB, WAITLIST_JOBS, type BookingJobs } from './booking-jobs.ts'
export { sunbedSafetyExport } from './sunbed-safety.service.ts'
export { signUpAtDesk } from './desk-sign-up.service.ts'
export { correctCustomerDetails, type CorrectedDetails } from './customer-details.service.ts'
