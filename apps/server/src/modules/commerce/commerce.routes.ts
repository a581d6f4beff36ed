import { createRoute } from '@hono/zod-openapi'
import {
  BalanceResponse,
  IdempotencyKey,
  PaymentIntentRequest,
  PaymentResponse,
  PromoCodeText,
  PromoQuery,
  PromoRefusalResponse,
  PromoResponse,
  PurchaseRequest,
  PurchaseResponse,
  ReferralsResponse,
} from '@salon/contracts/commerce'
import { ErrorResponse } from '@salon/contracts/errors'
import { z } from 'zod'
import { createRouter, errorResponses, json, jsonBody } from '../../lib/openapi.ts'
import { optionalIdentity, signedInRoute, type ApiEnv, type IdentityVerifier } from '../identity/public.ts'
import type { BalanceService } from './balance.service.ts'
import type { PaymentsService } from './payments.service.ts'
import type { PromoService } from './promo.service.ts'
import type { ReferralsService } from './referrals.service.ts'

const signedIn = [{ shopId: [], apiKey: [], identityToken: [] }]
const identityResponses = {
  ...errorResponses,
  401: json(ErrorResponse, 'The shop headers or the Authorization header (identity token) are missing, wrong, expired or revoked'),
} as const

export interface CommerceRoutesServices {
  promo: PromoService
  payments: PaymentsService
  balance: BalanceService
  referrals: ReferralsService
}

export function createCommerceRoutes(commerce: CommerceRoutesServices, verifier: IdentityVerifier) {
  return createRouter<ApiEnv>()
    .openapi(
      createRoute({
        method: 'get',
        path: '/apply/promocode/{code}',
        tags: ['Packages'],
        summary: 'Whether a promo code applies to a package, and what it takes off; or why not',
        description: 'With an identity token, a code the customer has already used is refused too. Nothing is reserved: the payment counts the use.',
        security: [{ shopId: [], apiKey: [] }, ...signedIn],
        middleware: [optionalIdentity(verifier)] as const,
        request: { params: z.object({ code: PromoCodeText }), query: PromoQuery },
        responses: {
          200: json(PromoResponse, 'The code applies'),
          ...identityResponses,
          404: json(PromoRefusalResponse, 'No such code (reason unknown), or no such package on sale'),
          409: json(PromoRefusalResponse, 'Used up, or already used by this customer'),
          422: json(PromoRefusalResponse, 'Expired, not valid yet, or not for this package'),
        },
      }),
      async (c) => {
        const { code } = c.req.valid('param')
        return c.json(await commerce.promo.applyPromo(c.get('shopId'), c.get('optionalIdentity'), code, c.req.valid('query').packageId), 200)
      },
    )
    .openapi(
      signedInRoute(verifier, {
        method: 'post',
        path: '/stripe_payment_intent',
        tags: ['Packages'],
        summary: 'Start a card payment for a package (with an optional promo code) or a held session',
        description:
          'The amount is worked out here from the package, the promo code or the session; an amount sent is refused. The Idempotency-Key header names the checkout: the same key answers the same payment (200), a new one makes a new payment (201).',
        request: { headers: z.object({ 'idempotency-key': IdempotencyKey }), ...jsonBody(PaymentIntentRequest) },
        responses: {
          200: json(PaymentResponse, 'The payment this key made before'),
          201: json(PaymentResponse, 'A new payment, to be confirmed in the browser with its client secret'),
          ...identityResponses,
          404: json(ErrorResponse, 'No such package on sale, promo code or held session'),
          409: json(ErrorResponse, 'The key was used for another checkout, the promo code is used up or used already, or the hold on the session has ended'),
          422: json(ErrorResponse, 'The promo code has expired, is not valid yet or is not for this package'),
        },
      }),
      async (c) => {
        const key = c.req.valid('header')['idempotency-key']
        const { payment, created } = await commerce.payments.createPayment(c.get('shopId'), c.get('identity'), key, c.req.valid('json'))
        return created ? c.json({ payment }, 201) : c.json({ payment }, 200)
      },
    )
    .openapi(
      signedInRoute(verifier, {
        method: 'put',
        path: '/customer/package',
        tags: ['Packages'],
        summary: 'Record the package a payment bought, once the card provider says it succeeded',
        description:
          'Credited once per payment however often it is called (and whether or not the webhook came first); only the customer who paid can claim it.',
        request: jsonBody(PurchaseRequest),
        responses: {
          200: json(PurchaseResponse, 'The lot of minutes the payment bought, and the new balance'),
          ...identityResponses,
          404: json(ErrorResponse, 'No such payment among the customer’s own'),
          409: json(ErrorResponse, 'The payment has not succeeded (yet)'),
          422: json(ErrorResponse, 'The payment was for a session, not a package'),
        },
      }),
      async (c) => c.json(await commerce.payments.recordPurchase(c.get('shopId'), c.get('identity'), c.req.valid('json').paymentId), 200),
    )
    .openapi(
      signedInRoute(verifier, {
        method: 'get',
        path: '/p_account/balance',
        tags: ['Account'],
        summary: "The customer's minutes: lots with what is left, bed types and expiry; what expires soon; and the history",
        responses: { 200: json(BalanceResponse, 'The balance'), ...identityResponses },
      }),
      async (c) => c.json(await commerce.balance.balance(c.get('shopId'), c.get('identity')), 200),
    )
    .openapi(
      signedInRoute(verifier, {
        method: 'get',
        path: '/p_account/referrals',
        tags: ['Account'],
        summary: "The customer's referral code, the friends who joined with it and the minutes earned",
        responses: { 200: json(ReferralsResponse, 'Refer and earn'), ...identityResponses },
      }),
      async (c) => c.json(await commerce.referrals.referrals(c.get('shopId'), c.get('identity')), 200),
    )
}
