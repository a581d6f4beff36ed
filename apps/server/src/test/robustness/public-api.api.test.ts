import fc from 'fast-check'
import { beforeAll, expect, it } from 'vitest'
import { describeApi } from '../harness.ts'
import {
  apiOperations,
  apiRequest,
  appointmentRequest,
  BED_TYPES,
  BEDS,
  BLOG_IDS,
  contactMessage,
  operationName,
  popupLead,
  priceRequest,
  type ApiOperation,
  badShopHeaders,
  voucherCheckout,
} from './api-operations.ts'
import { badPathSegment, deeplyNested, inFirstField, notAnObject, notJson, notJsonContentType, toJsonText, tooLong } from './bad-values.ts'
import { brokenBody, validBody, type BodySpec } from './bodies.ts'
import { bookedCustomer, goodRequest, type BookedCustomer } from './fixtures.ts'
import { refusals, robustnessSuite } from './refusals.ts'

describeApi(
  'robustness: shop headers and the public API',
  (t) => {
    const suite = refusals('public-api', t)
    let customer: BookedCustomer
    let operations: ApiOperation[]
    beforeAll(async () => {
      customer = await bookedCustomer(t(), { date: '2026-11-24', time: '10:00' })
      operations = apiOperations(customer)
    })

    it('the suite covers every operation of the OpenAPI document but the staff calls, which staff-api.api.test.ts tries', async () => {
      const document = (await (await t().app.request('/api/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> }
      const documented = Object.entries(document.paths)
        .filter(([path]) => !path.startsWith('/staff/'))
        .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`))
      expect(operations.map(operationName).sort()).toEqual(documented.sort())
    })

    it('every operation refuses missing, wrong and made-up shop headers with 401', async () => {
      const requests = fc
        .constantFrom(...operations)
        .chain((op) =>
          fc
            .tuple(goodRequest(op, customer.authorization), badShopHeaders)
            .map(([good, bad]) => apiRequest({ ...good, headers: { ...good.headers, ...bad.headers }, withoutShop: true, flaws: [bad.flaw] })),
        )
      await suite.check(requests, { seed: 1101, runs: 1200, kind: 'api', status: 401 })
    })

    const bodyProperty = (path: string, spec: BodySpec) => brokenBody(spec).map(({ body, flaws }) => apiRequest({ method: 'POST', path, json: body, flaws }))

    it('the contact form refuses bad fields', async () => {
      await suite.check(bodyProperty('p_message', contactMessage), { seed: 1102, runs: 700, kind: 'api' })
    })

    it('the offer popup refuses bad fields', async () => {
      await suite.check(bodyProperty('popup/customer', popupLead), { seed: 1103, runs: 600, kind: 'api' })
    })

    it('a gift voucher checkout refuses bad amounts, names, contacts, messages and days', async () => {
      const requests = brokenBody(voucherCheckout).map(({ body, flaws }) =>
        apiRequest({ method: 'POST', path: 'gift_vouchers', json: body, headers: { 'idempotency-key': crypto.randomUUID() }, flaws }),
      )
      await suite.check(requests, { seed: 1105, runs: 700, kind: 'api' })
    })

    it('free times and prices refuse bad dates, times, minutes and beds', async () => {
      const requests = fc.oneof(bodyProperty('p_sessions', appointmentRequest), bodyProperty('booking/get_price_for_booking', priceRequest))
      await suite.check(requests, { seed: 1104, runs: 900, kind: 'api' })
    })

    it('bodies that are not one JSON object, or not JSON at all, are refused', async () => {
      const posts: [string, BodySpec][] = [
        ['p_message', contactMessage],
        ['popup/customer', popupLead],
        ['p_sessions', appointmentRequest],
        ['booking/get_price_for_booking', priceRequest],
      ]
      const requests = fc.constantFrom(...posts).chain(([path, spec]) =>
        fc.oneof(
          notJson.map((raw) => apiRequest({ method: 'POST', path, raw, flaws: ['not JSON'] })),
          notAnObject(validBody(spec)).map((json) => apiRequest({ method: 'POST', path, json, flaws: ['not an object'] })),
          fc
            .tuple(validBody(spec), notJsonContentType)
            .map(([json, contentType]) => apiRequest({ method: 'POST', path, json, contentType, flaws: [`content type = ${contentType}`] })),
          validBody(spec).map((json) => apiRequest({ method: 'POST', path, json, contentType: null, flaws: ['no content type'] })),
          validBody(spec).map((json) => apiRequest({ method: 'POST', path, raw: toJsonText(json).slice(0, -1), flaws: ['cut short'] })),
          fc
            .tuple(validBody(spec), tooLong(70_000))
            .map(([json, padding]) => apiRequest({ method: 'POST', path, json: { ...json, padding }, flaws: ['over 64 KiB'] })),
          fc
            .tuple(validBody(spec), deeplyNested)
            .map(([json, nested]) => apiRequest({ method: 'POST', path, json: inFirstField(json, nested), flaws: ['a field nested thousands deep'] })),
          fc
            .uint8Array({ minLength: 1, maxLength: 40 })
            .map((bytes) => apiRequest({ method: 'POST', path, raw: new Uint8Array([0x7b, 0xff, 0xfe, ...bytes]), flaws: ['not UTF-8'] })),
        ),
      )
      await suite.check(requests, { seed: 1105, runs: 700, kind: 'api' })
    })

    it('a blog post address that names no post is refused', async () => {
      const requests = badPathSegment
        .filter((segment) => !(BLOG_IDS as readonly string[]).includes(segment))
        .map((segment) => apiRequest({ method: 'GET', path: `blogs/details/${segment}`, flaws: [`id = ${segment.slice(0, 40)}`] }))
      await suite.check(
        fc.oneof(
          requests,
          tooLong(200).map((id) => apiRequest({ method: 'GET', path: `blogs/details/${id}`, flaws: ['id over 200 characters'] })),
        ),
        {
          seed: 1106,
          runs: 300,
          kind: 'api',
        },
      )
    })

    it('a NUL byte anywhere in the query is refused', async () => {
      const requests = fc
        .tuple(fc.constantFrom(...operations), fc.constantFrom('q=%00', '%00=1', 'date=2026-11-24%00', 'a=1&b=x%00y', 'shop_id=%00'))
        .chain(([op, query]) =>
          goodRequest(op, customer.authorization).map((good) => apiRequest({ ...good, path: `${good.path}?${query}`, flaws: [`query ${query}`] })),
        )
      await suite.check(requests, { seed: 1107, runs: 300, kind: 'api' })
    })

    it('addresses and methods the API does not have get a JSON 404 or 405', async () => {
      const known = ['website/salon', 'blogs', 'p_message', 'p_sessions', 'p_account', 'p_bookings', 'openapi.json']
      const requests = fc.oneof(
        fc
          .tuple(fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'), fc.array(badPathSegment, { minLength: 1, maxLength: 3 }))
          .map(([method, segments]) => ({ method, path: `nothing-here/${segments.join('/')}` })),
        fc.constantFrom(...known).chain((path) => fc.constantFrom('DELETE', 'PATCH', 'OPTIONS').map((method) => ({ method, path }))),
        fc.constantFrom(
          { method: 'POST', path: 'website/salon' },
          { method: 'POST', path: 'openapi.json' },
          { method: 'GET', path: 'p_message' },
          { method: 'PUT', path: 'p_book' },
          { method: 'GET', path: 'blogs/' },
          { method: 'GET', path: 'Blogs' },
          { method: 'GET', path: 'blogs/details/' },
          { method: 'GET', path: 'website' },
          { method: 'GET', path: '' },
        ),
      )
      await suite.check(
        requests.map(({ method, path }) =>
          apiRequest({ method, path, headers: { authorization: customer.authorization }, flaws: [`no such endpoint ${method} /api/${path}`] }),
        ),
        { seed: 1108, runs: 300, kind: 'api' },
      )
    })

    it('dates far in the past or future, every length and unknown beds never break free times or prices', async () => {
      const anyDay = fc
        .date({ min: new Date('0100-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10))
      const bed = fc.oneof(
        fc.constantFrom(...BEDS),
        fc.string({ minLength: 1, maxLength: 64 }).filter((s) => s.trim() !== '' && !s.includes('\u0000')),
      )
      const request = fc.record(
        {
          date: anyDay,
          time: fc.constantFrom('00:00', '06:59', '12:00', '23:59'),
          minutes: fc.integer({ min: 1, max: 60 }),
          bedId: bed,
          bedType: fc.constantFrom(...BED_TYPES),
        },
        { requiredKeys: ['date', 'time', 'minutes'] },
      )
      const requests = fc
        .tuple(fc.constantFrom('p_sessions', 'booking/get_price_for_booking'), request)
        .map(([path, json]) => apiRequest({ method: 'POST', path, json, flaws: [] }))
      await suite.check(requests, { seed: 1109, runs: 500, kind: 'api', allowSuccess: true })
    })
  },
  robustnessSuite,
)
