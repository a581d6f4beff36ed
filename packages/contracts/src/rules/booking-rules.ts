import type { BookingRulesBody } from '../staff-manage.ts'

/**
 * The booking rules a salon starts from (docs/product.md §10.10): what the owner's form offers before the salon takes
 * bookings online, and the booking_rules table's column defaults (packages/db/src/schema.ts; a test keeps the two in step).
 * A first session of at most 6 minutes and 24 hours between sessions follow the HSE's guidance to start short and let skin recover.
 */
export const DEFAULT_BOOKING_RULES: Required<BookingRulesBody> = {
  slotStepMinutes: 15,
  leadTimeMinutes: 60,
  horizonDays: 28,
  cancellationCutoffMinutes: 120,
  firstSessionMaxMinutes: 6,
  minHoursBetweenSessions: 24,
  payInSalon: true,
  payUpFront: false,
  reminderHoursBefore: 24,
}
