import { ErrorResponse } from '@salon/contracts/errors'
import {
  ClearanceRequest,
  HealthAnswersRequest,
  HealthAnswersResponse,
  HealthStatusResponse,
  ReactionRequest,
  ReactionResponse,
  StaffReactionsResponse,
  StaffSafetyChangeResponse,
  StaffSunbedSafetyResponse,
} from '@salon/contracts/sunbed-safety'
import { z } from 'zod'
import { createRouter, errorResponses, json, jsonBody } from '../../lib/openapi.ts'
import { signedInRoute, type ApiEnv, type IdentityVerifier } from '../identity/public.ts'
import { staffRoute, type StaffEnv } from '../shop/public.ts'
import type { SunbedSafety } from './sunbed-safety.service.ts'

const identityResponses = {
  ...errorResponses,
  401: json(ErrorResponse, 'The shop headers or the Authorization header (identity token) are missing, wrong, expired or revoked'),
} as const
const CustomerSub = z.object({ sub: z.uuid({ message: 'must be a customer id' }) })
const ReactionId = z.object({ id: z.uuid({ message: 'must be a reaction id' }) })

/** The customer's health questions, skin reactions and last 12 months (docs/product.md §4.15), with their identity token. */
export function createSunbedSafetyRoutes(safety: SunbedSafety, verifier: IdentityVerifier) {
  return createRouter<ApiEnv>()
    .openapi(
      signedInRoute(verifier, {
        method: 'get',
        path: '/p_account/health',
        tags: ['Account'],
        summary:
          "The health questions, the salon's health information and its nation's law, where the customer stands, their reactions and their last 12 months",
        responses: { 200: json(HealthStatusResponse, 'The customer’s sunbed safety'), ...identityResponses },
      }),
      async (c) => c.json(await safety.status(c.get('shopId'), c.get('identity')), 200),
    )
    .openapi(
      signedInRoute(verifier, {
        method: 'post',
        path: '/p_account/health',
        tags: ['Account'],
        summary: 'Answer every health question (true: yes); kept with the time and the version of the questions',
        request: jsonBody(HealthAnswersRequest),
        responses: {
          200: json(HealthAnswersResponse, 'Saved; the message says whether the customer can book or must talk to the salon first'),
          ...identityResponses,
          409: json(ErrorResponse, 'The questions changed since they were loaded'),
        },
      }),
      async (c) => c.json(await safety.answer(c.get('shopId'), c.get('identity'), c.req.valid('json')), 200),
    )
    .openapi(
      signedInRoute(verifier, {
        method: 'post',
        path: '/p_account/reaction',
        tags: ['Account'],
        summary: 'Report redness, itching or soreness after one of the customer’s sessions: pauses new bookings and tells the salon; cancels nothing',
        request: jsonBody(ReactionRequest),
        responses: {
          201: json(ReactionResponse, 'Reported'),
          ...identityResponses,
          404: json(ErrorResponse, "No such booking among the customer's own"),
          409: json(ErrorResponse, 'Not yet taken place, cancelled or missed, more than 30 days ago, or already reported'),
        },
      }),
      async (c) => c.json(await safety.report(c.get('shopId'), c.get('identity'), c.req.valid('json')), 201),
    )
}

const missing = { 404: json(ErrorResponse, 'No such customer (or session, or reaction) at this salon') }
const conflict = { 409: json(ErrorResponse, 'Nothing to clear, already cleared, already reported, or the questions changed') }

/** The salon's side under /api/staff/ (docs/product.md §10.5): every member of staff may use them; each change is audited. */
export function createSunbedSafetyStaffRoutes(safety: SunbedSafety) {
  return createRouter<StaffEnv>()
    .openapi(
      staffRoute('staff', {
        method: 'get',
        path: '/staff/customers/{sub}/sunbed-safety',
        summary: "A customer's health answers (every version, with who took or cleared them), reactions, what stops a booking now and their last 12 months",
        request: { params: CustomerSub },
        responses: { 200: json(StaffSunbedSafetyResponse, 'The customer’s sunbed safety'), ...missing },
      }),
      async (c) => c.json(await safety.staffView(c.get('staff'), c.req.valid('param').sub), 200),
    )
    .openapi(
      staffRoute('staff', {
        method: 'post',
        path: '/staff/customers/{sub}/health-answers',
        summary: 'Record the health answers gone through with the customer at the desk',
        request: { params: CustomerSub, ...jsonBody(HealthAnswersRequest) },
        responses: { 200: json(StaffSafetyChangeResponse, 'Saved'), ...missing, ...conflict },
      }),
      async (c) => c.json(await safety.staffAnswer(c.get('staff'), c.req.valid('param').sub, c.req.valid('json')), 200),
    )
    .openapi(
      staffRoute('staff', {
        method: 'post',
        path: '/staff/customers/{sub}/health-clearance',
        summary: 'Clear a "yes" to a health question after speaking with the customer, with the reason',
        request: { params: CustomerSub, ...jsonBody(ClearanceRequest) },
        responses: { 200: json(StaffSafetyChangeResponse, 'Cleared'), ...missing, ...conflict },
      }),
      async (c) => c.json(await safety.clearAnswers(c.get('staff'), c.req.valid('param').sub, c.req.valid('json')), 200),
    )
    .openapi(
      staffRoute('staff', {
        method: 'post',
        path: '/staff/customers/{sub}/skin-reactions',
        summary: 'Record a skin reaction the customer told the salon about, after one of their sessions',
        request: { params: CustomerSub, ...jsonBody(ReactionRequest) },
        responses: { 200: json(StaffSafetyChangeResponse, 'Recorded'), ...missing, ...conflict },
      }),
      async (c) => c.json(await safety.staffReport(c.get('staff'), c.req.valid('param').sub, c.req.valid('json')), 200),
    )
    .openapi(
      staffRoute('staff', {
        method: 'get',
        path: '/staff/skin-reactions',
        summary: 'The skin reactions customers reported or staff recorded, newest first (at most 50)',
        responses: { 200: json(StaffReactionsResponse, 'The reactions') },
      }),
      async (c) => c.json(await safety.reactions(c.get('staff')), 200),
    )
    .openapi(
      staffRoute('staff', {
        method: 'post',
        path: '/staff/skin-reactions/{id}/clearance',
        summary: 'Clear itching after a first session, after speaking with the customer (who has seen a doctor), with the reason',
        request: { params: ReactionId, ...jsonBody(ClearanceRequest) },
        responses: { 200: json(StaffSafetyChangeResponse, 'Cleared'), ...missing, ...conflict },
      }),
      async (c) => c.json(await safety.clearReaction(c.get('staff'), c.req.valid('param').id, c.req.valid('json')), 200),
    )
}
