import { Hono } from 'hono'
import { expect, it } from 'vitest'
import type { NonceVariables } from './lib/security-headers.ts'
import { fromAddress } from './test/factories/customers.ts'
import { describeApi } from './test/harness.ts'
import { apiFetchFor, asTheVisitorSeesIt, isSharedPage, sharedPageKey, withoutCredentials, type WebHandler } from './web.ts'

const shop = { id: 'web-page-salon', apiKey: 'pk_test_web_page_salon_key' }

/** A stand-in for the web app whose one page, like the home page's form action, sends a contact message through the API in process. */
const web: WebHandler = {
  routes: (fetchInProcess) => {
    const app = new Hono<{ Variables: NonceVariables }>()
    app.post('/send/', async (c) => {
      const body = JSON.stringify({ name: 'Form Sender', email: 'form@example.com', message: 'Sent by a page', consent: true })
      const answer = await fetchInProcess(
        new Request('http://localhost/api/p_message', {
          method: 'POST',
          headers: { shop_id: shop.id, api_key: shop.apiKey, 'content-type': 'application/json' },
          body,
        }),
        c.env,
      )
      return c.json(await answer.json(), answer.status as 201)
    })
    return app
  },
}

describeApi(
  'the web app’s calls to the API in process',
  (t) => {
    const send = (address: string) => t().app.request('/send/', { method: 'POST' }, fromAddress(address))

    it('count against the visitor’s own address, not one address shared by every visitor', async () => {
      for (let i = 0; i < 5; i++) expect((await send('192.0.2.41')).status).toBe(201)
      expect((await send('192.0.2.41')).status).toBe(429)
      // Another visitor sending through the same page is not held up by the first.
      expect((await send('192.0.2.42')).status).toBe(201)
    })
  },
  { deps: () => ({ web }), shop },
)

it('behind a proxy that ends HTTPS, the page is addressed as the visitor’s browser addressed it', () => {
  const request = new Request('http://salon.example/sign-in/', { method: 'POST', headers: { 'x-forwarded-proto': 'https' } })
  expect(asTheVisitorSeesIt(request, true).url).toBe('https://salon.example/sign-in/')
  expect(asTheVisitorSeesIt(request, true).method).toBe('POST')
  // Without a trusted proxy the header is anybody's to send, and is ignored.
  expect(asTheVisitorSeesIt(request, false).url).toBe('http://salon.example/sign-in/')
  const odd = new Request('http://salon.example/', { headers: { 'x-forwarded-proto': 'gopher' } })
  expect(asTheVisitorSeesIt(odd, true).url).toBe('http://salon.example/')
})

it('behind a proxy that ends HTTPS, the calls a page makes while it renders still reach the API in process', async () => {
  const visitor = asTheVisitorSeesIt(new Request('http://salon.example/', { headers: { 'x-forwarded-proto': 'https' } }), true)
  const calls: string[] = []
  const apiFetch = apiFetchFor(visitor, '/api', async (request) => (calls.push(request.url), new Response('answered in process')))
  const answer = await apiFetch(new Request('https://salon.example/api/website/salon'))
  expect(await answer.text()).toBe('answered in process')
  expect(calls).toEqual(['https://salon.example/api/website/salon'])
})

it("only pages of public content are shared between visitors: never the free times, a customer's pages or sign-in", () => {
  for (const path of ['/', '/prices/', '/blog/', '/blog/know-your-skin-type/', '/book/package/', '/privacypolicy/']) expect(isSharedPage(path), path).toBe(true)
  for (const path of ['/book/', '/book/times/', '/account/', '/sign-in/', '/payment/', '/blog/a/b/', '/prices', '/upcoming-booking/'])
    expect(isSharedPage(path), path).toBe(false)
})

it('a kept page is shared by everyone asking for its path when the site address is configured, else only per address', async () => {
  const keyOf = async (siteUrl: string | null, trustProxy: boolean, url: string, headers: Record<string, string> = {}) => {
    const app = new Hono().get('*', (c) => c.text(sharedPageKey(siteUrl, trustProxy)(c)))
    return (await app.request(url, { headers })).text()
  }
  expect(await keyOf('https://www.salon.example', false, 'http://attacker.example/prices/')).toBe('/prices/')
  expect(await keyOf(null, false, 'http://attacker.example/prices/')).toBe('http://attacker.example/prices/')
  expect(await keyOf(null, false, 'http://salon.example:3000/')).toBe('http://salon.example:3000/')
  // Behind a trusted proxy that ends HTTPS the page names https://, so it is kept apart from the http:// one.
  expect(await keyOf(null, true, 'http://salon.example/', { 'x-forwarded-proto': 'https' })).toBe('https://salon.example/')
  expect(await keyOf(null, false, 'http://salon.example/', { 'x-forwarded-proto': 'https' })).toBe('http://salon.example/')
})

it('a page kept for everyone is rendered without the cookies or Authorization of the visitor who asked first', () => {
  const request = new Request('https://salon.example/blog/', {
    headers: { cookie: 'CognitoIdentityServiceProvider.c.LastAuthUser=%2B447700900123', authorization: 'Bearer t', 'accept-language': 'en-GB' },
  })
  const rendered = withoutCredentials(request)
  expect(rendered.headers.has('cookie')).toBe(false)
  expect(rendered.headers.has('authorization')).toBe(false)
  expect(rendered.headers.get('accept-language')).toBe('en-GB')
  expect(rendered.url).toBe('https://salon.example/blog/')
  const anonymous = new Request('https://salon.example/')
  expect(withoutCredentials(anonymous)).toBe(anonymous)
})
