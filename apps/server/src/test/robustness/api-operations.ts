import fc from 'fast-check'
import { HEALTH_QUESTIONS, healthQuestionsVersion } from '@salon/contracts/rules/health-questions'
import { badDate, badEmail, badPhone, badText, badTime, badUuid, badWholeNumber, MISSING, notA, toJsonText, unstorableText } from './bad-values.ts'
import type { BodySpec } from './bodies.ts'
import { probe, ROBUSTNESS_SHOP, type Probe } from './refusals.ts'

const TEST_SHOP_ID = ROBUSTNESS_SHOP.id
const TEST_API_KEY = ROBUSTNESS_SHOP.apiKey
export const shopHeaders = { shop_id: TEST_SHOP_ID, api_key: TEST_API_KEY }

export const BEDS = ROBUSTNESS_SHOP.beds.map((bed) => bed.id)
export const BED_TYPES = ['lay-down', 'stand-up', 'high-pressure'] as const
export const BLOG_IDS = ROBUSTNESS_SHOP.posts.map((post) => post.id)

/** A request to /api/: shop headers unless told, a JSON body from a value or raw text, flaws for the report. */
export function apiRequest(request: {
  method: string
  /** After /api/, percent-encoded. */
  path: string
  headers?: Record<string, string>
  withoutShop?: boolean
  json?: unknown
  raw?: string | Uint8Array
  /** null sends none. */
  contentType?: string | null
  flaws: string[]
}): Probe {
  const headers: Record<string, string> = { ...(request.withoutShop ? {} : shopHeaders), ...request.headers }
  const body = request.json !== undefined ? toJsonText(request.json) : request.raw
  const contentType = request.contentType === undefined ? (body === undefined ? null : 'application/json') : request.contentType
  if (contentType !== null) headers['content-type'] = contentType
  return probe({ method: request.method, url: `/api/${request.path}`, headers, body, flaws: request.flaws })
}

const dates = fc.constantFrom('2026-11-24', '2026-11-25', '2026-11-27', '2026-12-01', '2027-01-15')
const times = fc.constantFrom('09:00', '10:00', '13:15', '17:45', '20:00')
const minutes = fc.integer({ min: 1, max: 60 })
const text = (min: number, max: number) => fc.string({ unit: 'grapheme', minLength: min, maxLength: max }).filter((s) => s.trim().length >= min)
const notTrue = fc.oneof(fc.constantFrom(false, 'true', 1, 'yes', 'on', null), notA('boolean'))
const notBoolean = fc.oneof(fc.constantFrom('true', 'false', 1, 0, null, 'yes'), notA('boolean'))
const oneContact = (body: Record<string, unknown>) => body.email !== undefined || body.phone !== undefined
const noContact = fc.constantFrom(
  { flaw: 'neither email nor phone', set: { email: MISSING, phone: MISSING } },
  { flaw: 'blank email and phone', set: { email: '', phone: '  ' } },
)

export const contactMessage: BodySpec = {
  fields: {
    name: { valid: text(1, 40), bad: badText({ min: 1, max: 100, trims: true }) },
    email: { valid: fc.constantFrom('sophie@example.com', 'zoe.o-briain@example.co.uk', ' jo@example.com '), bad: badEmail, optional: true },
    phone: { valid: fc.constantFrom('07700 900123', '+44 7700 900123', '(01625) 611 000'), bad: badPhone, optional: true },
    message: { valid: text(2, 200), bad: badText({ min: 2, max: 5000, trims: true }) },
    consent: { valid: fc.constant(true), bad: notTrue },
  },
  validWhen: oneContact,
  wholeFlaws: noContact,
}

export const popupLead: BodySpec = {
  fields: {
    firstName: { valid: text(1, 30), bad: badText({ min: 1, max: 60, trims: true }) },
    email: contactMessage.fields.email!,
    phone: contactMessage.fields.phone!,
    marketingConsent: { valid: fc.constant(true), bad: notTrue },
  },
  validWhen: oneContact,
  wholeFlaws: noContact,
}

const bedId = { valid: fc.constantFrom(...BEDS), bad: badText({ min: 1, max: 64 }) }
const bedType = { valid: fc.constantFrom(...BED_TYPES), bad: badText({ min: 1, max: 64 }) }

