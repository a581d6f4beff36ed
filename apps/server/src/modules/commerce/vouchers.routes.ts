import { createRoute } from '@hono/zod-openapi'
import { IdempotencyKey } from '@salon/contracts/commerce'
import { ErrorResponse } from '@salon/contracts/errors'
import {
  DeskVoucher,
  DeskVoucherLookupRequest,
  DeskVoucherRedeemRequest,
  DeskVoucherRedeemResponse,
  DeskVoucherSale,
  DeskVoucherSaleRequest,
  CreditPurchaseRequest,
  CreditPurchaseResponse,
  CreditResponse,
  RedeemVoucherRequest,
  RedeemVoucherResponse,
  VoucherCheckoutRequest,
  VoucherCheckoutResponse,
  VoucherOptions,
  VoucherSettings,
  VoucherSettingsRequest,
  BoughtVoucher,
} from '@salon/contracts/vouchers'
import { z } from 'zod'
import { addressForLimits } from '../../lib/address-prefix.ts'
import { HttpError } from '../../lib/errors.ts'
import { createRouter, errorResponses, json, jsonBody } from '../../lib/openapi.ts'
import { optionalIdentity, signedInRoute, type ApiEnv, type Identity, type IdentityVerifier } from '../identity/public.ts'
import { staffRoute, type StaffEnv } from '../shop/public.ts'
import type { CommerceRepository } from './commerce.repository.ts'
import type { PaymentsService } from './payments.service.ts'
import type { DeskVouchers } from './vouchers-desk.service.ts'
import { VOUCHER_MESSAGES, type Vouchers } from './vouchers.service.ts'

const signedIn = [{ shopId: [], apiKey: [], identityToken: [] }]
const identityResponses = {
  ...errorResponses,
  401: json(ErrorResponse, 'The shop headers or the Authorization header (identity token) are missing, wrong, expired or revoked'),
} as const
const PaymentId = z.object({ paymentId: z.uuid({ message: 'must be the id of your payment' }) })

export interface VoucherRoutesDeps {
  vouchers: Vouchers
  payments: Pick<PaymentsService, 'withIntent' | 'refreshed'>
  commerce: Pick<CommerceRepository, 'payment'>
  verifier: IdentityVerifier
  trustProxy: boolean
  buyWithCredit: (shopId: string, identity: Identity, key: string, packageId: string) => Promise<CreditPurchaseResponse>
}

