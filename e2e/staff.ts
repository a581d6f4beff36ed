import type { APIRequestContext, Browser, Page, PlaywrightWorkerArgs, TestInfo } from '@playwright/test'
import { ukWallClock } from '@salon/contracts/uk-calendar'
import { browserErrors, demo, expect, signedInState, untilHydrated, type Customer, type StorageState } from './fixtures.ts'

/** The demo salon's owner, whom the server's demo seed makes (DEMO_OWNER_PHONE, DEMO_OWNER_PASSWORD). */
export const demoOwner = { phone: '+447700900100', password: 'Demo-owner-2026' }

/** The demo salon's headers, which every call to the API carries. */
export const shopHeaders = { shop_id: demo.shopId, api_key: demo.apiKey }

/**
 * The demo owner, signed in once for a test file: `storageState` is a fixture for `test.use`, so every page opens
 * signed in as the owner, and `idToken` is the owner's identity token for the owner's own calls to the API.
 */
export function signedInOwner() {
  let state: StorageState | undefined
  return {
    storageState: async (
      { playwright, baseURL }: Pick<PlaywrightWorkerArgs, 'playwright'> & { baseURL: string | undefined },
      use: (state: StorageState) => Promise<void>,
    ) => {
      if (!state) {
        const request = await playwright.request.newContext({ baseURL })
        state = await signedInState(request, demoOwner, baseURL!)
        await request.dispose()
      }
      await use(state)
    },
    idToken: () => decodeURIComponent(state!.cookies.find((c) => c.name.endsWith('.idToken'))!.value),
  }
}

/** A browser of the owner's, signed in, with the size and settings of the test's project; its errors fail the test. */
export async function ownerPage(browser: Browser, request: APIRequestContext, testInfo: TestInfo): Promise<{ page: Page; errors: string[] }> {
  const { baseURL, viewport, isMobile, hasTouch, userAgent, locale, timezoneId } = testInfo.project.use
  const context = await browser.newContext({
    baseURL,
    viewport,
    isMobile,
    hasTouch,
    userAgent,
    locale,
    timezoneId,
    storageState: await signedInState(request, demoOwner, baseURL!),
  })
  const page = await context.newPage()
  return { page, errors: browserErrors(page) }
}

/** Opens a Manage page and waits for its heading. */
export async function openManage(page: Page, path: string, heading: string) {
  await page.goto(path)
  await untilHydrated(page)
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
}

/** Signs in on the staff sign-in page and waits for the day sheet. */
export async function staffSignIn(page: Page, member: { phone: string; password: string } = demoOwner) {
  await page.goto('/staff/sign-in/')
  await untilHydrated(page)
  await page.getByLabel('Mobile number').fill(`0${member.phone.slice(3, 7)} ${member.phone.slice(7)}`)
  await page.getByLabel('Password', { exact: true }).fill(member.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL(/\/staff\/$/)
}

interface Slot {
  date: string
  time: string
  bed: { id: string; name: string }
}

/** The sunbeds the Manage test adds and retires while other tests run (staff-manage.spec.ts): never picked for a booking. */
export const PASSING_BED = 'Test bed'

/** The first free start times of the coming days, soonest first, for sessions of the first-session length, on the salon's own beds. */
export async function freeSlots(request: APIRequestContext): Promise<{ minutes: number; slots: Slot[] }> {
  const answer = (await (await request.get('/api/p_preload_times', { headers: shopHeaders })).json()) as {
    beds: { id: string; name: string }[]
    times: Record<string, { time: string; startsAt: string; bedIds: string[] }[]>
    minutes: number
  }
  const soon = Date.now() + 20 * 60_000
  const slots = Object.entries(answer.times)
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([date, times]) =>
      times
        .filter((t) => new Date(t.startsAt).getTime() > soon)
        .flatMap((t) => t.bedIds.map((id) => ({ date, time: t.time, bed: answer.beds.find((b) => b.id === id)! }))),
    )
    .filter((slot) => !slot.bed.name.startsWith(PASSING_BED))
  return { minutes: answer.minutes, slots }
}

/** The identity token of a customer or a member of staff, for their own calls to the API. */
export async function idTokenOf(request: APIRequestContext, customer: Pick<Customer, 'phone' | 'password'>, baseURL: string) {
  const state = await signedInState(request, customer, baseURL)
  return decodeURIComponent(state.cookies.find((c) => c.name.endsWith('.idToken'))!.value)
}

