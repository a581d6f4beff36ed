import {
  BookOfferResponse,
  JoinWaitlistRequest,
  JoinWaitlistResponse,
  LeaveWaitlistResponse,
  StaffJoinWaitlistRequest,
  StaffWaitlistQuery,
  StaffWaitlistResponse,
  WaitlistOfferResponse,
  WaitlistResponse,
} from '@salon/contracts/waitlist'
import { ErrorResponse } from '@salon/contracts/errors'
import { z } from 'zod'
import { createRouter, errorResponses, json, jsonBody } from '../../lib/openapi.ts'
import { signedInRoute, type ApiEnv, type IdentityVerifier } from '../identity/public.ts'
import { staffRoute, type StaffEnv } from '../shop/public.ts'
import type { WaitlistDesk } from './waitlist-desk.service.ts'
import type { Waitlist } from './waitlist.service.ts'

const identityResponses = {
  ...errorResponses,
  401: json(ErrorResponse, 'The shop headers or the Authorization header (identity token) are missing, wrong, expired or revoked'),
} as const
const EntryId = z.object({ id: z.uuid({ message: 'must be a waitlist entry id' }) })
const OfferToken = z.object({ token: z.string().min(16).max(64) })

/** The customer's waitlist calls (docs/product.md "Waitlist", docs/decisions/044). */
export function createWaitlistRoutes(waitlist: Waitlist, verifier: IdentityVerifier) {
  return createRouter<ApiEnv>()
    .openapi(
      signedInRoute(verifier, {
        method: 'post',
        path: '/p_account/waitlist',
        tags: ['Waitlist'],
        summary: 'Join the waitlist for a day: a session of some minutes (on a type of bed, or any) starting between two times',
        request: jsonBody(JoinWaitlistRequest),
        responses: {
          201: json(JoinWaitlistResponse, 'The entry'),
          ...identityResponses,
          403: json(ErrorResponse, 'UK sunbed law and safety refuse a session for this customer'),
          409: json(ErrorResponse, 'Already on the waitlist that day, or a session that day already'),
          422: json(ErrorResponse, 'The range, the day or the length cannot be booked here'),
        },
      }),
      async (c) => c.json(await waitlist.join(c.get('shopId'), c.get('identity'), c.req.valid('json'), 'customer'), 201),
    )
    .openapi(
      signedInRoute(verifier, {
        method: 'get',
        path: '/p_account/waitlist',
        tags: ['Waitlist'],
        summary: "The customer's waitlist entries still waiting or offered, soonest first",
        responses: { 200: json(WaitlistResponse, 'The entries'), ...identityResponses },
      }),
      async (c) => c.json(await waitlist.entries(c.get('shopId'), c.get('identity')), 200),
    )
    .openapi(
      signedInRoute(verifier, {
        method: 'delete',
        path: '/p_account/waitlist/{id}',
        tags: ['Waitlist'],
        summary: 'Leave the waitlist: a time held for the entry is let go',
        request: { params: EntryId },
        responses: { 200: json(LeaveWaitlistResponse, 'Left'), ...identityResponses, 404: json(ErrorResponse, "No such entry among the customer's own") },
      }),
      async (c) => c.json(await waitlist.leaveOwn(c.get('shopId'), c.get('identity'), c.req.valid('param').id), 200),
    )
    .openapi(
      signedInRoute(verifier, {
        method: 'get',
        path: '/p_account/waitlist/offers/{token}',
        tags: ['Waitlist'],
        summary: 'A time offered to the customer by text: held for them for 15 minutes, or gone',
        request: { params: OfferToken },
        responses: { 200: json(WaitlistOfferResponse, 'The offer'), ...identityResponses, 404: json(ErrorResponse, "Not an offer of this customer's") },
      }),
      async (c) => c.json({ offer: await waitlist.offer(c.get('shopId'), c.get('identity'), c.req.valid('param').token) }, 200),
    )
    .openapi(
      signedInRoute(verifier, {
        method: 'post',
        path: '/p_account/waitlist/offers/{token}/book',
        tags: ['Waitlist'],
        summary: 'Book the held time: paid from the balance when it covers it, otherwise as the salon takes payment',
        request: { params: OfferToken },
        responses: {
          201: json(BookOfferResponse, 'The booking'),
          ...identityResponses,
          402: json(ErrorResponse, 'The balance does not cover the session and the salon takes no payment on the day'),
          403: json(ErrorResponse, 'UK sunbed law and safety refuse the session'),
          404: json(ErrorResponse, "Not an offer of this customer's"),
          409: json(ErrorResponse, 'The offer has gone, or another session breaks a rule'),
          422: json(ErrorResponse, 'The length breaks a rule'),
        },
      }),
      async (c) => c.json({ booking: await waitlist.book(c.get('shopId'), c.get('identity'), c.req.valid('param').token) }, 201),
    )
}

const StaffEntryId = z.object({ id: z.uuid({ message: 'must be a waitlist entry id' }) })

/** The desk's waitlist calls under /api/staff/ (docs/product.md "Waitlist"); every member of staff may use them. */
export function createStaffWaitlistRoutes(desk: WaitlistDesk) {
  return createRouter<StaffEnv>()
    .openapi(
      staffRoute('staff', {
        method: 'get',
        path: '/staff/waitlist',
        summary: 'Who waits for a time on a day, first joined first, with any time held for them',
        request: { query: StaffWaitlistQuery },
        responses: { 200: json(StaffWaitlistResponse, 'The waiting entries') },
      }),
      async (c) => c.json(await desk.day(c.get('staff'), c.req.valid('query').date), 200),
    )
    .openapi(
      staffRoute('staff', {
        method: 'post',
        path: '/staff/waitlist',
        summary: 'Put a customer on the waitlist for a day, under the rules a booking keeps',
        request: jsonBody(StaffJoinWaitlistRequest),
        responses: {
          201: json(JoinWaitlistResponse, 'The entry'),
          403: json(ErrorResponse, 'Not staff of this shop, or UK sunbed law and safety refuse a session for the customer'),
          404: json(ErrorResponse, 'No such customer at this salon'),
          409: json(ErrorResponse, 'Already on the waitlist that day, or a session that day already'),
          422: json(ErrorResponse, 'The range, the day or the length cannot be booked here'),
        },
      }),
      async (c) => c.json(await desk.add(c.get('staff'), c.req.valid('json')), 201),
    )
    .openapi(
      staffRoute('staff', {
        method: 'delete',
        path: '/staff/waitlist/{id}',
        summary: 'Take an entry off the waitlist; a time held for it is let go',
        request: { params: StaffEntryId },
        responses: { 200: json(LeaveWaitlistResponse, 'Taken off'), 404: json(ErrorResponse, 'No such entry at this salon') },
      }),
      async (c) => c.json(await desk.remove(c.get('staff'), c.req.valid('param').id), 200),
    )
}