export const appointmentRequest: BodySpec = {
  fields: {
    date: { valid: dates, bad: badDate },
    minutes: { valid: minutes, bad: badWholeNumber(1, 60) },
    bedType: { ...bedType, optional: true },
    bedId: { ...bedId, optional: true },
  },
}

export const priceRequest: BodySpec = {
  fields: { ...appointmentRequest.fields, time: { valid: times, bad: badTime } },
  validWhen: (body) => body.bedId !== undefined || body.bedType !== undefined,
  wholeFlaws: fc.constant({ flaw: 'neither bedId nor bedType', set: { bedId: MISSING, bedType: MISSING } }),
}

export const bookRequest: BodySpec = {
  fields: {
    date: { valid: fc.constantFrom('2026-11-25', '2026-11-26', '2026-11-30'), bad: badDate },
    time: { valid: times, bad: badTime },
    minutes: { valid: fc.integer({ min: 5, max: 12 }), bad: badWholeNumber(1, 60) },
    bedId,
  },
}

export const accountUpdate: BodySpec = {
  fields: {
    appMarketing: { valid: fc.boolean(), bad: notBoolean, optional: true },
    masterMarketing: { valid: fc.boolean(), bad: notBoolean, optional: true },
  },
  strict: true,
  validWhen: (body) => body.appMarketing !== undefined || body.masterMarketing !== undefined,
  wholeFlaws: fc.constant({ flaw: 'neither consent', set: { appMarketing: MISSING, masterMarketing: MISSING } }),
}

export const sessionStatus = (bookingId: string): BodySpec => ({
  fields: {
    id: { valid: fc.constant(bookingId), bad: badUuid },
    status: {
      valid: fc.constantFrom('attended', 'cancelled'),
      bad: fc.oneof(fc.constantFrom('booked', 'ATTENDED', 'Cancelled', 'cancelled ', '', 'deleted'), unstorableText, notA('string')),
    },
  },
})

/** The health questions answered (docs/product.md §4.15): every question true or false, with the version read. */
export const healthAnswers: BodySpec = {
  fields: {
    version: { valid: fc.constant(healthQuestionsVersion(1)), bad: fc.oneof(fc.constantFrom('', 'x'.repeat(21)), notA('string')) },
    answers: {
      valid: fc.record(Object.fromEntries(HEALTH_QUESTIONS.map((q) => [q.id, fc.boolean()]))),
      bad: fc.oneof(
        fc.constant({}),
        fc.constant(Object.fromEntries(HEALTH_QUESTIONS.map((q) => [q.id, 'no']))),
        fc.constant({ ...Object.fromEntries(HEALTH_QUESTIONS.map((q) => [q.id, false])), tattoo: false }),
        notA('object'),
      ),
    },
  },
  strict: true,
}

/** A skin reaction after one of the customer's sessions. */
export const reactionReport = (bookingId: string): BodySpec => ({
  fields: {
    bookingId: { valid: fc.constant(bookingId), bad: badUuid },
    kinds: {
      valid: fc.subarray(['redness', 'itching', 'soreness'], { minLength: 1 }),
      bad: fc.oneof(fc.constantFrom([], ['rash'], ['itching', 'itching'], 'redness'), notA('array')),
    },
    note: { valid: fc.string({ maxLength: 100 }), bad: fc.oneof(fc.constant('x'.repeat(501)), notA('string')), optional: true },
  },
  strict: true,
})

export const paymentIntentRequest: BodySpec = {
  fields: {
    packageId: { valid: fc.constantFrom('pkg-robust-30', 'pkg-robust-60'), bad: badText({ min: 1, max: 64 }) },
    promoCode: {
      valid: fc.constantFrom('ROBUST10', 'robust10'),
      bad: fc.oneof(fc.constantFrom('', 'ab', 'x'.repeat(33), 'TEN OFF', 'ten%', 'ROBUST10\u0000'), unstorableText, notA('string')),
      optional: true,
    },
    // The robustness customer has no gift voucher credit: asked to use it, a checkout is refused (409), so a valid body leaves it out or false.
    useCredit: { valid: fc.constant(false), bad: notBoolean, optional: true },
  },
}

