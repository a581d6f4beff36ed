import type { Db } from '@salon/db'
import type { Logger } from '../../lib/logger.ts'
import { sunbedSafetyExport, type BookingRepository } from '../booking/public.ts'
import type { CounterService, LedgerRepository } from '../commerce/public.ts'
import type { CustomersRepository } from '../identity/public.ts'
import { createAccountRoutes } from './account.routes.ts'
import { createAccountService } from './account.service.ts'
import { createStaffCustomersRoutes } from './staff-customers.routes.ts'
import { createStaffCustomers } from './staff-customers.service.ts'

/**
 * The account module as the app uses it: a customer's own account, consent, balance, referrals and data under the
 * API; and the salon's view of its customers under /api/staff/ (docs/product.md §10.5).
 */
export function createAccountModule(deps: {
  db: Db
  customers: CustomersRepository
  bookings: BookingRepository
  ledger: LedgerRepository
  counter: CounterService
  logger: Logger
  now?: () => number
}) {
  const accounts = createAccountService({
    customers: deps.customers,
    bookings: deps.bookings,
    ledger: deps.ledger,
    sunbedSafety: (shopId, sub) => sunbedSafetyExport(deps.db, shopId, sub),
    now: deps.now,
  })
  const staffCustomers = createStaffCustomers({
    db: deps.db,
    customers: deps.customers,
    accounts,
    bookings: deps.bookings,
    counter: deps.counter,
    logger: deps.logger,
    now: deps.now,
  })
  return { routes: createAccountRoutes(accounts), staffRoutes: createStaffCustomersRoutes(staffCustomers) }
}
