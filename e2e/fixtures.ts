import { createServer } from 'node:net'
import { test as base, expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test'
import { CLIENT_ID, codeIn, passwordSignInInput, signUpInput } from '../apps/server/src/test/factories/sign-up.ts'
import { OUTBOX_JSON } from './outbox.ts'
export { expect }

/** What a browser context keeps between tests: here, the cookies in which Amplify keeps the session. */
export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>

/** A customer with the browser state of a session of theirs, made through the identity service. */
export interface SignedInCustomer extends Customer {
  storageState: StorageState
}

/** The message Chromium logs by itself when a page answers 404; only tests that open a missing page allow it. */
export const MISSING_PAGE_ERROR = /Failed to load resource: the server responded with a status of 404/

/** Chromium logs every 400 answer; forms whose fields the server checks expect one when a field is wrong. */
export const REFUSED_REQUEST_ERROR = /Failed to load resource: the server responded with a status of 400 \(Bad Request\) \S*\/api\//

type Options = {
  /** Leave the home page's offer popup free to open (by default it counts as already seen). */
  showOfferPopup: boolean
  /** Console errors a test expects and accepts, matched against the message followed by the address it came from. */
  allowedConsoleErrors: RegExp[]
  /**
   * Open the browser signed in: as the worker's customer, whom tests only look at ('shared'), or as a new
   * customer of the test's own ('own'), for tests that change the customer. Signed out when null.
   */
  signedIn: 'shared' | 'own' | null
}

type Fixtures = {
  /** The customer the browser is signed in as (needs `signedIn`). */
  customer: SignedInCustomer
  /** Makes the test's own signed-in customer on first call, then returns the same one. */
  ownCustomer: () => Promise<SignedInCustomer>
}

type WorkerFixtures = {
  /** Makes the worker's shared signed-in customer on first call, then returns the same one. */
  sharedCustomer: () => Promise<SignedInCustomer>
}

export const test = base.extend<Options & Fixtures, WorkerFixtures>({
  showOfferPopup: [false, { option: true }],
  allowedConsoleErrors: [[], { option: true }],
  signedIn: [null, { option: true }],

  sharedCustomer: [
    async ({ playwright }, use, workerInfo) => {
      // Signed in once per worker, through the identity service, as Playwright's authentication guide does.
      const baseURL = workerInfo.project.use.baseURL!
      const request = await playwright.request.newContext({ baseURL })
      let made: Promise<SignedInCustomer> | undefined
      await use(() => (made ??= createSignedInCustomer(request, baseURL)))
      await request.dispose()
    },
    { scope: 'worker' },
  ],

  ownCustomer: async ({ playwright, baseURL }, use) => {
    // A request context of its own: the test's `request` fixture is built from the options this one helps make.
    const request = await playwright.request.newContext({ baseURL })
    let made: Promise<SignedInCustomer> | undefined
    await use(() => (made ??= createSignedInCustomer(request, baseURL!)))
    await request.dispose()
  },

  customer: async ({ signedIn, sharedCustomer, ownCustomer }, use) => {
    if (!signedIn) throw new Error('The customer fixture needs test.use({ signedIn: "shared" | "own" })')
    await use(await (signedIn === 'shared' ? sharedCustomer : ownCustomer)())
  },

  storageState: async ({ signedIn, storageState, sharedCustomer, ownCustomer }, use) => {
    if (!signedIn) return use(storageState)
    await use((await (signedIn === 'shared' ? sharedCustomer : ownCustomer)()).storageState)
  },

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
    const problems = browserErrors(page, allowedConsoleErrors)
    const refusals = identityRefusals(page)
    await use(page)
    const refused = refusals.length ? `; the identity service refused: ${refusals.join('; ')}` : ''
    expect(problems, `the browser reported errors${refused}`).toEqual([])
  },
})

/**
 * Collects the console errors (but the allowed ones) and uncaught errors of a page, for a test to expect none.
 * The `page` fixture does this for its page; a test that opens a second browser does it for that one's page.
 */