export const purchaseRequest: BodySpec = {
  fields: { paymentId: { valid: fc.uuid(), bad: badUuid } },
  strict: true,
}

/** An /api/ operation as the OpenAPI document names it, with what a good request to it holds. */
export interface ApiOperation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  path: string
  identity: 'required' | 'optional' | 'none'
  body?: BodySpec
  /** Good values of the {id} (or {code}) path parameter. */
  id?: fc.Arbitrary<string>
  /** A good query string, without the question mark. */
  query?: string
  /** Headers a good request carries besides the shop's and the identity token. */
  headers?: fc.Arbitrary<Record<string, string>>
}

export const operationName = (op: Pick<ApiOperation, 'method' | 'path'>) => `${op.method} ${op.path}`

/**
 * Every operation of the API but the staff's; the suite checks this list against /api/openapi.json. The staff's calls
 * (under /staff/) are tried by staff-api.api.test.ts, generated from the same document.
 */
export function apiOperations(fixture: { bookingId: string }): ApiOperation[] {
  const booking = fc.constant(fixture.bookingId)
  return [
    { method: 'GET', path: '/website/salon', identity: 'none' },
    { method: 'GET', path: '/website/packages', identity: 'none' },
    { method: 'GET', path: '/blogs', identity: 'none' },
    { method: 'GET', path: '/blogs/details/{id}', identity: 'none', id: fc.constantFrom(...BLOG_IDS) },
    { method: 'GET', path: '/google/reviews', identity: 'none' },
    { method: 'POST', path: '/p_message', identity: 'none', body: contactMessage },
    { method: 'POST', path: '/popup/customer', identity: 'none', body: popupLead },
    { method: 'GET', path: '/p_preload_times', identity: 'none' },
    { method: 'POST', path: '/p_sessions', identity: 'none', body: appointmentRequest },
    { method: 'POST', path: '/booking/get_price_for_booking', identity: 'optional', body: priceRequest },
    { method: 'POST', path: '/p_book', identity: 'required', body: bookRequest },
    { method: 'GET', path: '/p_bookings', identity: 'required' },
    { method: 'GET', path: '/p_bookings/{id}', identity: 'required', id: booking },
    { method: 'POST', path: '/session/{id}', identity: 'required', id: booking },
    { method: 'PUT', path: '/session/status', identity: 'required', body: sessionStatus(fixture.bookingId) },
    { method: 'GET', path: '/p_account', identity: 'required' },
    { method: 'PUT', path: '/p_account', identity: 'required', body: accountUpdate },
    { method: 'GET', path: '/p_account/data', identity: 'required' },
    { method: 'GET', path: '/p_account/balance', identity: 'required' },
    { method: 'GET', path: '/p_account/referrals', identity: 'required' },
    { method: 'GET', path: '/p_account/health', identity: 'required' },
    { method: 'POST', path: '/p_account/health', identity: 'required', body: healthAnswers },
    { method: 'POST', path: '/p_account/reaction', identity: 'required', body: reactionReport(fixture.bookingId) },
    {
      method: 'GET',
      path: '/apply/promocode/{code}',
      identity: 'optional',
      id: fc.constantFrom('ROBUST10', 'robust10', 'NOSUCH'),
      query: 'packageId=pkg-robust-30',
    },
    {
      method: 'POST',
      path: '/stripe_payment_intent',
      identity: 'required',
      body: paymentIntentRequest,
      headers: fc.uuid().map((key) => ({ 'idempotency-key': key })),
    },
    { method: 'PUT', path: '/customer/package', identity: 'required', body: purchaseRequest },
    { method: 'GET', path: '/website/popup', identity: 'none' },
    { method: 'POST', path: '/staff_invitation/accept', identity: 'none', body: invitationAcceptance },
    // Gift vouchers (docs/product.md "Gift vouchers"): bought by anyone, redeemed and spent by a customer.
    { method: 'GET', path: '/gift_vouchers', identity: 'none' },
    { method: 'POST', path: '/gift_vouchers', identity: 'optional', body: voucherCheckout, headers: idempotencyKey },
    { method: 'GET', path: '/gift_vouchers/{paymentId}', identity: 'none', id: fc.uuid() },
    { method: 'GET', path: '/p_account/credit', identity: 'required' },
    { method: 'POST', path: '/p_account/credit/purchase', identity: 'required', body: creditPurchase, headers: idempotencyKey },
    { method: 'POST', path: '/p_account/vouchers', identity: 'required', body: voucherRedemption },
    // Memberships (docs/product.md "Memberships").
    { method: 'GET', path: '/membership_plans', identity: 'none' },
    { method: 'GET', path: '/p_account/membership', identity: 'required' },
    { method: 'POST', path: '/p_account/membership', identity: 'required', body: membershipJoin },
    { method: 'PUT', path: '/p_account/membership/payment', identity: 'required', body: membershipPayment },
    { method: 'POST', path: '/p_account/membership/card', identity: 'required' },
    { method: 'POST', path: '/p_account/membership/cancel', identity: 'required' },
    { method: 'POST', path: '/p_account/membership/pause', identity: 'required', body: membershipPause },
    // The waitlist (docs/product.md "Waitlist").
    { method: 'GET', path: '/p_account/waitlist', identity: 'required' },
    { method: 'POST', path: '/p_account/waitlist', identity: 'required', body: waitlistJoin },
    { method: 'DELETE', path: '/p_account/waitlist/{id}', identity: 'required', id: fc.uuid() },
    { method: 'GET', path: '/p_account/waitlist/offers/{token}', identity: 'required', id: offerToken },
    { method: 'POST', path: '/p_account/waitlist/offers/{token}/book', identity: 'required', id: offerToken },
  ]
}