/** Gift vouchers for visitors and customers: buying one by card, its confirmation, redeeming a code into credit. */
export function createVoucherRoutes(deps: VoucherRoutesDeps) {
  const { vouchers } = deps
  return createRouter<ApiEnv>()
    .openapi(
      createRoute({
        method: 'get',
        path: '/gift_vouchers',
        tags: ['Gift vouchers'],
        summary: 'What a gift voucher may be bought for: the amounts, packages as gifts, and how long a voucher lasts',
        responses: { 200: json(VoucherOptions, 'The options'), ...errorResponses },
      }),
      async (c) => c.json(await vouchers.options(c.get('shopId')), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/gift_vouchers',
        tags: ['Gift vouchers'],
        summary: 'Start a card payment for a gift voucher, by a visitor or a signed-in customer',
        description:
          'The value is an amount the owner offers, or a package as a gift. The voucher is issued once the card provider says the payment succeeded, and sent to the recipient on its day. The Idempotency-Key header names the checkout.',
        security: [{ shopId: [], apiKey: [] }, ...signedIn],
        middleware: [optionalIdentity(deps.verifier)] as const,
        request: { headers: z.object({ 'idempotency-key': IdempotencyKey }), ...jsonBody(VoucherCheckoutRequest) },
        responses: {
          200: json(VoucherCheckoutResponse, 'The payment this key made before'),
          201: json(VoucherCheckoutResponse, 'A new payment, to be confirmed in the browser with its client secret'),
          ...identityResponses,
          404: json(ErrorResponse, 'No such package on sale'),
          409: json(ErrorResponse, 'The key was used for another checkout'),
          422: json(ErrorResponse, 'An amount the salon does not offer, packages not sold as gifts, or a day to send it in the past or over a year ahead'),
          429: json(ErrorResponse, 'Too many payments started from this network in the last hour'),
        },
      }),
      async (c) => {
        const shopId = c.get('shopId')
        const key = c.req.valid('header')['idempotency-key']
        const address = addressForLimits(c, deps.trustProxy)
        const { row, created } = await vouchers.startCheckout(shopId, c.get('optionalIdentity'), address, key, c.req.valid('json'))
        const body = { payment: await deps.payments.withIntent(row), voucher: await vouchers.bought(shopId, row) }
        return created ? c.json(body, 201) : c.json(body, 200)
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/gift_vouchers/{paymentId}',
        tags: ['Gift vouchers'],
        summary: 'The gift voucher a payment bought, once the card provider says it succeeded (the buyer’s confirmation)',
        description:
          'Asks the provider about the payment first, so the voucher is issued here if the webhook has not come yet. The code is never shown: the recipient gets it.',
        request: { params: PaymentId },
        responses: { 200: json(BoughtVoucher, 'The voucher'), ...errorResponses, 404: json(ErrorResponse, 'No such gift voucher payment') },
      }),
      async (c) => {
        const shopId = c.get('shopId')
        const row = await deps.commerce.payment(c.req.valid('param').paymentId)
        if (!row || row.shopId !== shopId || row.purpose !== 'voucher') throw new HttpError(404, VOUCHER_MESSAGES.noSuchPayment)
        return c.json(await vouchers.bought(shopId, await deps.payments.refreshed(row)), 200)
      },
    )
    .openapi(
      signedInRoute(deps.verifier, {
        method: 'get',
        path: '/p_account/credit',
        tags: ['Account'],
        summary: "The customer's credit in pounds from gift vouchers, with each part's last day",
        responses: { 200: json(CreditResponse, 'The credit'), ...identityResponses },
      }),
      async (c) => c.json(await vouchers.credit(c.get('shopId'), c.get('identity')), 200),
    )
    .openapi(
      signedInRoute(deps.verifier, {
        method: 'post',
        path: '/p_account/credit/purchase',
        tags: ['Packages'],
        summary: "Buy a package wholly with the customer's gift voucher credit: no card, the minutes at once",
        description: 'The Idempotency-Key header names the checkout: the same key buys once (200 after the first, 201).',
        request: { headers: z.object({ 'idempotency-key': IdempotencyKey }), ...jsonBody(CreditPurchaseRequest) },
        responses: {
          200: json(CreditPurchaseResponse, 'This key bought it before'),
          201: json(CreditPurchaseResponse, 'Bought: the minutes are on the balance, the credit is what is left'),
          ...identityResponses,
          404: json(ErrorResponse, 'No such package on sale'),
          409: json(ErrorResponse, 'The credit does not cover the package, or the key was used for another checkout'),
        },
      }),
      async (c) => {
        const key = c.req.valid('header')['idempotency-key']
        const bought = await deps.buyWithCredit(c.get('shopId'), c.get('identity'), key, c.req.valid('json').packageId)
        return bought.created ? c.json(bought, 201) : c.json(bought, 200)
      },
    )
    .openapi(
      signedInRoute(deps.verifier, {
        method: 'post',
        path: '/p_account/vouchers',
        tags: ['Account'],
        summary: "Redeem a gift voucher: what is left of it becomes the customer's credit, with the voucher's expiry",
        description: 'Every code tried counts against limits per network and per account, as sign-in attempts do.',
        request: jsonBody(RedeemVoucherRequest),
        responses: {
          200: json(RedeemVoucherResponse, 'Redeemed: the credit now'),
          ...identityResponses,
          404: json(ErrorResponse, 'No voucher has this code'),
          409: json(ErrorResponse, 'The voucher is used up, expired, refunded or not paid for'),
          429: json(ErrorResponse, 'Too many codes tried in the last hour'),
        },
      }),
      async (c) => c.json(await vouchers.redeem(c.get('shopId'), c.get('identity'), addressForLimits(c, deps.trustProxy), c.req.valid('json').code), 200),
    )
}