export function browserErrors(page: Page, allowedConsoleErrors: RegExp[] = []): string[] {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() !== 'error') return
    const text = `${message.text()} ${message.location().url}`.trim()
    if (allowedConsoleErrors.some((allowed) => allowed.test(text))) return
    problems.push(`console error on ${page.url()}: ${text}`)
  })
  page.on('pageerror', (error) => problems.push(`page error on ${page.url()}: ${error.message}`))
  return problems
}

/**
 * The identity service's refusals on a page (operation, status and answer): Chromium's console names only the
 * address of a refused call, and every call goes to the same one.
 */
export function identityRefusals(page: Page): string[] {
  const refusals: string[] = []
  page.on('response', (response) => {
    if (response.status() < 400 || !new URL(response.url()).pathname.startsWith('/cognito/')) return
    const operation = response.request().headers()['x-amz-target']?.split('.').pop() ?? 'an unnamed operation'
    void response.text().then(
      (body) => refusals.push(`${operation} ${response.status()} ${body.slice(0, 300)}`),
      () => refusals.push(`${operation} ${response.status()}`),
    )
  })
  return refusals
}

/** The demo salon the server seeds into an empty data directory. */
export const salon = {
  name: 'Bronze & Glow Tanning Studio',
  beds: ['Solara Classic 24', 'Aurelia X9', 'Vertica 44', 'Skyline V360', 'Helios HP12'],
  bedTypes: ['Lay-down sunbeds', 'Stand-up sunbeds', 'High-pressure sunbeds'],
  packages: ['Starter 30', 'Stand-Up Express 40', 'Regular 60'],
  blogTitle: 'Sunbeds and the law in the UK: why we check ID',
}

/**
 * Waits until React has taken the page over from the server's HTML (hydrated it): before that a button does
 * nothing and a form is sent as a plain HTML form. React marks each element it takes over, <html> last of all.
 */
export async function untilHydrated(page: Page) {
  await expect
    .poll(() => page.evaluate(() => Object.keys(document.documentElement).some((key) => key.startsWith('__reactProps$'))), {
      message: 'the page’s scripts take it over',
    })
    .toBe(true)
}

/** True when the page is no wider than the window (nothing makes it scroll sideways). */
export async function fitsTheWindow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)
}

/** The addresses of the page's images that have no alt attribute (an empty one is right for a picture that says nothing). */
export function imagesWithoutAlt(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.images)
      .filter((image) => !image.hasAttribute('alt'))
      .map((image) => image.src),
  )
}

/** The page's form fields that have no accessible name: no label with text, no aria-label, no aria-labelledby that names one. */
export function unnamedFields(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLInputElement>('input:not([type=hidden]), textarea, select'))
      .filter((field) => {
        const byLabel = Array.from(field.labels ?? []).some((label) => label.textContent?.trim())
        const byAria = Boolean(field.getAttribute('aria-label')?.trim())
        const byReference = (field.getAttribute('aria-labelledby') ?? '')
          .split(/\s+/)
          .some((id: string) => id && document.getElementById(id)?.textContent?.trim())
        return !byLabel && !byAria && !byReference
      })
      .map((field) => field.outerHTML.slice(0, 120)),
  )
}

/**
 * Keeps a picture of the whole page for a person to look at, when E2E_SCREENSHOTS is set
 * (`E2E_SCREENSHOTS=1 npm run test:e2e` writes them under test-results/); it asserts nothing, so a run without
 * the setting skips the work. Headless Chromium now and then refuses a full-page capture while the page settles
 * ("Unable to capture screenshot"), so the capture is tried again until it works.
 */
export async function keepScreenshot(page: Page, path: string) {
  if (!process.env.E2E_SCREENSHOTS) return
  await expect(async () => {
    await page.screenshot({ path, fullPage: true, timeout: 5_000 })
  }).toPass({ timeout: 20_000 })
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
  clientId: CLIENT_ID,
}

const demoShop: ShopKeys = { shopId: demo.shopId, apiKey: demo.apiKey }

