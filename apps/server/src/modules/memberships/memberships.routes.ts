import { createRoute } from '@hono/zod-openapi'
import { ErrorResponse } from '@salon/contracts/errors'
import {
  JoinRequest,
  MembershipCheckout,
  MembershipPaymentRequest,
  MembershipPlan,
  MembershipPlanRequest,
  MembershipPlansResponse,
  MembershipReport,
  MembershipReportQuery,
  MembershipResponse,
  PauseRequest,
} from '@salon/contracts/memberships'
import { z } from 'zod'
import { createRouter, json, jsonBody } from '../../lib/openapi.ts'
import { signedInRoute, type ApiEnv, type IdentityVerifier } from '../identity/public.ts'
import { staffRoute, type StaffEnv } from '../shop/public.ts'
import type { MembershipChanges } from './membership-changes.service.ts'
import type { MembershipReports } from './membership-report.service.ts'
import type { Memberships } from './memberships.service.ts'
import type { Plans } from './plans.service.ts'

const noMembership = { 404: json(ErrorResponse, 'The customer has no membership') }
const refused = { 409: json(ErrorResponse, 'The membership cannot do this now (the message says why)') }

/** The plans on sale, and a signed-in customer's own membership (docs/product.md "Memberships"). */
export function createMembershipRoutes(services: { plans: Plans; memberships: Memberships; changes: MembershipChanges }, verifier: IdentityVerifier) {
  const { plans, memberships, changes } = services
  const answer = async (shopId: string, done: { row: Parameters<Memberships['view']>[0]; message: string }) => ({
    membership: await memberships.view(done.row),
    message: done.message,
  })
  return createRouter<ApiEnv>()
    .openapi(
      createRoute({
        method: 'get',
        path: '/membership_plans',
        tags: ['Packages'],
        summary: 'The membership plans on sale',
        responses: { 200: json(MembershipPlansResponse, 'The plans') },
      }),
      async (c) => c.json({ plans: await plans.onSale(c.get('shopId')) }, 200),
    )
    .openapi(
      signedInRoute(verifier, {
        method: 'get',
        path: '/p_account/membership',
        tags: ['Account'],
        summary: "The customer's membership: plan, status, next payment, and the payments; null when they have none",
        responses: { 200: json(MembershipResponse, 'The membership') },
      }),
      async (c) => c.json(await memberships.mine(c.get('shopId'), c.get('identity')), 200),
    )
    .openapi(
      signedInRoute(verifier, {
        method: 'post',
        path: '/p_account/membership',
        tags: ['Account'],
        summary: 'Join a plan: the first month is paid by card in the browser, and the card is kept for the renewals',
        request: jsonBody(JoinRequest),
        responses: {
          201: json(MembershipCheckout, 'The membership, pending until the card payment succeeds'),
          404: json(ErrorResponse, 'No such plan on sale'),
          ...refused,
        },
      }),
      async (c) => c.json(await memberships.join(c.get('shopId'), c.get('identity'), c.req.valid('json').planId), 201),
    )
    .openapi(
      signedInRoute(verifier, {
        method: 'put',
        path: '/p_account/membership/payment',
        tags: ['Account'],
        summary: "Record a membership payment the card provider says succeeded (the first month's, or a changed card's)",
        request: jsonBody(MembershipPaymentRequest),
        responses: { 200: json(MembershipResponse, 'The membership'), 404: json(ErrorResponse, 'No such payment among the customer’s own'), ...refused },
      }),
      async (c) => c.json(await memberships.confirm(c.get('shopId'), c.get('identity').sub, c.req.valid('json').paymentId), 200),
    )
    .openapi(
      signedInRoute(verifier, {
        method: 'post',
        path: '/p_account/membership/card',
        tags: ['Account'],
        summary: 'Change the card: a payment of the month owed (none when nothing is), which keeps the new card',
        responses: { 201: json(MembershipCheckout, 'The payment to confirm in the browser'), ...noMembership, ...refused },
      }),
      async (c) => c.json(await memberships.changeCard(c.get('shopId'), c.get('identity').sub), 201),
    )
    .openapi(
      signedInRoute(verifier, {
        method: 'post',
        path: '/p_account/membership/cancel',
        tags: ['Account'],
        summary: 'Cancel: it ends at the end of the month paid for, or of the minimum term if later',
        responses: { 200: json(MembershipResponse, 'The membership, with when it ends'), ...noMembership },
      }),
      async (c) => c.json(await answer(c.get('shopId'), await changes.cancel(c.get('shopId'), c.get('identity').sub)), 200),
    )
    .openapi(
      signedInRoute(verifier, {
        method: 'post',
        path: '/p_account/membership/pause',
        tags: ['Account'],
        summary: 'Pause for some months from the end of this one, as the plan allows',
        request: jsonBody(PauseRequest),
        responses: { 200: json(MembershipResponse, 'The membership, with the pause asked for'), ...noMembership, ...refused },
      }),
      async (c) => c.json(await answer(c.get('shopId'), await changes.pause(c.get('shopId'), c.get('identity').sub, c.req.valid('json').months)), 200),
    )
}