/**
 * A session the customer books for themselves online (POST p_book, as the booking page does), at a free time; with
 * `after`, on a day after that date. The customer has answered the health questions (`createCustomer` does so).
 */
export async function bookAsCustomer(request: APIRequestContext, customer: Customer, baseURL: string, options: { after?: string } = {}): Promise<Slot> {
  const headers = { ...shopHeaders, authorization: await idTokenOf(request, customer, baseURL) }
  const { minutes, slots: free } = await freeSlots(request)
  const slots = options.after ? free.filter((s) => s.date > options.after!) : free
  // Tests run side by side and free times are kept a moment: a time another test has just taken is tried again with another.
  for (let attempt = 0; ; attempt++) {
    const slot = pickAny(slots.slice(0, 60))
    const response = await request.post('/api/p_book', { headers, data: { date: slot.date, time: slot.time, minutes, bedId: slot.bed.id } })
    if (response.status() === 409 && attempt < 5) continue
    expect(response.status(), await response.text()).toBe(201)
    return slot
  }
}

/** One of the slots, at random, so tests running side by side seldom want the same one. */
export const pickAny = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!

/** A surname no other test run uses, in letters only (names take no digits): "Qadfrwe". */
export function uniqueSurname() {
  const letters = Array.from({ length: 7 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')
  return `${letters[0]!.toUpperCase()}${letters.slice(1)}`
}

/** The customer's id, as their account gives it. */
export async function customerSub(request: APIRequestContext, customer: Customer, baseURL: string): Promise<string> {
  const account = await request.get('/api/p_account', { headers: { ...shopHeaders, authorization: await idTokenOf(request, customer, baseURL) } })
  expect(account.status(), await account.text()).toBe(200)
  return ((await account.json()) as { account: { sub: string } }).account.sub
}

/**
 * A session that begins now, booked at the desk by the owner (a walk-in may start a few minutes ago), past any
 * opening-hours rule with the owner's override, whatever the time of day: the one kind of session that can be marked
 * attended at any hour. A bed another test has just taken is tried again with another. With `laterToday`, for a test
 * that needs a session today but not one under way, a later time today is taken first, and now only when today has none left.
 */
export async function walkInNow(
  request: APIRequestContext,
  sub: string,
  baseURL: string,
  options: { laterToday?: boolean } = {},
): Promise<{ id: string; time: string }> {
  // The UK's wall clock now, as YYYY-MM-DDTHH:MM.
  const now = Date.now()
  const [date, time] = ukWallClock(now).toISOString().slice(0, 16).split('T') as [string, string]
  const later = options.laterToday
    ? Array.from({ length: 12 }, (_, i) =>
        ukWallClock(now + (i + 1) * 15 * 60_000)
          .toISOString()
          .slice(0, 16),
      )
        .filter((at) => at.startsWith(date))
        .map((at) => at.slice(11))
    : []
  const { beds } = (await (await request.get('/api/website/salon', { headers: shopHeaders })).json()) as {
    beds: { id: string; minMinutes: number }[]
  }
  const headers = { ...shopHeaders, authorization: `Bearer ${await idTokenOf(request, demoOwner, baseURL)}` }
  // A test that does not need its session under way leaves the beds of this minute to those that do.
  for (const at of [...later, time]) {
    for (const bed of [...beds].sort(() => Math.random() - 0.5)) {
      const walkIn = await request.post('/api/staff/bookings', {
        headers,
        data: {
          customer: { sub },
          bedId: bed.id,
          date,
          time: at,
          minutes: Math.max(3, bed.minMinutes),
          paidWith: 'in_salon',
          override: { reason: 'A session at the desk for this test' },
          // The photo ID seen at the desk (docs/product.md §10.2): recorded at a customer's first desk booking, not asked again.
          idCheck: { document: 'passport' },
        },
      })
      if (walkIn.status() === 409 && /already booked/.test(await walkIn.text())) continue
      expect(walkIn.status(), await walkIn.text()).toBe(201)
      const { booking } = (await walkIn.json()) as { booking: { id: string } }
      return { id: booking.id, time: at }
    }
  }
  throw new Error(`every bed is taken at ${time} on ${date}`)
}