/**
 * Each test worker draws numbers from a block of its own (Playwright numbers its workers), one after another from a
 * start that moves with the clock, so that a run against a server kept from an earlier run starts elsewhere. Numbers
 * made from the time and a random part collided now and then between two workers: "User already exists".
 */
const PHONES_PER_WORKER = 10_000
const phoneBlock = (Number(process.env.TEST_WORKER_INDEX ?? 0) % 10) * PHONES_PER_WORKER
let phoneNext = Math.floor(Date.now() / 1000) % PHONES_PER_WORKER

/** A mobile number in the 07700 9xxxxx range that no other test of the run uses. */
export function uniquePhone() {
  phoneNext = (phoneNext + 1) % PHONES_PER_WORKER
  return `+447700${900_000 + phoneBlock + phoneNext}`
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

/** A salon's id and web app key, as its pages send them in the shop_id and api_key headers. */
export interface ShopKeys {
  shopId: string
  apiKey: string
}

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
  let code: string | undefined
  await expect
    .poll(
      async () => {
        const outbox = (await (await request.get(OUTBOX_JSON)).json()) as { channel: string; to: string; body: string; sentAt: string }[]
        const message = outbox.find((m) => m.channel === 'sms' && m.to === phone && m.sentAt > since)
        code = codeIn(message?.body)
        return code
      },
      { message: `a text message with a code reaches ${phone}`, intervals: [50, 100, 200] },
    )
    .toBeDefined()
  return code!
}

/**
 * A customer made straight through the identity service: confirmed unless asked otherwise, and then with the health
 * questions answered all "no" (docs/product.md §4.15) unless `healthAnswered` is false.
 */
export async function createCustomer(
  request: Requester,
  options: { confirmed?: boolean; lastName?: string; healthAnswered?: boolean; shop?: ShopKeys } = {},
): Promise<Customer> {
  const shop = options.shop ?? demoShop
  const customer: Customer = { phone: uniquePhone(), password: 'Sunny#2024', firstName: 'Amy', lastName: options.lastName ?? 'Jones', email: 'amy@example.com' }
  // The same sign-up as the server's tests make (apps/server/src/test/factories), sent over HTTP as the browser sends it.
  await cognito(
    request,
    'SignUp',
    signUpInput({
      phone: customer.phone,
      password: customer.password,
      email: customer.email,
      givenName: customer.firstName,
      familyName: customer.lastName,
      birthdate: '1990-05-01',
      metadata: { shop_id: shop.shopId, api_key: shop.apiKey, marketing: 'false' },
    }),
  )
  if (options.confirmed !== false) {
    await cognito(request, 'ConfirmSignUp', { ClientId: demo.clientId, Username: customer.phone, ConfirmationCode: await smsCode(request, customer.phone) })
    if (options.healthAnswered !== false) await answerHealthQuestions(request, customer, [], shop)
  }
  return customer
}

/** Answers a salon's health questions (the demo salon's unless another is named) through the API, all "no" unless some are named "yes". */
export async function answerHealthQuestions(request: Requester, customer: Pick<Customer, 'phone' | 'password'>, yes: string[] = [], shop: ShopKeys = demoShop) {
  const tokens = await signInTokens(request, customer)
  const headers = { shop_id: shop.shopId, api_key: shop.apiKey, authorization: `Bearer ${tokens.IdToken}` }
  const health = (await (await request.get('/api/p_account/health', { headers })).json()) as { version: string; questions: { id: string }[] }
  const answers = Object.fromEntries(health.questions.map((q) => [q.id, yes.includes(q.id)]))
  const answered = await request.post('/api/p_account/health', { headers, data: { version: health.version, answers } })
  if (!answered.ok()) throw new Error(`the health questions could not be answered: ${answered.status()}`)
}

/** The customer's tokens from the identity service, by the password flow (the web app's Amplify signs in by SRP, with the same tokens). */
async function signInTokens(request: Requester, customer: Pick<Customer, 'phone' | 'password'>) {
  const { AuthenticationResult: tokens } = await cognito<{ AuthenticationResult: { IdToken: string; AccessToken: string; RefreshToken: string } }>(
    request,
    'InitiateAuth',
    passwordSignInInput(customer.phone, customer.password),
  )
  return tokens
}