const idempotencyKey = fc.uuid().map((key) => ({ 'idempotency-key': key }))
const offerToken = fc.stringMatching(/^[A-Za-z0-9_-]{32}$/)

/** A gift voucher bought by card: an amount or a package, to a mobile number or an email address. */
export const voucherCheckout: BodySpec = {
  fields: {
    amountPence: { valid: fc.constantFrom(1000, 2000, 2500, 5000), bad: badWholeNumber(1, 100_000_00), optional: true },
    packageId: { valid: fc.constantFrom('pkg-robust-30'), bad: badText({ min: 1, max: 64 }), optional: true },
    fromName: { valid: text(1, 30), bad: badText({ min: 1, max: 60, trims: true }) },
    recipientName: { valid: text(1, 30), bad: badText({ min: 1, max: 60, trims: true }) },
    recipientPhone: { valid: fc.constantFrom('07700 900123', '+447700900124'), bad: badPhone, optional: true },
    recipientEmail: { valid: fc.constantFrom('alex@example.com', ' jo@example.co.uk '), bad: badEmail, optional: true },
    message: { valid: text(0, 100), bad: badText({ min: 0, max: 300, trims: true }), optional: true },
    sendOn: { valid: dates, bad: badDate },
  },
  strict: true,
  validWhen: (body) =>
    (body.amountPence === undefined) !== (body.packageId === undefined) && (body.recipientPhone !== undefined || body.recipientEmail !== undefined),
  wholeFlaws: fc.constantFrom(
    { flaw: 'neither an amount nor a package', set: { amountPence: MISSING, packageId: MISSING } },
    { flaw: 'both an amount and a package', set: { amountPence: 2000, packageId: 'pkg-robust-30' } },
    { flaw: 'nobody to send it to', set: { recipientPhone: MISSING, recipientEmail: MISSING } },
  ),
}

export const voucherRedemption: BodySpec = {
  strict: true,
  fields: {
    code: { valid: fc.constantFrom('ABCD-EFGH-JKMN-PQRS', 'abcd efgh jkmn pqrs'), bad: fc.oneof(fc.constant('x'.repeat(41)), unstorableText, notA('string')) },
  },
}

export const creditPurchase: BodySpec = {
  strict: true,
  fields: { packageId: { valid: fc.constantFrom('pkg-robust-30', 'pkg-robust-60'), bad: badText({ min: 1, max: 64 }) } },
}

