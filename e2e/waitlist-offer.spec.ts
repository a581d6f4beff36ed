import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { APIRequestContext, Browser, Page } from '@playwright/test'
import { addDays, shortDate, weekdayOf } from '@salon/contracts/dates'
import { MONTHS, ukDateOf, ukOffsetMinutes, ukWallClock, WEEKDAYS } from '@salon/contracts/uk-calendar'
import {
  browserErrors,
  createCustomer,
  dayName,
  demo,
  expect,
  keepScreenshot,
  localPhone,
  signedInState,
  test,
  untilHydrated,
  type Customer,
  freePort,
} from './fixtures.ts'
import { OUTBOX_JSON, OUTBOX_TOKEN } from './outbox.ts'

/**
 * The waitlist from end to end (docs/product.md "Waitlist"): a customer on it gets the text after a cancellation and
 * books through its link. A freed time is not offered in the quiet hours (21:00 to 08:00), so the suite runs a server
 * of its own whose clock libfaketime starts at 10:30 on the next weekday, whatever the hour the suite runs at; the
 * server keeps its data in the embedded database, which reads the same clock (docs/decisions/055).
 */
const SHOP = { shop_id: demo.shopId, api_key: demo.apiKey }
const MINUTE = 60_000

/** libfaketime's library (Debian's faketime package), under the machine's multiarch directory; undefined when missing. */
const FAKETIME_LIBRARY = (() => {
  const dirs = existsSync('/usr/lib') ? readdirSync('/usr/lib') : []
  return ['', ...dirs].map((dir) => path.join('/usr/lib', dir, 'faketime/libfaketime.so.1')).find((file) => existsSync(file))
})()

test.skip(!FAKETIME_LIBRARY && !process.env.CI, 'faketime is not installed here (apt-get install faketime); under CI it must be')

/** 10:30 in the UK on the next weekday after today's real date: the salon's daytime, never the quiet hours. */
function nextWeekdayMorning(now = Date.now()): number {
  let date = addDays(ukDateOf(now), 1)
  while (weekdayOf(date) === 0 || weekdayOf(date) === 6) date = addDays(date, 1)
  const wall = Date.parse(`${date}T10:30:00Z`)
  return wall - ukOffsetMinutes(wall) * MINUTE
}

/** "YYYY-MM-DD HH:MM:SS" in UTC, as FAKETIME reads it in a process whose TZ is UTC. */
const fakeTimeOf = (instant: number) => new Date(instant).toISOString().slice(0, 19).replace('T', ' ')

let base = ''
let server: ChildProcess | undefined
let dataDir = ''
let api: APIRequestContext
/** The server's clock less this process's (libfaketime's start, and the time the server took to start). */
let clockAhead = 0
const serverNow = () => Date.now() + clockAhead

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(90_000)
  if (!FAKETIME_LIBRARY) throw new Error('libfaketime is missing: apt-get install faketime')
  const port = await freePort()
  const startsAt = nextWeekdayMorning()
  base = `http://127.0.0.1:${port}`
  dataDir = mkdtempSync(path.join(tmpdir(), 'salon-waitlist-e2e-'))
  // The library is preloaded straight into node, as the faketime command does, so that the server is this suite's own
  // child, stopped and waited for by its id (the command runs it as a child of its own). A run made under faketime
  // itself leaves its settings out: its FAKETIME_SHARED would start the server's clock with the run's.
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('FAKETIME')))
  server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
    env: {
      ...inherited,
      LD_PRELOAD: FAKETIME_LIBRARY,
      FAKETIME: `@${fakeTimeOf(startsAt)}`,
      TZ: 'UTC',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      PUBLIC_URL: base,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      OUTBOX_TOKEN,
      SIGN_UPS_PER_HOUR: '1000',
      SIGN_INS_PER_HOUR: '1000',
      CODE_REQUESTS_PER_HOUR: '1000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  api = await playwright.request.newContext({ baseURL: base })
  await expect
    .poll(
      () =>
        api.get('/healthz').then(
          (r) => r.ok(),
          () => false,
        ),
      { message: 'the server answers', timeout: 60_000 },
    )
    .toBe(true)
  const answer = await api.get('/healthz')
  clockAhead = Date.parse(answer.headers()['date']!) + 500 - Date.now()
  // The clock really is the one asked for: a library not preloaded would leave the real one.
  expect(Math.abs(serverNow() - startsAt), 'the server runs on the faked clock').toBeLessThan(2 * MINUTE)
})