const guessed = {
  404: json(ErrorResponse, 'No voucher has this code'),
  429: json(ErrorResponse, 'Too many codes tried in the last hour, from this network or by this member of staff'),
} as const

/** Gift vouchers under /api/staff/: the owner's settings; selling, looking up and redeeming at the desk. */
export function createVoucherStaffRoutes(vouchers: Vouchers, desk: DeskVouchers, trustProxy: boolean) {
  return createRouter<StaffEnv>()
    .openapi(
      staffRoute('staff', {
        method: 'post',
        path: '/staff/vouchers/sales',
        summary: 'Sell a gift voucher at the desk, for cash or on the card terminal, to print',
        description:
          'In the day’s takings as other counter sales. The code is answered once, by the sale that made it; the same idempotencyKey answers the same sale without it.',
        request: jsonBody(DeskVoucherSaleRequest),
        responses: {
          200: json(DeskVoucherSale, 'This key made this sale before'),
          201: json(DeskVoucherSale, 'Sold: the voucher, with its code to print'),
          404: json(ErrorResponse, 'No such package on sale'),
          409: json(ErrorResponse, 'The key was used for a different sale'),
        },
      }),
      async (c) => {
        const { sale, created } = await desk.sell(c.get('staff'), c.req.valid('json'))
        return created ? c.json(sale, 201) : c.json(sale, 200)
      },
    )
    .openapi(
      staffRoute('staff', {
        method: 'post',
        path: '/staff/vouchers/lookup',
        summary: 'A gift voucher handed over at the desk: its value, what is left and until when',
        description: 'The code is sent in the body, never in the address, so it is in no log. Every code tried counts, as sign-in attempts do.',
        request: jsonBody(DeskVoucherLookupRequest),
        responses: { 200: json(DeskVoucher, 'The voucher'), ...guessed },
      }),
      async (c) => c.json(await desk.lookup(c.get('staff'), addressForLimits(c, trustProxy), c.req.valid('json').code), 200),
    )
    .openapi(
      staffRoute('staff', {
        method: 'post',
        path: '/staff/vouchers/redemptions',
        summary: 'Take part or all of a gift voucher’s value against a sale at the desk; the rest stays on it',
        request: jsonBody(DeskVoucherRedeemRequest),
        responses: {
          200: json(DeskVoucherRedeemResponse, 'Taken: what is left on the voucher'),
          ...guessed,
          409: json(ErrorResponse, 'The voucher has less left than asked, or is used up, expired, refunded or not paid for'),
        },
      }),
      async (c) => c.json(await desk.redeem(c.get('staff'), addressForLimits(c, trustProxy), c.req.valid('json')), 200),
    )
    .openapi(
      staffRoute('owner', {
        method: 'get',
        path: '/staff/vouchers/settings',
        summary: 'The gift voucher settings: the amounts offered, packages as gifts, and the months a voucher lasts',
        responses: { 200: json(VoucherSettings, 'The settings (the defaults until the owner saves them)') },
      }),
      async (c) => c.json(await vouchers.settingsOf(c.get('staff').shopId), 200),
    )
    .openapi(
      staffRoute('owner', {
        method: 'put',
        path: '/staff/vouchers/settings',
        summary: 'Save the gift voucher settings',
        request: jsonBody(VoucherSettingsRequest),
        responses: { 200: json(VoucherSettings, 'The settings saved') },
      }),
      async (c) => c.json(await vouchers.saveSettings(c.get('staff').shopId, c.req.valid('json')), 200),
    )
}
