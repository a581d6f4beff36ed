import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test'

export { expect }

/** The message Chromium logs by itself when a page answers 404; only tests that open a missing page allow it. */
export const MISSING_PAGE_ERROR = /Failed to load resource: the server responded with a status of 404/

/** Chromium logs every 400 answer; forms whose fields the server checks expect one when a field is wrong. */
export const REFUSED_REQUEST_ERROR = /Failed to load resource: the server responded with a status of 400 \(Bad Request\) \S*\/api\//

type Options = {
  /** Leave the home page's offer popup free to open (by default it counts as already seen). */
  showOfferPopup: boolean
  /** Console errors a test expects and accepts, matched against the message followed by the address it came from. */
  allowedConsoleErrors: RegExp[]
}

export const test = base.extend<Options>({
  showOfferPopup: [false, { option: true }],
  allowedConsoleErrors: [[], { option: true }],

  context: async ({ context, showOfferPopup }, use) => {
    if (!showOfferPopup) {
      await context.addInitScript(() => {
        try {
          window.localStorage.setItem('offer-popup-seen', 'e2e')
        } catch {
          // about:blank and other opaque origins have no storage
        }
      })
    }
    await use(context)
  },

  page: async ({ page, allowedConsoleErrors }, use) => {
    const problems: string[] = []
    page.on('console', (message) => {
      if (message.type() !== 'error') return
      const text = `${message.text()} ${message.location().url}`.trim()
      if (allowedConsoleErrors.some((allowed) => allowed.test(text))) return
      problems.push(`console error on ${page.url()}: ${text}`)
    })
    page.on('pageerror', (error) => problems.push(`page error on ${page.url()}: ${error.message}`))
    await use(page)
    expect(problems, 'the browser reported errors').toEqual([])
  },
})

/** The demo salon the server seeds into an empty data directory. */
export const salon = {
  name: 'Bronze & Glow Tanning Studio',
  beds: ['Solara Classic 24', 'Aurelia X9', 'Vertica 44', 'Skyline V360', 'Helios HP12'],
  bedTypes: ['Lay-down sunbeds', 'Stand-up sunbeds', 'High-pressure sunbeds'],
  packages: ['Starter 30', 'Stand-Up Express 40', 'Regular 60'],
  blogTitle: 'Sunbeds and the law in the UK: why we check ID',
}

/** True when the page is no wider than the window (nothing makes it scroll sideways). */
export async function fitsTheWindow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)
}

/** A short text no other test run uses. */
export function unique(prefix: string) {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
}

/** Chromium logs every 400 from the identity service; tests that expect a refusal (wrong password, unknown number) allow those. */
export const IDENTITY_REFUSED_ERROR = /Failed to load resource: the server responded with a status of 400 \(Bad Request\) \S*\/cognito\//

/** The demo salon's public settings (the server's defaults). */
export const demo = {
  shopId: 'bronze-glow',
  apiKey: 'pk_demo_3f9c2a7e41b84d6a9e0c5b1d8f27a4c6',
  clientId: '5k1n7an5a1on0c1ien7id0demo',
}

let phoneCounter = 0

/** A mobile number in Ofcom's drama range (07700 9xxxxx) that no other test uses: time, process and a counter. */
export function uniquePhone() {
  phoneCounter += 1
  const n = (Math.floor(Date.now() / 10) + process.pid * 7919 + phoneCounter * 104_729 + Math.floor(Math.random() * 100)) % 100_000
  return `+447700${String(900_000 + n).padStart(6, '0')}`
}

/** "+447700912345" → "07700 912345", the way a customer types it. */
export const localPhone = (phone: string) => `0${phone.slice(3, 7)} ${phone.slice(7)}`

export interface Customer {
  phone: string
  password: string
  firstName: string
  lastName: string
  email: string
}

type Requester = Pick<APIRequestContext, 'post' | 'get'>

