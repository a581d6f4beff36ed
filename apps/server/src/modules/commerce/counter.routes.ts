import { ErrorResponse } from '@salon/contracts/errors'
import {
  AdjustmentRequest,
  AdjustmentResponse,
  CashUpRequest,
  CashUpResponse,
  CounterMinutesRequest,
  CounterRefundRequest,
  CounterRefundResponse,
  CounterSale,
  CounterSaleRequest,
  TakingsQuery,
  TakingsResponse,
} from '@salon/contracts/staff-counter'
import { z } from 'zod'
import { createRouter, json, jsonBody } from '../../lib/openapi.ts'
import { staffRoute, type StaffEnv } from '../shop/public.ts'
import type { CounterRefund } from './counter-refund.service.ts'
import type { CounterService } from './counter.service.ts'
import type { Takings } from './takings.service.ts'

const Sub = z.object({ sub: z.uuid({ message: 'must be a customer id' }) })
const saleResponses = {
  200: json(CounterSale, 'This idempotency key already made this sale: the same sale'),
  201: json(CounterSale, 'Sold: paid, and the minutes are on the balance'),
  403: json(
    ErrorResponse,
    "Not on this salon's staff; or a member of staff selling to themselves, or further below the price list than the owner's limit (GET /api/staff/counter-rules): only the owner may, and the audit log flags it",
  ),
  404: json(ErrorResponse, 'No such customer at this salon, no such package on sale, or no such promo code'),
  409: json(ErrorResponse, 'The key was used for a different sale, or the promo code is used up or already used by the customer'),
  422: json(ErrorResponse, 'The promo code has ended, has not started or is not for this package; or a bed type the salon does not have'),
} as const

/** The counter's calls under /api/staff/ (docs/product.md §10.3). */
export function createCounterRoutes(counter: CounterService, takings: Takings, refund: CounterRefund) {
  return createRouter<StaffEnv>()
    .openapi(
      staffRoute('staff', {
        method: 'post',
        path: '/staff/counter/sales',
        summary: 'Sell a package at the counter, for cash or on the card terminal',
        description:
          'The minutes go on the balance at once, exactly as an online purchase of the package gives them (promo code and referral rules too). The same idempotencyKey answers the same sale.',
        request: jsonBody(CounterSaleRequest),
        responses: saleResponses,
      }),
      async (c) => {
        const { sale, created } = await counter.sellPackage(c.get('staff'), c.req.valid('json'))
        return created ? c.json(sale, 201) : c.json(sale, 200)
      },
    )
    .openapi(
      staffRoute('staff', {
        method: 'post',
        path: '/staff/counter/minutes',
        summary: 'Sell loose minutes at the counter at a price the member of staff names',
        description: 'A lot labelled "12 minutes from the counter", for the bed types given (by default all) and validityDays (by default 365).',
        request: jsonBody(CounterMinutesRequest),
        responses: saleResponses,
      }),
      async (c) => {
        const { sale, created } = await counter.sellMinutes(c.get('staff'), c.req.valid('json'))
        return created ? c.json(sale, 201) : c.json(sale, 200)
      },
    )
    .openapi(
      staffRoute('owner', {
        method: 'post',
        path: '/staff/counter/refunds',
        summary: 'Refund a counter sale or a package bought online: its unused minutes leave the balance, its products go back in stock',
        request: jsonBody(CounterRefundRequest),
        responses: {
          200: json(CounterRefundResponse, 'Refunded; the answer says how many minutes had already been used'),
          404: json(ErrorResponse, 'No such sale at this salon'),
          409: json(ErrorResponse, 'Already refunded'),
          422: json(ErrorResponse, 'Not a counter sale (an online card payment)'),
        },
      }),
      async (c) => c.json(await refund(c.get('staff'), c.req.valid('json')), 200),
    )
    .openapi(
      staffRoute('owner', {
        method: 'post',
        path: '/staff/customers/{sub}/adjustments',
        summary: "Correct a customer's balance, with the reason",
        description: 'Positive minutes are a new lot; negative ones come off the lots with minutes, soonest to expire first, never below zero.',
        request: { params: Sub, ...jsonBody(AdjustmentRequest) },
        responses: {
          200: json(AdjustmentResponse, 'Corrected, with the balance before and after'),
          404: json(ErrorResponse, 'No such customer at this salon'),
          409: json(ErrorResponse, 'The balance has fewer minutes than would be taken off'),
          422: json(ErrorResponse, 'A bed type the salon does not have'),
        },
      }),
      async (c) => c.json(await counter.adjust(c.get('staff'), c.req.valid('param').sub, c.req.valid('json')), 200),
    )
    .openapi(
      staffRoute('staff', {
        method: 'get',
        path: '/staff/counter/takings',
        summary: "A day's or a range's takings by method, less their refunds, with sessions paid at the desk, those still to take, and the days' cash-ups",
        description: 'The shop’s local days: `date` for one, `from` and `to` for a range (at most 366 days); today when neither is given.',
        request: { query: TakingsQuery },
        responses: { 200: json(TakingsResponse, 'The takings'), 422: json(ErrorResponse, 'A range longer than the most one query may span') },
      }),
      async (c) => c.json(await takings.takings(c.get('staff').shopId, c.req.valid('query')), 200),
    )
    .openapi(
      staffRoute('staff', {
        method: 'post',
        path: '/staff/counter/cash-up',
        summary: 'Close a day at the desk, once: the float, the cash counted and the card terminal’s total, against what the takings say',
        request: jsonBody(CashUpRequest),
        responses: {
          200: json(CashUpResponse, 'Closed: each difference, and who closed it'),
          409: json(ErrorResponse, 'The day was cashed up already (when, and by whom)'),
          422: json(ErrorResponse, 'A day still to come'),
        },
      }),
      async (c) => c.json(await takings.cashUp(c.get('staff'), c.req.valid('json')), 200),
    )
}
