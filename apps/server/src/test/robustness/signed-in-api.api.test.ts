import { randomUUID } from 'node:crypto'
import fc from 'fast-check'
import { beforeAll, it } from 'vitest'
import { describeApi } from '../harness.ts'
import {
  accountUpdate,
  apiOperations,
  BEDS,
  apiRequest,
  bookRequest,
  paymentIntentRequest,
  priceRequest,
  purchaseRequest,
  sessionStatus,
  type ApiOperation,
  creditPurchase,
  membershipJoin,
  membershipPause,
  membershipPayment,
  voucherRedemption,
  waitlistJoin,
} from './api-operations.ts'
import { badPathSegment, deeplyNested, inFirstField, badUuid, encodeSegment, notAnObject, notJson, notJsonContentType } from './bad-values.ts'
import { badTokens, type BadToken } from './bad-tokens.ts'
import { brokenBody, validBody, type BodySpec } from './bodies.ts'
import { bookedCustomer, goodRequest, type BookedCustomer } from './fixtures.ts'
import { refusals, robustnessSuite } from './refusals.ts'

describeApi(
  'robustness: the signed-in API',
  (t) => {
    const suite = refusals('signed-in-api', t)
    /** The customer whose tokens the bad ones are made from; a forged token wrongly let in would act on their booking. */
    let holder: BookedCustomer
    /** The customer of the other properties. */
    let customer: BookedCustomer
    /** Another customer, whose booking is not the first one's to see or change. */
    let neighbour: BookedCustomer
    let operations: ApiOperation[]
    let tokens: fc.Arbitrary<BadToken>
    beforeAll(async () => {
      holder = await bookedCustomer(t(), { date: '2026-11-24', time: '09:00' })
      customer = await bookedCustomer(t(), { date: '2026-11-24', time: '10:00' })
      neighbour = await bookedCustomer(t(), { date: '2026-11-24', time: '11:00' })
      operations = apiOperations(holder)
      tokens = (await badTokens(t(), holder.tokens)).api
    })

    it('every signed-in operation refuses forged, expired, tampered, revoked and made-up identity tokens with 401', async () => {
      const signedIn = operations.filter((op) => op.identity !== 'none')
      const requests = fc.constantFrom(...signedIn).chain((op) =>
        fc
          .tuple(goodRequest(op, holder.authorization), tokens)
          // Without a token the price is a visitor's, which is no refusal.
          .filter(([, bad]) => op.identity === 'required' || bad.token.trim() !== '')
          .map(([good, bad]) => apiRequest({ ...good, headers: bad.token ? { authorization: bad.token } : {}, flaws: [bad.flaw] })),
      )
      const withoutToken = fc
        .constantFrom(...signedIn.filter((op) => op.identity === 'required'))
        .chain((op) => goodRequest(op, holder.authorization).map((good) => apiRequest({ ...good, headers: {}, flaws: ['no Authorization header'] })))
      await suite.check(fc.oneof({ arbitrary: requests, weight: 9 }, { arbitrary: withoutToken, weight: 1 }), {
        seed: 1201,
        runs: 2000,
        kind: 'api',
        status: 401,
      })
    })

    const withToken = (method: string, path: string, spec: BodySpec) =>
      brokenBody(spec).map(({ body, flaws }) => apiRequest({ method, path, json: body, headers: { authorization: customer.authorization }, flaws }))

    it('booking refuses bad dates, times, minutes and beds, and so does the price for a signed-in customer', async () => {
      const requests = fc.oneof(withToken('POST', 'p_book', bookRequest), withToken('POST', 'booking/get_price_for_booking', priceRequest))
      await suite.check(requests, { seed: 1202, runs: 900, kind: 'api' })
    })

    it('a session status change refuses bad ids and statuses', async () => {
      await suite.check(withToken('PUT', 'session/status', sessionStatus(customer.bookingId)), { seed: 1203, runs: 500, kind: 'api' })
    })

    it('a card payment and a purchase record refuse bad packages, promo codes and payment ids', async () => {
      const payment = brokenBody(paymentIntentRequest).map(({ body, flaws }) =>
        apiRequest({
          method: 'POST',
          path: 'stripe_payment_intent',
          json: body,
          headers: { authorization: customer.authorization, 'idempotency-key': randomUUID() },
          flaws,
        }),
      )
      await suite.check(fc.oneof(payment, withToken('PUT', 'customer/package', purchaseRequest)), { seed: 1210, runs: 600, kind: 'api' })
    })

    it('a voucher code, a credit checkout, joining or pausing a membership, its payment and joining the waitlist refuse bad fields', async () => {
      const checkout = brokenBody(creditPurchase).map(({ body, flaws }) =>
        apiRequest({
          method: 'POST',
          path: 'p_account/credit/purchase',
          json: body,
          headers: { authorization: customer.authorization, 'idempotency-key': randomUUID() },
          flaws,
        }),
      )
      const requests = fc.oneof(
        checkout,
        withToken('POST', 'p_account/vouchers', voucherRedemption),
        withToken('POST', 'p_account/membership', membershipJoin),
        withToken('POST', 'p_account/membership/pause', membershipPause),
        withToken('PUT', 'p_account/membership/payment', membershipPayment),
        withToken('POST', 'p_account/waitlist', waitlistJoin),
      )
      await suite.check(requests, { seed: 1211, runs: 900, kind: 'api' })
    })

    it('the marketing consents refuse anything but true and false, and any other field', async () => {
      await suite.check(withToken('PUT', 'p_account', accountUpdate), { seed: 1204, runs: 500, kind: 'api' })
    })

    it('booking addresses refuse ids that are not the customer’s bookings', async () => {
      const id = fc.oneof(
        badUuid.filter((value) => typeof value === 'string' && value !== '').map((value) => encodeSegment(value as string)),
        badPathSegment,
        fc.uuid().map(String),
        fc.constant(randomUUID()),
        fc.constant(neighbour.bookingId),
      )
      const requests = fc
        .tuple(fc.constantFrom<[string, string]>(['GET', 'p_bookings/{id}'], ['POST', 'session/{id}']), id)
        .map(([[method, path], value]) =>
          apiRequest({ method, path: path.replace('{id}', value), headers: { authorization: customer.authorization }, flaws: [`id = ${value.slice(0, 40)}`] }),
        )
      await suite.check(requests, { seed: 1205, runs: 500, kind: 'api' })
    })

    it('a booking far in the past or beyond the horizon, at any time and length, is refused', async () => {
      const day = (min: string, max: string) =>
        fc.date({ min: new Date(min), max: new Date(max), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10))
      const time = fc
        .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
        .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`)
      const requests = fc
        .record({
          date: fc.oneof(day('0100-01-01T00:00:00Z', '2026-11-22T00:00:00Z'), day('2027-01-01T00:00:00Z', '9999-12-31T00:00:00Z')),
          time,
          minutes: fc.integer({ min: 1, max: 60 }),
          bedId: fc.constantFrom(...BEDS),
        })
        .map((json) => apiRequest({ method: 'POST', path: 'p_book', json, headers: { authorization: customer.authorization }, flaws: [`date = ${json.date}`] }))
      await suite.check(requests, { seed: 1207, runs: 400, kind: 'api' })
    })

    it('signed-in bodies that are not one JSON object, or not JSON at all, are refused', async () => {
      const posts: [string, string, BodySpec][] = [
        ['POST', 'p_book', bookRequest],
        ['PUT', 'session/status', sessionStatus(customer.bookingId)],
        ['PUT', 'p_account', accountUpdate],
        ['POST', 'booking/get_price_for_booking', priceRequest],
        ['PUT', 'customer/package', purchaseRequest],
      ]
      const headers = () => ({ authorization: customer.authorization })
      const requests = fc.constantFrom(...posts).chain(([method, path, spec]) =>
        fc.oneof(
          notJson.map((raw) => apiRequest({ method, path, raw, headers: headers(), flaws: ['not JSON'] })),
          notAnObject(validBody(spec)).map((json) => apiRequest({ method, path, json, headers: headers(), flaws: ['not an object'] })),
          fc
            .tuple(validBody(spec), notJsonContentType)
            .map(([json, contentType]) => apiRequest({ method, path, json, contentType, headers: headers(), flaws: [`content type = ${contentType}`] })),
          validBody(spec).map((json) => apiRequest({ method, path, json, contentType: null, headers: headers(), flaws: ['no content type'] })),
          fc
            .tuple(validBody(spec), deeplyNested)
            .map(([json, nested]) =>
              apiRequest({ method, path, json: inFirstField(json, nested), headers: headers(), flaws: ['a field nested thousands deep'] }),
            ),
        ),
      )
      await suite.check(requests, { seed: 1206, runs: 600, kind: 'api' })
    })
  },
  robustnessSuite,
)
