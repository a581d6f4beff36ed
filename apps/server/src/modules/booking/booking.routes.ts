import { createRoute } from '@hono/zod-openapi'
import {
  AppointmentRequest,
  BookingResponse,
  BookingsResponse,
  BookRequest,
  PreloadTimesResponse,
  PriceRequest,
  PriceResponse,
  SessionChangeResponse,
  SessionsResponse,
  SessionStatusRequest,
} from '@salon/contracts/booking'
import { ErrorResponse } from '@salon/contracts/errors'
import type { Context, TypedResponse } from 'hono'
import { z } from 'zod'
import { MIN_COMPRESS_BYTES, pickEncoding } from '../../lib/compression.ts'
import { createRouter, errorResponses, json, jsonBody } from '../../lib/openapi.ts'
import { optionalIdentity, signedInRoute, type ApiEnv, type IdentityVerifier } from '../identity/public.ts'
import { sharedAnswer, SHOP_HEADERS } from '../../lib/http-caching.ts'
import type { CachedAnswer } from './availability-cache.ts'
import type { BookingService } from './booking.service.ts'

const signedIn = [{ shopId: [], apiKey: [], identityToken: [] }]
const identityResponses = {
  ...errorResponses,
  401: json(ErrorResponse, 'The shop headers or the Authorization header (identity token) are missing, wrong, expired or revoked'),
} as const
const refusals = {
  404: json(ErrorResponse, "No such booking among the customer's own"),
  409: json(
    ErrorResponse,
    'Refused because of another booking: the bed is taken, a session that day already (the message starts with "duplicate"), too close to another session, or past the cancellation cut-off',
  ),
  422: json(
    ErrorResponse,
    "Refused by the salon's schedule or rules: past, inside the lead time, beyond the horizon, closed, outside opening hours, off the slot step, a length the bed does not take, or over the first-session maximum",
  ),
} as const

/**
 * A kept answer as it was serialized: sent gzipped when it is worth it and the client takes gzip (compressed once
 * per answer, not per request; Brotli's best would take far longer to make than the answer is kept).
 */
function cachedJson<T>(c: Context, answer: CachedAnswer): TypedResponse<T, 200, 'json'> {
  // The same for everyone who asks: answered again from memory while the cache holds this answer as right.
  sharedAnswer(c, { vary: SHOP_HEADERS, whileRight: answer.stillKept })
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  const worth = answer.json.length >= MIN_COMPRESS_BYTES
  if (worth) headers.vary = 'Accept-Encoding'
  const gzip = worth && pickEncoding(c.req.header('accept-encoding'), { gzip: true }) === 'gzip'
  if (gzip) headers['content-encoding'] = 'gzip'
  return c.body(gzip ? answer.gzip() : answer.json, 200, headers) as unknown as TypedResponse<T, 200, 'json'>
}

const BookingId = z.object({ id: z.uuid({ message: 'must be a booking id' }) })

