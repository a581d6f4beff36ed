import { ErrorResponse } from '@salon/contracts/errors'
import { JoinRequest, MembershipCheckout, MembershipPaymentRequest, MembershipResponse, PauseRequest } from '@salon/contracts/memberships'
import { z } from 'zod'
import { createRouter, json, jsonBody } from '../../lib/openapi.ts'
import { staffRoute, type StaffEnv } from '../shop/public.ts'
import type { MembershipDesk } from './membership-desk.service.ts'

const CustomerSub = z.object({ sub: z.uuid({ message: 'must be a customer id' }) })
const missing = { 404: json(ErrorResponse, 'No such customer at this salon, plan on sale or payment of theirs') }
const refused = { 409: json(ErrorResponse, 'Already a member, the card not taken yet, or the salon cannot keep cards (the message says why)') }

/** A customer's membership on their page at the desk, and joining for them, for every member of staff (docs/product.md "Memberships"). */
export function createMembershipDeskRoutes(desk: MembershipDesk) {
  return createRouter<StaffEnv>()
    .openapi(
      staffRoute('staff', {
        method: 'get',
        path: '/staff/customers/{sub}/membership',
        summary: "A customer's membership (their live one, else their latest): plan, status, this month, next payment and payments; null when they have none",
        request: { params: CustomerSub },
        responses: { 200: json(MembershipResponse, 'The membership'), 404: json(ErrorResponse, 'No such customer at this salon') },
      }),
      async (c) => c.json(await desk.ofCustomer(c.get('staff').shopId, c.req.valid('param').sub), 200),
    )
    .openapi(
      staffRoute('staff', {
        method: 'post',
        path: '/staff/customers/{sub}/membership',
        summary: "Join a plan for the customer: the first month is paid by the customer's card on the desk's card form, and the card kept",
        request: { params: CustomerSub, ...jsonBody(JoinRequest) },
        responses: { 201: json(MembershipCheckout, 'The membership, pending until the card payment succeeds'), ...missing, ...refused },
      }),
      async (c) => c.json(await desk.join(c.get('staff'), c.req.valid('param').sub, c.req.valid('json').planId), 201),
    )
    .openapi(
      staffRoute('staff', {
        method: 'put',
        path: '/staff/customers/{sub}/membership/payment',
        summary: 'Record the first month the card provider says was paid on the desk’s card form: the membership starts',
        request: { params: CustomerSub, ...jsonBody(MembershipPaymentRequest) },
        responses: { 200: json(MembershipResponse, 'The membership'), ...missing, ...refused },
      }),
      async (c) => c.json(await desk.confirm(c.get('staff').shopId, c.req.valid('param').sub, c.req.valid('json').paymentId), 200),
    )
    .openapi(
      staffRoute('staff', {
        method: 'post',
        path: '/staff/customers/{sub}/membership/card',
        summary:
          "Change the customer's card: a payment of the month owed (none when nothing is), typed by them on the desk's card form, which keeps the new card",
        request: { params: CustomerSub },
        responses: { 201: json(MembershipCheckout, 'The card payment to confirm on the card form'), ...missing, ...refused },
      }),
      async (c) => c.json(await desk.changeCard(c.get('staff'), c.req.valid('param').sub), 201),
    )
    .openapi(
      staffRoute('staff', {
        method: 'post',
        path: '/staff/customers/{sub}/membership/cancel',
        summary: 'Cancel the customer’s membership for them, as their own Cancel does: at the end of the month paid for or of the minimum term',
        request: { params: CustomerSub },
        responses: { 200: json(MembershipResponse, 'The membership, with when it ends'), 404: json(ErrorResponse, 'No such customer, or no membership') },
      }),
      async (c) => c.json(await desk.cancel(c.get('staff'), c.req.valid('param').sub), 200),
    )
    .openapi(
      staffRoute('staff', {
        method: 'post',
        path: '/staff/customers/{sub}/membership/pause',
        summary: 'Pause the customer’s membership for them from the end of this month, as far as the plan allows',
        request: { params: CustomerSub, ...jsonBody(PauseRequest) },
        responses: {
          200: json(MembershipResponse, 'The membership, with the pause asked for'),
          404: json(ErrorResponse, 'No such customer, or no membership'),
          409: json(ErrorResponse, 'The plan cannot be paused, no pause is left, or the membership is ending or not running'),
        },
      }),
      async (c) => c.json(await desk.pause(c.get('staff'), c.req.valid('param').sub, c.req.valid('json').months), 200),
    )
}
