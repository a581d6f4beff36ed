import { NO_SUCH_CUSTOMER } from '@salon/contracts/staff-customers'
import type { MembershipCheckout, MembershipResponse } from '@salon/contracts/memberships'
import { HttpError } from '../../lib/errors.ts'
import type { CustomersRepository } from '../identity/public.ts'
import type { StaffActor } from '../shop/public.ts'
import type { MembershipChanges } from './membership-changes.service.ts'
import { MEMBERSHIP_MESSAGES as M } from './membership-words.ts'
import type { MembershipsRepository } from './memberships.repository.ts'
import type { Memberships } from './memberships.service.ts'

/**
 * The customer's membership at the desk (docs/product.md "Memberships", docs/decisions/046-memberships-at-the-desk.md):
 * what the customer sees on their account, for the staff on the customer's page; and joining for them, the first
 * month paid by the customer's own card on the desk's card form, as they would pay in their browser.
 */
export function createMembershipDesk(deps: {
  repo: MembershipsRepository
  customers: CustomersRepository
  memberships: Pick<Memberships, 'view' | 'joinFor' | 'providerSucceeded'>
  changes: MembershipChanges
}) {
  const { repo, customers, memberships, changes } = deps
  const known = async (shopId: string, sub: string) => {
    if (!(await customers.find(shopId, sub))) throw new HttpError(404, NO_SUCH_CUSTOMER)
  }
  return {
    async ofCustomer(shopId: string, sub: string): Promise<MembershipResponse> {
      await known(shopId, sub)
      const m = (await repo.live(shopId, sub)) ?? (await repo.latest(shopId, sub))
      return { membership: m ? await memberships.view(m) : null }
    },

    async join(shopId: string, sub: string, planId: string): Promise<MembershipCheckout> {
      await known(shopId, sub)
      return memberships.joinFor(shopId, sub, planId)
    },

    /** Cancelling for the customer, under the rules and in the words of their own "Cancel" (and in the audit log). */
    async cancel(by: StaffActor, sub: string): Promise<MembershipResponse> {
      await known(by.shopId, sub)
      const done = await changes.cancel(by.shopId, sub, by)
      return { membership: await memberships.view(done.row), message: done.message }
    },

    /** Pausing for the customer, as far as their plan allows, as their own "Pause" does (and in the audit log). */
    async pause(by: StaffActor, sub: string, months: number): Promise<MembershipResponse> {
      await known(by.shopId, sub)
      const done = await changes.pause(by.shopId, sub, months, by)
      return { membership: await memberships.view(done.row), message: done.message }
    },

    /** The desk's card form says the first month is paid: the membership starts, as the customer's own return does. */
    async confirm(shopId: string, sub: string, paymentId: string): Promise<MembershipResponse> {
      await known(shopId, sub)
      const payment = await repo.payment(paymentId)
      if (!payment || payment.shopId !== shopId || payment.sub !== sub || payment.kind !== 'join' || !payment.providerRef) {
        throw new HttpError(404, M.noSuchPayment)
      }
      if (payment.status !== 'succeeded' && !(await memberships.providerSucceeded(payment.providerRef))) throw new HttpError(409, M.notPaid)
      const m = (await repo.byId(payment.membershipId))!
      return { membership: await memberships.view(m), message: M.joined(m.planName) }
    },
  }
}
export type MembershipDesk = ReturnType<typeof createMembershipDesk>