export const membershipJoin: BodySpec = { strict: true, fields: { planId: { valid: fc.uuid(), bad: badUuid } } }
export const membershipPayment: BodySpec = { strict: true, fields: { paymentId: { valid: fc.uuid(), bad: badUuid } } }
export const membershipPause: BodySpec = { strict: true, fields: { months: { valid: fc.integer({ min: 1, max: 12 }), bad: badWholeNumber(1, 12) } } }

/** Waiting for a time to come free on a day, between two start times. */
export const waitlistJoin: BodySpec = {
  fields: {
    date: { valid: dates, bad: badDate },
    from: { valid: fc.constantFrom('09:00', '10:00'), bad: badTime },
    to: { valid: fc.constantFrom('12:00', '17:45'), bad: badTime },
    minutes: { valid: fc.integer({ min: 5, max: 12 }), bad: badWholeNumber(1, 60) },
    bedType: { ...bedType, optional: true },
  },
}

/** Joining the staff with an invitation's code (docs/product.md §10.1); a valid body still finds no invitation: 400. */
export const invitationAcceptance: BodySpec = {
  strict: true,
  fields: {
    phone: { valid: fc.constantFrom('07700 900123', '+447700900124'), bad: badPhone },
    code: { valid: fc.constantFrom('123456', ' 000000 '), bad: fc.oneof(fc.constantFrom('12345', 'abcdef', '1234567', ''), notA('string')) },
    password: { valid: fc.constantFrom('Tanning-Time1', 'Joined-the-team-1'), bad: fc.oneof(notA('string'), fc.constant('x'.repeat(300))) },
  },
}

/** The operation's path after /api/, with its {id} or {code} filled in, and its query. */
export const pathOf = (op: ApiOperation, id?: string) =>
  `${op.path.slice(1).replace(/\{(id|code|paymentId|token)\}/, id ?? '')}${op.query ? `?${op.query}` : ''}`

/** Bad shop headers: missing, empty, near misses and made-up values. */
export const badShopHeaders: fc.Arbitrary<{ headers: Record<string, string>; flaw: string }> = (() => {
  const headerText = fc.string({ unit: 'binary-ascii', maxLength: 80 }).filter((s) => !/[\0\r\n]/.test(s))
  return fc.oneof(
    fc.constant({ headers: {}, flaw: 'no shop headers' }),
    fc.constant({ headers: { api_key: TEST_API_KEY }, flaw: 'no shop_id' }),
    fc.constant({ headers: { shop_id: TEST_SHOP_ID }, flaw: 'no api_key' }),
    fc.constant({ headers: { 'shop-id': TEST_SHOP_ID, 'api-key': TEST_API_KEY }, flaw: 'shop-id and api-key with dashes' }),
    fc
      .constantFrom(
        TEST_SHOP_ID.toUpperCase(),
        `${TEST_SHOP_ID}2`,
        TEST_SHOP_ID.replace('-', '_'),
        TEST_SHOP_ID.replace('-', ' '),
        `${TEST_SHOP_ID}' --`,
        '*',
        '%',
        `../${TEST_SHOP_ID}`,
        'x'.repeat(5000),
      )
      .map((shop_id) => ({ headers: { shop_id, api_key: TEST_API_KEY }, flaw: `shop_id = ${shop_id.slice(0, 40)}` })),
    fc
      .constantFrom(
        TEST_API_KEY.toUpperCase(),
        TEST_API_KEY.slice(0, -1),
        `${TEST_API_KEY}0`,
        TEST_API_KEY.replace('test', 'live'),
        'pk_test_',
        "' or '1'='1",
        'x'.repeat(5000),
      )
      .map((api_key) => ({ headers: { shop_id: TEST_SHOP_ID, api_key }, flaw: `api_key = ${api_key.slice(0, 40)}` })),
    fc.record({ shop_id: headerText, api_key: headerText }).map((headers) => ({ headers, flaw: 'made-up shop headers' })),
    headerText.filter((s) => s.trim() !== TEST_SHOP_ID).map((shop_id) => ({ headers: { shop_id, api_key: TEST_API_KEY }, flaw: 'made-up shop_id' })),
    headerText.filter((s) => s.trim() !== TEST_API_KEY).map((api_key) => ({ headers: { shop_id: TEST_SHOP_ID, api_key }, flaw: 'made-up api_key' })),
  )
})()
