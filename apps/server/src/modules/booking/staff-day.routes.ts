import { ErrorResponse } from '@salon/contracts/errors'
import {
  BookingMarkRequest,
  DaySheetQuery,
  DaySheetResponse,
  StaffBookingChangeResponse,
  StaffBookingResponse,
  StaffCancelRequest,
  StaffMoveRequest,
  TakePaymentRequest,
  UndoPaymentRequest,
  WalkInRequest,
} from '@salon/contracts/staff-day'
import { z } from 'zod'
import { createRouter, json, jsonBody } from '../../lib/openapi.ts'
import { staffRoute, type StaffEnv } from '../shop/public.ts'
import type { StaffDay } from './staff-day.service.ts'

const BookingId = z.object({ id: z.uuid({ message: 'must be a booking id' }) })
const missing = { 404: json(ErrorResponse, 'No such booking (or customer) at this salon') }
const conflict = {
  409: json(
    ErrorResponse,
    'Refused because of how the session stands or another booking: cancelled, waiting for its card payment, marked, changed by someone else a moment ago, the bed taken, or a session that day already',
  ),
}
const rules = {
  403: json(
    ErrorResponse,
    'Not staff of this shop; an override sent by a member who is not the owner; or a sunbed rule (under 18, skin type I) — `rule` names it',
  ),
  422: json(
    ErrorResponse,
    'A sunbed rule or the schedule refused it (`rule` and `overridable` say which and whether the owner may let it past), or the bed is unknown',
  ),
}

/** The day sheet and walk-ins under /api/staff/ (docs/product.md §10.2); every member of staff may use them. */
export function createStaffDayRoutes(day: StaffDay) {
  return createRouter<StaffEnv>()
    .openapi(
      staffRoute('staff', {
        method: 'get',
        path: '/staff/day',
        summary: "One day's sheet: opening hours, every bed, the sessions and, apart, the cancelled ones",
        description: 'Without a date, today in the shop’s time zone.',
        request: { query: DaySheetQuery },
        responses: { 200: json(DaySheetResponse, 'The day') },
      }),
      async (c) => c.json(await day.day(c.get('staff'), c.req.valid('query').date), 200),
    )
    .openapi(
      staffRoute('staff', {
        method: 'put',
        path: '/staff/bookings/{id}/status',
        summary: 'Mark a session attended or a no-show (on its day or after), or booked again to undo a mark',
        request: { params: BookingId, ...jsonBody(BookingMarkRequest) },
        responses: { 200: json(StaffBookingResponse, 'The session as it now stands'), ...missing, ...conflict },
      }),
      async (c) => c.json(await day.mark(c.get('staff'), c.req.valid('param').id, c.req.valid('json').status), 200),
    )
    .openapi(
      staffRoute('staff', {
        method: 'post',
        path: '/staff/bookings/{id}/cancel',
        summary: "Cancel a session on the customer's behalf, whatever the cut-off: minutes back to their lots, a card payment refunded, the customer texted",
        request: { params: BookingId, ...jsonBody(StaffCancelRequest) },
        responses: { 200: json(StaffBookingChangeResponse, 'Cancelled, with what happened to the payment'), ...missing, ...conflict },
      }),
      async (c) => c.json(await day.cancel(c.get('staff'), c.req.valid('param').id, c.req.valid('json').reason), 200),
    )
    .openapi(
      staffRoute('staff', {
        method: 'post',
        path: '/staff/bookings/{id}/move',
        summary: 'Move a session to another bed, day or time (same customer and payment); the customer is texted the new time',
        request: { params: BookingId, ...jsonBody(StaffMoveRequest) },
        responses: { 200: json(StaffBookingChangeResponse, 'Moved'), ...rules, ...missing, ...conflict },
      }),
      async (c) => c.json(await day.move(c.get('staff'), c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi(
      staffRoute('staff', {
        method: 'post',
        path: '/staff/bookings',
        summary: 'Book a walk-in or phone customer: a customer of the salon, or a new one signed up here at the desk',
        description:
          'The sunbed rules hold, except the lead time and horizon. Only the owner may override a rule, with a reason (never the age rule or one session a day).',
        request: jsonBody(WalkInRequest),
        responses: {
          201: json(StaffBookingResponse, 'Booked'),
          402: json(ErrorResponse, 'Paid from the balance, which does not cover it'),
          ...rules,
          ...missing,
          ...conflict,
        },
      }),
      async (c) => c.json(await day.walkIn(c.get('staff'), c.req.valid('json')), 201),
    )
    .openapi(
      staffRoute('staff', {
        method: 'post',
        path: '/staff/bookings/{id}/payment',
        summary: 'Take payment at the desk for a session to be paid in the salon: cash, card terminal or minutes from the balance, once',
        request: { params: BookingId, ...jsonBody(TakePaymentRequest) },
        responses: {
          200: json(StaffBookingChangeResponse, 'Paid: what was taken, and the session as it now stands'),
          402: json(ErrorResponse, 'The balance has too few minutes for this bed'),
          ...missing,
          ...conflict,
          422: json(ErrorResponse, 'Below the smallest payment the desk takes'),
        },
      }),
      async (c) => c.json(await day.takePayment(c.get('staff'), c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi(
      staffRoute('owner', {
        method: 'post',
        path: '/staff/bookings/{id}/payment/undo',
        summary: 'Undo a payment taken at the desk by mistake, with the reason: cash or card shows as given back, minutes go back on the balance',
        request: { params: BookingId, ...jsonBody(UndoPaymentRequest) },
        responses: { 200: json(StaffBookingChangeResponse, 'Undone: the session is to be paid again'), ...missing, ...conflict },
      }),
      async (c) => c.json(await day.undoPayment(c.get('staff'), c.req.valid('param').id, c.req.valid('json')), 200),
    )
}
