import type { MembershipCheckout, MembershipPlansResponse, MembershipResponse } from '@salon/contracts/memberships'
import { browserApi } from '../../lib/browser-api.ts'

/** docs/product.md "Memberships": the plans on sale, and the customer's own membership (each carries the identity token). */
export const membershipCalls = {
  plans: () => browserApi.get<MembershipPlansResponse>('membership_plans'),
  mine: () => browserApi.get<MembershipResponse>('p_account/membership'),
  /** Joining: the membership, pending, and the first month's card payment to confirm in the browser. */
  join: (planId: string) => browserApi.post<MembershipCheckout>('p_account/membership', { planId }),
  /** The card provider says the payment went through: the membership starts (or its card is changed). */
  confirm: (paymentId: string) => browserApi.put<MembershipResponse>('p_account/membership/payment', { paymentId }),
  changeCard: () => browserApi.post<MembershipCheckout>('p_account/membership/card'),
  cancel: () => browserApi.post<MembershipResponse>('p_account/membership/cancel'),
  pause: (months: number) => browserApi.post<MembershipResponse>('p_account/membership/pause', { months }),
}
