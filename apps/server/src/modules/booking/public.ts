// What the booking module offers the rest of the server (docs/decisions/025-server-module-boundaries.md): other
// modules and the app import from here, never from the module's other files.
export { createAvailabilityCache } from './availability-cache.ts'
export { createBookingRepository, type BookingRepository } from './booking.repository.ts'
export { createBookingRoutes } from './booking.routes.ts'
export { createBookingService } from './booking.service.ts'