test.afterAll(async () => {
  await api?.dispose()
  if (server && server.exitCode === null) {
    const stopped = new Promise((resolve) => server!.once('exit', resolve))
    server.kill('SIGTERM')
    await stopped
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

/** A customer's headers for their own calls to the API. */
async function headersOf(customer: Customer) {
  const state = await signedInState(api, customer, base)
  const idToken = decodeURIComponent(state.cookies.find((c) => c.name.endsWith('.idToken'))!.value)
  return { ...SHOP, authorization: `Bearer ${idToken}` }
}

interface FreeTimes {
  minutes: number
  beds: { id: string; name: string }[]
  times: Record<string, { time: string; startsAt: string; bedIds: string[] }[]>
}
const freeTimes = async () => (await (await api.get('/api/p_preload_times', { headers: SHOP })).json()) as FreeTimes

/** The texts the server has sent to a number, oldest first. */
async function textsTo(phone: string): Promise<string[]> {
  const outbox = (await (await api.get(OUTBOX_JSON)).json()) as { channel: string; to: string; body: string; sentAt: string }[]
  return outbox
    .filter((m) => m.channel === 'sms' && m.to === phone)
    .sort((a, b) => a.sentAt.localeCompare(b.sentAt))
    .map((m) => m.body)
}

const offerTexts = async (phone: string) => (await textsTo(phone)).filter((body) => body.includes('/waitlist-offer/'))

/** The statuses of the customer's live waitlist entries (waiting or offered). */
async function statuses(headers: Record<string, string>): Promise<string[]> {
  const { entries } = (await (await api.get('/api/p_account/waitlist', { headers })).json()) as { entries: { status: string }[] }
  return entries.map((e) => e.status)
}

/** "HH:MM" plus some minutes (the same day). */
const later = (time: string, minutes: number) => {
  const [h, m] = time.split(':').map(Number) as [number, number]
  const at = h * 60 + m + minutes
  return `${String(Math.floor(at / 60)).padStart(2, '0')}:${String(at % 60).padStart(2, '0')}`
}

/** "Thursday 26 November 2026", as the offer page names a day. */
const longDay = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  return `${WEEKDAYS[weekdayOf(date)]} ${d} ${MONTHS[m - 1]} ${y}`
}

/**
 * A browser page of the customer's, signed in, at the size of the test's project, its clock at the server's (the
 * bookings page compares the cut-off with the browser's clock); its errors are collected for the test to expect none.
 */
async function pageOf(browser: Browser, customer: Customer): Promise<{ page: Page; errors: string[] }> {
  const { viewport, isMobile, hasTouch, userAgent, locale, timezoneId } = test.info().project.use
  const context = await browser.newContext({ baseURL: base, viewport, isMobile, hasTouch, userAgent, locale, timezoneId })
  await context.addCookies((await signedInState(api, customer, base)).cookies)
  const page = await context.newPage()
  await page.clock.setSystemTime(serverNow())
  return { page, errors: browserErrors(page) }
}

/** The UK's wall clock "HH:MM" at an instant. */
const ukTime = (instant: number) => ukWallClock(instant).toISOString().slice(11, 16)

test('@layout a customer on the waitlist gets the text after a cancellation and books the held time through its link', async ({ page, browser }) => {
  const [booker, waiting, next, other] = await Promise.all([createCustomer(api), createCustomer(api), createCustomer(api), createCustomer(api)])
  const { shop } = (await (await api.get('/api/website/salon', { headers: SHOP })).json()) as { shop: { name: string } }

  // The first customer books a time on a day after today, well before any cut-off.
  const free = await freeTimes()
  const today = ukDateOf(serverNow())
  const [date, slots] = Object.entries(free.times)
    .sort(([a], [b]) => a.localeCompare(b))
    .find(([day, list]) => day > today && list.length > 0)!
  const slot = slots[0]!
  const bed = free.beds.find((b) => b.id === slot.bedIds[0])!
  const { minutes } = free
  const booked = await api.post('/api/p_book', { headers: await headersOf(booker), data: { date, time: slot.time, minutes, bedId: bed.id } })
  expect(booked.status(), await booked.text()).toBe(201)

  // Two customers wait for a start in a range holding that time, the first joined first.
  const range = { date, from: slot.time, to: later(slot.time, 60), minutes }
  const waitingHeaders = await headersOf(waiting)
  const nextHeaders = await headersOf(next)
  for (const headers of [waitingHeaders, nextHeaders]) {
    const joined = await api.post('/api/p_account/waitlist', { headers, data: range })
    expect(joined.status(), await joined.text()).toBe(201)
  }

  // The booker cancels on their bookings page: the time is held for the first customer waiting, who is texted its link.
  const { page: bookerPage, errors: bookerErrors } = await pageOf(browser, booker)
  await bookerPage.goto(`${base}/upcoming-booking/`)
  await untilHydrated(bookerPage)
  await bookerPage.getByRole('button', { name: `Cancel the session on ${dayName(date)} at ${slot.time}` }).click()
  const cancelledAt = serverNow()
  await bookerPage.getByRole('dialog', { name: 'Cancel this session?' }).getByRole('button', { name: 'Cancel session' }).click()
  await expect(bookerPage.getByRole('alertdialog')).toContainText(`at ${slot.time} is cancelled.`)
  await bookerPage.context().close()
  expect(bookerErrors).toEqual([])
  await expect.poll(() => offerTexts(waiting.phone), { message: 'the offer is texted to the first customer waiting', timeout: 15_000 }).toHaveLength(1)
  const [text] = await offerTexts(waiting.phone)
  const match = /^(.*) It's held for you until (\d\d:\d\d)\. Book it: (\S+)$/.exec(text!)
  expect(match, text).not.toBeNull()
  const [, opening, until, link] = match as unknown as [string, string, string, string]
  expect(opening).toBe(`${shop.name}: a sunbed time has come free: ${shortDate(date)} at ${slot.time} (${bed.name}, ${minutes} minutes).`)
  expect(link).toMatch(new RegExp(`^${base.replaceAll('.', '\\.')}/waitlist-offer/[\\w-]{32}/$`))
  const token = link.split('/').at(-2)!
  const held = await api.get(`/api/p_account/waitlist/offers/${token}`, { headers: waitingHeaders })
  expect(held.status(), await held.text()).toBe(200)
  const { offer } = (await held.json()) as { offer: { held: boolean; holdUntil: string } }
  expect(offer.held).toBe(true)
  // Held for 15 minutes from the moment the job offered it, a moment after the cancellation.
  expect(until).toBe(ukTime(Date.parse(offer.holdUntil)))
  expect(Date.parse(offer.holdUntil) - cancelledAt).toBeGreaterThan(15 * MINUTE - 2_000)
  expect(Date.parse(offer.holdUntil) - cancelledAt).toBeLessThan(15 * MINUTE + 20_000)

  // While it is held nobody else gets it: it is not among the free times, another customer cannot book it, and the
  // customer who joined second is neither texted nor offered it.
  const stillFree = (await freeTimes()).times[date]?.find((t) => t.time === slot.time)?.bedIds ?? []
  expect(stillFree).not.toContain(bed.id)
  const taken = await api.post('/api/p_book', { headers: await headersOf(other), data: { date, time: slot.time, minutes, bedId: bed.id } })
  expect(taken.status(), await taken.text()).toBe(409)
  expect(await statuses(nextHeaders)).toEqual(['waiting'])
  expect(await offerTexts(next.phone)).toEqual([])

  // The customer taps the link on a phone not signed in (the browser's clock at the server's): asked to sign in, they
  // come straight back to the offer.
  await page.clock.setSystemTime(serverNow())
  await page.goto(link)
  await untilHydrated(page)
  await expect(page.getByText('A sunbed time is held for you. Sign in to book it.')).toBeVisible()
  await keepScreenshot(page, test.info().outputPath('waitlist-offer-sign-in.png'))
  await page.getByRole('link', { name: 'Sign in to book' }).click()
  await expect(page).toHaveURL(`${base}/sign-in/`)
  await untilHydrated(page)
  await page.getByLabel('Mobile number').fill(localPhone(waiting.phone))
  await page.getByLabel('Password', { exact: true }).fill(waiting.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL(link)
  await untilHydrated(page)
  await expect(page.getByRole('heading', { level: 1, name: 'A time held for you' })).toBeVisible()
  await expect(page.getByText(`${longDay(date)} at ${slot.time} is held for you until ${until}.`)).toBeVisible()
  await expect(page.getByText(`${bed.name} · ${minutes} minutes`)).toBeVisible()
  await keepScreenshot(page, test.info().outputPath('waitlist-offer.png'))
  await page.getByRole('button', { name: 'Book this time' }).click()
  await expect(page.getByRole('status')).toContainText(`You're booked for ${slot.time}: see it among your bookings.`)

  await page.getByRole('link', { name: 'See your bookings' }).click()
  await expect(page).toHaveURL(`${base}/upcoming-booking/`)
  await expect(page.getByRole('button', { name: `Cancel the session on ${dayName(date)} at ${slot.time}` })).toBeVisible()
  await keepScreenshot(page, test.info().outputPath('waitlist-offer-booked.png'))

  // The time is the customer's: still not free, and the second customer waits on, untexted.
  const afterwards = (await freeTimes()).times[date]?.find((t) => t.time === slot.time)?.bedIds ?? []
  expect(afterwards).not.toContain(bed.id)
  expect(await statuses(nextHeaders)).toEqual(['waiting'])
  expect(await offerTexts(next.phone)).toEqual([])
  // The entry of the customer who booked it has ended: it is no longer among theirs.
  expect(await statuses(waitingHeaders)).toEqual([])
})