export function createBookingRoutes(bookings: BookingService, verifier: IdentityVerifier) {
  return createRouter<ApiEnv>()
    .openapi(
      createRoute({
        method: 'get',
        path: '/p_preload_times',
        tags: ['Booking'],
        summary: "Free start times for today and the next six days (shop's local dates), for a session of the first-session length",
        responses: {
          200: json(
            PreloadTimesResponse,
            'The beds, each once, and the slots keyed by local date, each naming its free beds by id; a day the salon is closed has none',
          ),
          ...errorResponses,
        },
      }),
      async (c) => cachedJson<PreloadTimesResponse>(c, await bookings.preload(c.get('shopId'))),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/p_sessions',
        tags: ['Booking'],
        summary: 'Free start times on one day for the appointment request (minutes, and optionally a bed type or bed)',
        request: jsonBody(AppointmentRequest),
        responses: {
          200: json(SessionsResponse, "The beds, each once, and the day's slots, each naming by id the beds free for that many minutes"),
          ...errorResponses,
          422: json(ErrorResponse, 'bedId or bedType names nothing at this salon'),
        },
      }),
      async (c) => cachedJson<SessionsResponse>(c, await bookings.sessions(c.get('shopId'), c.req.valid('json'))),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/booking/get_price_for_booking',
        tags: ['Booking'],
        summary: "The price of a session and how it would be paid: with an identity token, from the customer's minute balance",
        security: [{ shopId: [], apiKey: [] }, ...signedIn],
        // This path is outside the identity rule of docs/product.md §7: a token is optional, but a token sent must be good.
        middleware: [optionalIdentity(verifier)] as const,
        request: jsonBody(PriceRequest),
        responses: {
          200: json(PriceResponse, 'The price in pence and the way of paying'),
          ...identityResponses,
          422: json(ErrorResponse, 'bedId or bedType names nothing at this salon'),
        },
      }),
      async (c) => c.json(await bookings.price(c.get('shopId'), c.get('optionalIdentity'), c.req.valid('json')), 200),
    )
    .openapi(
      signedInRoute(verifier, {
        method: 'post',
        path: '/p_book',
        tags: ['Booking'],
        summary: 'Book a session; paid from the minute balance when it covers it, otherwise in the salon',
        description:
          'Refusals are 4xx with a message a person can act on. Under-18s, skin type I and profiles without a date of birth or skin type get 403; a balance too small where the salon takes no payment on the day gets 402.',
        request: jsonBody(BookRequest),
        responses: {
          201: json(BookingResponse, 'The booking'),
          ...identityResponses,
          402: json(ErrorResponse, 'The balance does not cover the session and the salon takes no payment on the day'),
          403: json(ErrorResponse, 'UK sunbed law and safety: under 18, skin type I, or no date of birth or skin type on the account'),
          ...refusals,
        },
      }),
      async (c) => c.json({ booking: await bookings.book(c.get('shopId'), c.get('identity'), c.req.valid('json')) }, 201),
    )
    .openapi(
      signedInRoute(verifier, {
        method: 'get',
        path: '/p_bookings',
        tags: ['Booking'],
        summary: "The customer's sessions at this shop: upcoming soonest first; past and cancelled newest first",
        responses: { 200: json(BookingsResponse, 'The bookings'), ...identityResponses },
      }),
      async (c) => c.json(await bookings.list(c.get('shopId'), c.get('identity')), 200),
    )
    .openapi(
      signedInRoute(verifier, {
        method: 'get',
        path: '/p_bookings/{id}',
        tags: ['Booking'],
        summary: "One of the customer's bookings, for the confirmation page",
        request: { params: BookingId },
        responses: { 200: json(BookingResponse, 'The booking'), ...identityResponses, 404: refusals[404] },
      }),
      async (c) => c.json({ booking: await bookings.get(c.get('shopId'), c.get('identity'), c.req.valid('param').id) }, 200),
    )
    .openapi(
      signedInRoute(verifier, {
        method: 'post',
        path: '/session/{id}',
        tags: ['Booking'],
        summary: "Cancel one of the customer's upcoming sessions before the cut-off (empty body); balance minutes are returned",
        request: { params: BookingId },
        responses: {
          200: json(SessionChangeResponse, 'The cancelled booking and what happened to its minutes'),
          ...identityResponses,
          404: refusals[404],
          409: refusals[409],
        },
      }),
      async (c) => c.json(await bookings.cancel(c.get('shopId'), c.get('identity'), c.req.valid('param').id), 200),
    )
    .openapi(
      signedInRoute(verifier, {
        method: 'put',
        path: '/session/status',
        tags: ['Booking'],
        summary: "Cancel one of the customer's upcoming sessions before the cut-off (status 'cancelled'); balance minutes are returned",
        description:
          "Customers may only cancel through this call. Attendance is recorded by the salon: status 'attended' is refused with 403 and changes nothing.",
        request: jsonBody(SessionStatusRequest),
        responses: {
          200: json(SessionChangeResponse, 'The cancelled booking and what happened to its minutes'),
          ...identityResponses,
          403: json(ErrorResponse, "Status 'attended': only the salon marks a session as attended"),
          404: refusals[404],
          409: refusals[409],
        },
      }),
      async (c) => {
        const { id, status } = c.req.valid('json')
        return c.json(await bookings.setStatus(c.get('shopId'), c.get('identity'), id, status), 200)
      },
    )
}