/** Percent-encodes a cookie value as js-cookie (Amplify's CookieStorage) does: it leaves a few characters as they are. */
const cookieValue = (value: string) => encodeURIComponent(value).replace(/%(2[346BF]|3[AC-F]|40|5[BDE]|60|7[BCD])/g, decodeURIComponent)

/**
 * The browser state of a customer signed in through the identity service instead of the form: the cookies
 * Amplify writes after a sign-in (docs/decisions/006), for the site at `baseURL`.
 */
export async function signedInState(request: Requester, customer: Pick<Customer, 'phone' | 'password'>, baseURL: string): Promise<StorageState> {
  const tokens = await signInTokens(request, customer)
  const prefix = `CognitoIdentityServiceProvider.${demo.clientId}`
  const values: [string, string][] = [
    [`${prefix}.LastAuthUser`, customer.phone],
    [`${prefix}.${customer.phone}.accessToken`, tokens.AccessToken],
    [`${prefix}.${customer.phone}.idToken`, tokens.IdToken],
    [`${prefix}.${customer.phone}.refreshToken`, tokens.RefreshToken],
    [`${prefix}.${customer.phone}.signInDetails`, JSON.stringify({ loginId: customer.phone, authFlowType: 'USER_PASSWORD_AUTH' })],
    [`${prefix}.${customer.phone}.clockDrift`, '0'],
  ]
  const expires = Math.floor(Date.now() / 1000) + 365 * 24 * 3600
  const domain = new URL(baseURL).hostname
  return {
    cookies: values.map(([name, value]) => ({
      name,
      value: cookieValue(value),
      domain,
      path: '/',
      expires,
      httpOnly: false,
      secure: false,
      sameSite: 'Lax' as const,
    })),
    origins: [],
  }
}

/** A new confirmed customer, signed in through the identity service. */
export async function createSignedInCustomer(request: Requester, baseURL: string): Promise<SignedInCustomer> {
  const customer = await createCustomer(request)
  return { ...customer, storageState: await signedInState(request, customer, baseURL) }
}

/** Signs in through the sign-in page, as a customer does, and waits for the home page: for the sign-in tests themselves. */
export async function signIn(page: Page, customer: Pick<Customer, 'phone' | 'password'>) {
  await page.goto('/sign-in/')
  await untilHydrated(page)
  await page.getByLabel('Mobile number').fill(localPhone(customer.phone))
  await page.getByLabel('Password', { exact: true }).fill(customer.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL('/')
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
  await untilHydrated(page)
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

/** "2026-11-23" → "Monday 23 November", as the booking page's day strip, its confirmation and a saved booking name a day. */
export const dayName = (date: string) =>
  new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`)).replace(',', '')

/** Opens /book/ (`address`: another server's too) and picks the day `date`. */
export async function openBookingDay(page: Page, date: string, address = '/book/') {
  await page.goto(address)
  await untilHydrated(page)
  await page
    .getByRole('radiogroup', { name: 'Day' })
    .getByRole('radio', { name: new RegExp(`^${dayName(date)}:`) })
    .check()
}

/** On /book/, once the start times show: picks one of them (`pick`: at random by default); answers the time. */
export async function chooseStartTime(page: Page, pick: (times: string[]) => string = (times) => times[Math.floor(Math.random() * times.length)]!) {
  const times = page.getByRole('radiogroup', { name: 'Start time' }).getByRole('radio')
  await expect(times.first()).toBeAttached()
  const time = pick(await times.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value)))
  await page.getByRole('radiogroup', { name: 'Start time' }).getByRole('radio', { name: time, exact: true }).check()
  return time
}

/** On /book/: picks the day `date` and any of its free start times, at random; answers the time. */
export async function chooseAnyTime(page: Page, date: string): Promise<string> {
  await openBookingDay(page, date)
  return chooseStartTime(page)
}

/** A port free on this machine now, for a spec's own server (two workers of one spec each start theirs). */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer()
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
