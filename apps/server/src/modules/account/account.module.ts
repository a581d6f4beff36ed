import type { BookingRepository } from '../booking/public.ts'
import type { LedgerRepository } from '../commerce/public.ts'
import type { CustomersRepository } from '../identity/public.ts'
import { createAccountRoutes } from './account.routes.ts'
import { createAccountService } from './account.service.ts'

/** The account module as the app uses it: a customer's own account, consent, balance, referrals and data under the API. */
export function createAccountModule(deps: { customers: CustomersRepository; bookings: BookingRepository; ledger: LedgerRepository; now?: () => number }) {
  return { routes: createAccountRoutes(createAccountService({ customers: deps.customers, bookings: deps.bookings, ledger: deps.ledger, now: deps.now })) }
}
