import { NO_SUCH_CUSTOMER } from '@salon/contracts/staff-customers'
import type { MembershipCheckout, MembershipResponse } from '@salon/contracts/memberships'
import { HttpError } from '../../lib/errors.ts'
import type { CustomersRepository } from '../identity/public.ts'
import type { StaffActor } from '../shop/public.ts'
import type { MembershipChanges } from './membership-changes.service.ts'
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
  memberships: Pick<Memberships, 'view' | 'joinFor' | 'changeCard' | 'confirm'>
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

    async join(by: StaffActor, sub: string, planId: string): Promise<MembershipCheckout> {
      await known(by.shopId, sub)
      return memberships.joinFor(by.shopId, sub, planId, by)
    },

    /** A new card for the customer, typed by them on the desk's card form: the month owed paid with it, as their own "Change card". */
    async changeCard(by: StaffActor, sub: string): Promise<MembershipCheckout> {
      await known(by.shopId, sub)
      return memberships.changeCard(by.shopId, sub, by)
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

    /**
     * The desk's card form says the first month (or a new card's payment) went through: recorded as the customer's
     * own return records it, with the same words.
     */
    async confirm(shopId: string, sub: string, paymentId: string): Promise<MembershipResponse> {
      await known(shopId, sub)
      return memberships.confirm(shopId, sub, paymentId)
    },
  }
}
export type MembershipDesk = ReturnType<typeof createMembershipDesk>