/** One call to the identity service, the way Amplify makes it. */
export async function cognito<T = Record<string, unknown>>(request: Requester, operation: string, body: object): Promise<T> {
  const response = await request.post('/cognito/', {
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${operation}` },
    data: JSON.stringify(body),
  })
  const answer = (await response.json()) as T & { __type?: string; message?: string }
  if (!response.ok()) throw Object.assign(new Error(answer.message ?? `${operation} failed`), { name: answer.__type })
  return answer
}

/** The code of the newest text message sent to this phone (after `since`, an ISO time), from the outbox. */
export async function smsCode(request: Requester, phone: string, since = ''): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const outbox = (await (await request.get('/dev/outbox.json')).json()) as { channel: string; to: string; body: string; sentAt: string }[]
    const message = outbox.find((m) => m.channel === 'sms' && m.to === phone && m.sentAt > since)
    const code = message?.body.match(/\b\d{6}\b/)?.[0]
    if (code) return code
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`No text message with a code reached ${phone}`)
}

/** A customer made straight through the identity service: confirmed unless asked otherwise. */
export async function createCustomer(request: Requester, options: { confirmed?: boolean } = {}): Promise<Customer> {
  const customer: Customer = { phone: uniquePhone(), password: 'Sunny#2024', firstName: 'Amy', lastName: 'Jones', email: 'amy@example.com' }
  await cognito(request, 'SignUp', {
    ClientId: demo.clientId,
    Username: customer.phone,
    Password: customer.password,
    UserAttributes: [
      { Name: 'phone_number', Value: customer.phone },
      { Name: 'email', Value: customer.email },
      { Name: 'given_name', Value: customer.firstName },
      { Name: 'family_name', Value: customer.lastName },
      { Name: 'birthdate', Value: '1990-05-01' },
      { Name: 'custom:skin_type', Value: '3' },
    ],
    ClientMetadata: { shop_id: demo.shopId, api_key: demo.apiKey, marketing: 'false' },
  })
  if (options.confirmed !== false) {
    await cognito(request, 'ConfirmSignUp', { ClientId: demo.clientId, Username: customer.phone, ConfirmationCode: await smsCode(request, customer.phone) })
  }
  return customer
}

/** Signs in through the sign-in page, as a customer does, and waits for the home page. */
export async function signIn(page: Page, customer: Pick<Customer, 'phone' | 'password'>) {
  await page.goto('/sign-in/')
  await page.getByLabel('Mobile number').fill(localPhone(customer.phone))
  await page.getByLabel('Password', { exact: true }).fill(customer.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL(/\/$/)
  await expectSignedIn(page)
}

/** The header offers Sign out (in the main navigation or the side menu, whichever this screen uses). */
export async function expectSignedIn(page: Page) {
  await expect(page.getByRole('button', { name: /^sign out$/i, includeHidden: true }).first()).toBeAttached()
  await expect(page.getByRole('link', { name: /^sign in$/i, includeHidden: true })).toHaveCount(0)
}

export async function expectSignedOut(page: Page) {
  await expect(page.getByRole('link', { name: /^sign in$/i, includeHidden: true }).first()).toBeAttached()
  await expect(page.getByRole('button', { name: /^sign out$/i, includeHidden: true })).toHaveCount(0)
}

/** Signs out from the header: the main navigation on a wide screen, the side menu on a phone. */
export async function signOutFromHeader(page: Page) {
  const openMenu = page.getByRole('button', { name: 'Open menu' })
  if (await openMenu.isVisible()) {
    await openMenu.click()
    await page.getByRole('navigation', { name: 'Side menu' }).getByRole('button', { name: 'SIGN OUT' }).click()
  } else {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }).click()
  }
}

/** The open days after today with plenty of free times, from the salon's own preload, earliest first. */
export async function openDays(request: Requester): Promise<string[]> {
  const response = await request.get('/api/p_preload_times', { headers: { shop_id: demo.shopId, api_key: demo.apiKey } })
  const { times } = (await response.json()) as { times: Record<string, unknown[]> }
  return Object.entries(times)
    .slice(1)
    .filter(([, slots]) => slots.length > 8)
    .map(([date]) => date)
}
