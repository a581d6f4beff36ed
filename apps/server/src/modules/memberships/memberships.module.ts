import type { Db } from '@salon/db'
import type { PaymentProviderAdapter } from '../../adapters/payments/payments.ts'
import type { CustomersRepository, IdentityVerifier } from '../identity/public.ts'
import { createMembershipDesk } from './membership-desk.service.ts'
import { createMembershipDeskRoutes } from './membership-desk.routes.ts'
import { createMembershipChanges } from './membership-changes.service.ts'
import { createMembershipSessions } from './membership-sessions.service.ts'
import { createMembershipReport } from './membership-report.service.ts'
import { createMembershipsRepository } from './memberships.repository.ts'
import { createMembershipRoutes, createPlanRoutes } from './memberships.routes.ts'
import { createMemberships } from './memberships.service.ts'
import { createPlans } from './plans.service.ts'
import { createRenewals } from './renewals.service.ts'
import { createSubscriptionEvents, SUBSCRIPTION_EVENTS, type SubscriptionEvent } from './subscription-events.service.ts'

/**
 * Monthly memberships (docs/product.md "Memberships", docs/decisions/043-memberships.md): the owner's plans, joining
 * by card with the card kept, renewals on the job queue, cancelling and pausing.
 */
export function createMembershipsModule(deps: {
  db: Db
  customers: CustomersRepository
  verifier: IdentityVerifier
  provider: PaymentProviderAdapter
  now: () => number
}) {
  const repo = createMembershipsRepository(deps.db)
  const plans = createPlans(repo)
  const memberships = createMemberships({ db: deps.db, repo, customers: deps.customers, provider: deps.provider, now: deps.now })
  const billing = deps.provider.subscriptions
  const changes = createMembershipChanges({ db: deps.db, repo, now: deps.now, billing })
  const events = billing ? createSubscriptionEvents({ db: deps.db, repo, billing, providerSucceeded: memberships.providerSucceeded, now: deps.now }) : null
  const renewals = createRenewals({ db: deps.db, repo, provider: deps.provider, now: deps.now })
  return {
    /** A payment the provider reports as succeeded: true when it was a membership's. */
    providerSucceeded: memberships.providerSucceeded,
    handlers: renewals.handlers,
    /** Stripe's events about subscriptions, for the webhook (docs/decisions/047): each names the object it carries. */
    stripeEvents: [
      ...SUBSCRIPTION_EVENTS.map((type: SubscriptionEvent) => ({
        type,
        object: type === 'customer.subscription.deleted' ? ('subscription' as const) : ('invoice' as const),
        handle: async (ref: string) => (events ? events.handle(type, ref) : false),
      })),
      // A member's new card saved with nothing owed (a card setup): recorded, and made the subscription's, once.
      { type: 'setup_intent.succeeded', object: 'setup_intent' as const, handle: (ref: string) => memberships.providerSucceeded(ref) },
    ],
    /** Paying a session with a membership, inside the booking's transaction (the booking module asks it). */
    sessions: createMembershipSessions({ repo }),
    routes: createMembershipRoutes({ plans, memberships, changes }, deps.verifier),
    staffRoutes: createPlanRoutes(plans, createMembershipReport({ repo })),
    /** The customer's membership on their page at the desk. */
    deskRoutes: createMembershipDeskRoutes(createMembershipDesk({ repo, customers: deps.customers, memberships, changes })),
  }
}