const PlanId = z.object({ id: z.uuid({ message: 'must be a membership plan id' }) })
const noPlan = { 404: json(ErrorResponse, 'No such plan at this salon') }

/** Reports hold the salon's takings: never kept by a browser or anything between. */
const PRIVATE = { 'Cache-Control': 'private, no-store' }

/** The owner's plans and the memberships report under /api/staff/ (docs/product.md "Memberships"). */
export function createPlanRoutes(plans: Plans, reports: MembershipReports) {
  return createRouter<StaffEnv>()
    .openapi(
      staffRoute('owner', {
        method: 'get',
        path: '/staff/reports/memberships',
        summary: 'Members at each month’s end, joins, cancellations and membership payments taken, per month',
        request: { query: MembershipReportQuery },
        responses: { 200: json(MembershipReport, 'The report'), 422: json(ErrorResponse, 'A range of more than 24 months') },
      }),
      async (c) => c.json(await reports.report(c.get('staff').shopId, c.req.valid('query')), 200, PRIVATE),
    )
    .openapi(
      staffRoute('owner', {
        method: 'get',
        path: '/staff/exports/memberships.csv',
        summary: 'The memberships report as a CSV file',
        request: { query: MembershipReportQuery },
        responses: { 200: { content: { 'text/csv': { schema: z.string() } }, description: 'memberships-{from}-to-{to}.csv' } },
      }),
      async (c) => {
        const file = await reports.csv(c.get('staff').shopId, c.req.valid('query'))
        return c.body(file.body, 200, {
          ...PRIVATE,
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="${file.filename}"`,
        })
      },
    )
    .openapi(
      staffRoute('staff', {
        method: 'get',
        path: '/staff/membership-plans',
        summary: 'Every membership plan, retired ones too',
        responses: { 200: json(MembershipPlansResponse, 'The plans') },
      }),
      async (c) => c.json({ plans: await plans.all(c.get('staff').shopId) }, 200),
    )
    .openapi(
      staffRoute('owner', {
        method: 'post',
        path: '/staff/membership-plans',
        summary: 'Add a membership plan',
        request: jsonBody(MembershipPlanRequest),
        responses: { 201: json(MembershipPlan, 'The new plan'), 422: json(ErrorResponse, 'A bed type the salon does not have') },
      }),
      async (c) => c.json(await plans.create(c.get('staff').shopId, c.req.valid('json')), 201),
    )
    .openapi(
      staffRoute('owner', {
        method: 'put',
        path: '/staff/membership-plans/{id}',
        summary: 'Change a plan (members keep the terms they joined on)',
        request: { params: PlanId, ...jsonBody(MembershipPlanRequest) },
        responses: { 200: json(MembershipPlan, 'The plan'), ...noPlan, 422: json(ErrorResponse, 'A bed type the salon does not have') },
      }),
      async (c) => c.json(await plans.update(c.get('staff').shopId, c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi(
      staffRoute('owner', {
        method: 'delete',
        path: '/staff/membership-plans/{id}',
        summary: 'Retire a plan: no new joins; its members carry on',
        request: { params: PlanId },
        responses: { 200: json(MembershipPlan, 'The retired plan'), ...noPlan },
      }),
      async (c) => c.json(await plans.setActive(c.get('staff').shopId, c.req.valid('param').id, false), 200),
    )
}
