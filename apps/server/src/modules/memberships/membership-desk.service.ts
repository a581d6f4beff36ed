import { NO_SUCH_CUSTOMER } from '@salon/contracts/staff-customers'
import type { MembershipResponse } from '@salon/contracts/memberships'
import { HttpError } from '../../lib/errors.ts'
import type { CustomersRepository } from '../identity/public.ts'
import type { MembershipsRepository } from './memberships.repository.ts'
import type { Memberships } from './memberships.service.ts'

/**
 * The customer's membership at the desk (docs/product.md "Memberships"): what the customer sees on their account —
 * plan, status, this month, the next payment and every payment — for the staff on the customer's page.
 */
export function createMembershipDesk(deps: { repo: MembershipsRepository; customers: CustomersRepository; memberships: Pick<Memberships, 'view'> }) {
  const { repo, customers, memberships } = deps
  return {
    async ofCustomer(shopId: string, sub: string): Promise<MembershipResponse> {
      if (!(await customers.find(shopId, sub))) throw new HttpError(404, NO_SUCH_CUSTOMER)
      const m = (await repo.live(shopId, sub)) ?? (await repo.latest(shopId, sub))
      return { membership: m ? await memberships.view(m) : null }
    },
  }
}
export type MembershipDesk = ReturnType<typeof createMembershipDesk>
