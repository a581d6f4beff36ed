import type { Database, Db } from '@salon/db'
import type { SmsSender } from '../../adapters/sms/sms.ts'
import type { Logger } from '../../lib/logger.ts'
import type { LedgerRepository, SessionCredit } from '../commerce/public.ts'
import type { CustomersRepository, IdentityVerifier } from '../identity/public.ts'
import { createAvailabilityCache } from './availability-cache.ts'
import { createBookingRepository } from './booking.repository.ts'
import { createBookingRoutes } from './booking.routes.ts'
import { createBookingService } from './booking.service.ts'
import type { MembershipSessions } from '../memberships/public.ts'
import { createStaffDayRepository } from './staff-day.repository.ts'
import { createStaffDayRoutes } from './staff-day.routes.ts'
import { createStaffDay } from './staff-day.service.ts'
import { createScheduleManagement } from './schedule.service.ts'
import { createScheduleRoutes } from './schedule.routes.ts'
import { createSunbedSafetyRoutes, createSunbedSafetyStaffRoutes } from './sunbed-safety.routes.ts'
import { createSunbedSafety } from './sunbed-safety.service.ts'
import { createWaitlistRepository } from './waitlist.repository.ts'
import { createStaffWaitlistRoutes, createWaitlistRoutes } from './waitlist.routes.ts'
import { createWaitlistDesk } from './waitlist-desk.service.ts'
import { createWaitlist } from './waitlist.service.ts'
import { createWaitlistOffers } from './waitlist-offers.service.ts'

/**
 * The booking module as the app uses it: free times (kept in memory, dropped in every process by the database's
 * notifications: docs/decisions/015), booking, cancelling and a customer's bookings under the API.
 */
export function createBookingModule(deps: {
  database: Database
  ledger: LedgerRepository
  /** Paying a session with gift voucher credit (docs/product.md "Gift vouchers"). */
  credit: SessionCredit
  customers: CustomersRepository
  /** Paying a session with a membership (docs/product.md "Memberships"). */
  memberships: MembershipSessions
  verifier: IdentityVerifier
  /** Tells a customer of a session the salon cancelled or moved (docs/product.md §10.2). */
  sms: SmsSender
  logger: Logger
  /** The longest a free-times answer is kept (60 s by default; 0 keeps none); changes drop it sooner. */
  availabilityCacheMs?: number
  now?: () => number
}) {
  const now = deps.now ?? Date.now
  const bookings = createBookingRepository(deps.database.db, deps.ledger)
  const availability = createAvailabilityCache({ now, maxAgeMs: deps.availabilityCacheMs })
  void availability.follow(deps.database, (error) =>
    deps.logger.warn({ err: error }, 'Free times are not kept: the database notifications could not be followed.'),
  )
  const service = createBookingService({
    availability,
    bookings,
    ledger: deps.ledger,
    customers: deps.customers,
    memberships: deps.memberships,
    credit: deps.credit,
    now,
  })
  const waitlistRepo = createWaitlistRepository(deps.database.db)
  const waitlist = createWaitlist({ bookings, waitlist: waitlistRepo, customers: deps.customers, ledger: deps.ledger, lock: service.forStaff, now })
  const offers = createWaitlistOffers({ bookings, waitlist: waitlistRepo, lock: service.forStaff, now })
  const safety = createSunbedSafety({ db: deps.database.db, booking: service.forStaff, customers: deps.customers, now })
  /**
   * The desk's walk-in (docs/product.md §10.2) inside a transaction its caller holds, in a savepoint of its own: the
   * customer import (docs/product.md §10.5) books a row's session under the desk's every rule, and a refusal undoes
   * the row's other writes with it.
   */
  const deskBookingIn = (tx: Db) =>
    createStaffDay({
      booking: createBookingService({
        availability,
        bookings: createBookingRepository(tx, deps.ledger),
        ledger: deps.ledger,
        customers: deps.customers,
        memberships: deps.memberships,
        credit: deps.credit,
        now,
      }).forStaff,
      repo: createStaffDayRepository(tx),
      sms: deps.sms,
      logger: deps.logger,
      now,
    }).walkIn
  return {
    deskBookingIn,
    bookings,
    availability,
    /** The customer's health questions and skin reactions, for their data export (docs/product.md §4.14). */
    safety,
    /** The waitlist's jobs (docs/decisions/044): freed times offered, and the sweep of lapsed holds and entries. */
    jobs: offers,
    routes: createBookingRoutes(service, deps.verifier)
      .route('/', createSunbedSafetyRoutes(safety, deps.verifier))
      .route('/', createWaitlistRoutes(waitlist, deps.verifier)),
    /**
     * Under /api/staff/: the salon's schedule (closures, sunbeds, times out of service, booking rules), and the day
     * sheet and walk-ins (docs/product.md §10.2), whose changes are texted to the customer.
     */
    staffRoutes: createScheduleRoutes(createScheduleManagement({ db: deps.database.db, availability, now }))
      .route(
        '/',
        createStaffDayRoutes(
          createStaffDay({ booking: service.forStaff, repo: createStaffDayRepository(deps.database.db), sms: deps.sms, logger: deps.logger, now }),
        ),
      )
      .route('/', createSunbedSafetyStaffRoutes(safety))
      .route('/', createStaffWaitlistRoutes(createWaitlistDesk({ waitlist, repo: waitlistRepo, lock: service.forStaff, now }))),
  }
}
/** A walk-in booked in the caller's transaction: see createBookingModule's deskBookingIn. */
export type DeskBookingIn = ReturnType<typeof createBookingModule>['deskBookingIn']
