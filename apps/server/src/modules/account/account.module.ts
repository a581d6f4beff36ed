import type { Db } from '@salon/db'
import type { Logger } from '../../lib/logger.ts'
import { sunbedSafetyExport, type BookingRepository, type DeskBookingIn } from '../booking/public.ts'
import type { CounterService, LedgerRepository } from '../commerce/public.ts'
import type { CustomersRepository, IdentityVerifier } from '../identity/public.ts'
import { createAccountRoutes } from './account.routes.ts'
import { createCustomerNotesRepository } from './customer-notes.repository.ts'
import { createAccountService } from './account.service.ts'
import { createImportRoutes } from './import/import.routes.ts'
import { createCustomerImport } from './import/import.service.ts'
import { createStaffCustomersRoutes } from './staff-customers.routes.ts'
import { createStaffCustomers } from './staff-customers.service.ts'

/**
 * The account module as the app uses it: a customer's own account, consent, balance, referrals and data under the
 * API; and the salon's view of its customers under /api/staff/ (docs/product.md §10.5), with the import of its
 * customers from its previous system, which the import command uses too.
 */
export function createAccountModule(deps: {
  db: Db
  customers: CustomersRepository
  bookings: BookingRepository
  ledger: LedgerRepository
  counter: CounterService
  /** Checks the customer's identity token on the account's signed-in routes. */
  verifier: IdentityVerifier
  /** The desk's walk-in in a caller's transaction: the import books a row's session by it. */
  deskBookingIn: DeskBookingIn
  logger: Logger
  /** Customers sign in with a real Cognito pool, whose profiles the salon cannot write (docs/decisions/040). */
  externalPool?: boolean
  now?: () => number
}) {
  const accounts = createAccountService({
    customers: deps.customers,
    bookings: deps.bookings,
    ledger: deps.ledger,
    sunbedSafety: (shopId, sub) => sunbedSafetyExport(deps.db, shopId, sub),
    notes: (shopId, sub) => createCustomerNotesRepository(deps.db).of(shopId, sub),
    now: deps.now,
  })
  const staffCustomers = createStaffCustomers({
    db: deps.db,
    customers: deps.customers,
    accounts,
    bookings: deps.bookings,
    counter: deps.counter,
    logger: deps.logger,
    externalPool: deps.externalPool ?? false,
    now: deps.now,
  })
  const customerImport = createCustomerImport({ db: deps.db, ledger: deps.ledger, deskBookingIn: deps.deskBookingIn, now: deps.now })
  return {
    routes: createAccountRoutes(accounts, deps.verifier),
    staffRoutes: createStaffCustomersRoutes(staffCustomers).route('/', createImportRoutes(customerImport)),
    customerImport,
  }
}
