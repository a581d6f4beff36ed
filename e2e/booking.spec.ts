import { readFile } from 'node:fs/promises'
import type { APIRequestContext, Page } from '@playwright/test'
import { demo, expect, expectSignedIn, localPhone, openDays, smsCode, test, uniquePhone, untilHydrated, dayName } from './fixtures.ts'
import { OUTBOX_JSON } from './outbox.ts'
import { answerHealthQuestionsOnPage } from './health.ts'

const DUPLICATE_ALERT = 'You already have a booking on this day. Please select another day!'
/** Chromium logs the refused booking (409) and the unknown booking (404) by itself; one pattern, as test.use reads two as [value, options]. */
const REFUSED_ERRORS =
  /Failed to load resource: the server responded with a status of (409 \(Conflict\) \S*\/api\/p_book|404 \(Not Found\) \S*\/api\/p_bookings\/)/
const shopHeaders = { shop_id: demo.shopId, api_key: demo.apiKey }

/**
 * The `nth` open day after today with free times. Tests run side by side on one server, so each books on a
 * day of its own and none takes another's slot.
 */
async function bookableDay(request: APIRequestContext, nth: number) {
  const date = (await openDays(request))[nth]
  if (!date) throw new Error(`The demo salon has fewer than ${nth + 1} open days with free times this week`)
  return date
}

/** Days of their own for the tests below (the phone and desktop runs of the first test each have one). */
const DAY = { visitorOnPhone: 0, visitorOnDesktop: 1, duplicate: 2, cancel: 3 }

/** The bodies of the text messages the server sent a number (the outbox), newest first. */
async function textsTo(request: APIRequestContext, phone: string) {
  const all = (await (await request.get(OUTBOX_JSON)).json()) as { channel: string; to: string; body: string }[]
  return all.filter((m) => m.channel === 'sms' && m.to === phone).map((m) => m.body)
}

async function freeTimes(request: APIRequestContext, date: string, bedId?: string) {
  const response = await request.post('/api/p_sessions', { headers: shopHeaders, data: { date, minutes: 6, ...(bedId ? { bedId } : {}) } })
  return ((await response.json()) as { times: { time: string }[] }).times.map((t) => t.time)
}

async function bedId(request: APIRequestContext, name: string) {
  const { beds } = (await (await request.get('/api/website/salon', { headers: shopHeaders })).json()) as { beds: { id: string; name: string }[] }
  return beds.find((b) => b.name === name)!.id
}

/** Picks the day and a free time (not `except`, when given) on /book/; returns the time. */
async function chooseSlot(page: Page, date: string, options: { bed?: string; except?: string } = {}) {
  await untilHydrated(page)
  await page
    .getByRole('radiogroup', { name: 'Day' })
    .getByRole('radio', { name: new RegExp(`^${dayName(date)}:`) })
    .check()
  if (options.bed)
    await page
      .getByRole('radiogroup', { name: 'Sunbed' })
      .getByRole('radio', { name: new RegExp(`^${options.bed}`) })
      .check()
  await expect(page.getByRole('heading', { name: /^Free times/ })).toBeVisible()
  const times = page.getByRole('radiogroup', { name: 'Start time' }).getByRole('radio')
  await expect(times.first()).toBeAttached()
  const values = await times.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))
  // Any free time: runs that share the server then seldom reach for the same one.
  const choices = values.filter((t) => t !== options.except)
  const time = choices[Math.floor(Math.random() * choices.length)]!
  await page.getByRole('radiogroup', { name: 'Start time' }).getByRole('radio', { name: time, exact: true }).check()
  await expect(page.getByText('Pay in the salon').first()).toBeVisible()
  return time
}

async function fillSignUp(page: Page, phone: string) {
  await page.getByLabel('Mobile number').fill(localPhone(phone))
  await page.getByLabel('Password', { exact: true }).fill('Sunny#2024')
  await page.getByLabel('Repeat password').fill('Sunny#2024')
  await page.getByLabel('First name').fill('Amy')
  await page.getByLabel('Last name').fill('Jones')
  await page.getByLabel('Email', { exact: true }).fill('amy@example.com')
  await page.getByLabel('Date of birth').fill('1990-05-01')
  await page.getByRole('radio', { name: /Type III/ }).check()
}

const storedRequest = (page: Page) => page.evaluate(() => window.localStorage.getItem('APPOINTMENT_REQUEST'))

// Booking is what customers do most, mostly on a phone: these tests run on the phone, and the first also on
// the desktop, where the aside's Book button takes the place of the phone's booking bar.
test(
  'a visitor picks a time, signs up, confirms the code and the booking, and lands on its confirmation',
  { tag: '@layout' },
  async ({ page, request }, testInfo) => {
    const date = await bookableDay(request, testInfo.project.name === 'phone' ? DAY.visitorOnPhone : DAY.visitorOnDesktop)
    await page.goto('/book/')
    const time = await chooseSlot(page, date)
    await page.getByRole('button', { name: `Book ${time} and sign in` }).click()

    await expect(page).toHaveURL(/\/sign-in\/\?source=booking$/)
    await expect(page.getByText('Please sign in to finish your booking.')).toBeVisible()
    expect(JSON.parse((await storedRequest(page))!)).toMatchObject({ date, time, minutes: 6 })

    await page.getByRole('link', { name: 'Create an account' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible()
    const phone = uniquePhone()
    await fillSignUp(page, phone)
    await page.getByRole('button', { name: 'Create account' }).click()
    await expect(page).toHaveURL(/\/sign-up\/confirm\/\?/)
    await page.getByLabel('Confirmation code').fill(await smsCode(request, phone))
    await page.getByRole('button', { name: 'Confirm', exact: true }).click()

    // The booking chosen before signing up waits for the new customer to confirm it (decision 022).
    await expect(page).toHaveURL(/\/book\/$/)
    await page.getByRole('region', { name: 'Confirm your booking' }).getByRole('button', { name: 'Confirm booking' }).click()
    // A new customer answers the health questions first (docs/product.md §4.15); the booking still waits.
    await expect(page).toHaveURL(/\/book\/health\/$/)
    await answerHealthQuestionsOnPage(page)
    await expect(page).toHaveURL(/\/book\/$/)
    await page.getByRole('region', { name: 'Confirm your booking' }).getByRole('button', { name: 'Confirm booking' }).click()
    await expect(page).toHaveURL(/\/confirmation\/success\/\?id=[0-9a-f-]{36}$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeFocused()
    const details = page.getByRole('definition')
    await expect(details.filter({ hasText: dayName(date) })).toBeVisible()
    await expect(details.filter({ hasText: new RegExp(`^${time} to \\d\\d:\\d\\d$`) })).toBeVisible()
    await expect(details.filter({ hasText: /^6$/ })).toBeVisible()
    await expect(details.filter({ hasText: /^£\d+\.\d\d, paid in the salon$/ })).toBeVisible()
    expect(await storedRequest(page)).toBeNull()
    await expectSignedIn(page)

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Add to calendar' }).click()])
    const ics = await readFile((await download.path())!, 'utf8')
    const [hours, minutes] = time.split(':')
    // Europe/London is on GMT in winter and BST in summer: the UTC hour is the same or one earlier.
    expect(ics).toMatch(new RegExp(`DTSTART:${date.replace(/-/g, '')}T(${hours}|${String(Number(hours) - 1).padStart(2, '0')})${minutes}00Z`))

    await page.getByRole('link', { name: 'Upcoming bookings', exact: true }).click()
    await expect(page).toHaveURL(/\/upcoming-booking\/$/)
    await expect(page.getByRole('button', { name: `Cancel the session on ${dayName(date)} at ${time}` })).toBeVisible()
  },
)

test.describe('refused', { tag: '@phone' }, () => {
  test.use({ allowedConsoleErrors: [REFUSED_ERRORS], signedIn: 'own' })

  test('a second booking on the same day shows the duplicate alert and stays on the page', async ({ page, request }) => {
    const date = await bookableDay(request, DAY.duplicate)
    await page.goto('/book/')
    const first = await chooseSlot(page, date)
    await page.getByRole('button', { name: `Book ${first}` }).click()
    await expect(page).toHaveURL(/\/confirmation\/success\/\?id=/)

    await page.goto('/book/')
    await expect(page.locator('#menu').getByRole('link', { name: new RegExp(`${dayName(date)}, ${first}–`) })).toBeVisible()
    const second = await chooseSlot(page, date, { except: first })
    await page.getByRole('button', { name: `Book ${second}` }).click()
    const alert = page.getByRole('alertdialog')
    await expect(alert).toContainText(DUPLICATE_ALERT)
    await alert.getByRole('button', { name: 'OK' }).click()
    await expect(page.getByRole('heading', { level: 2, name: 'Choose a day' })).toBeFocused()
    await expect(page).toHaveURL(/\/book\/$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Book a sunbed session' })).toBeVisible()
  })

  test.describe('looking only', () => {
    test.use({ signedIn: 'shared' })

    test('an unknown booking id gets a friendly answer', async ({ page }) => {
      await page.goto('/booking/?id=00000000-0000-4000-8000-000000000000')
      await expect(page.getByRole('heading', { name: 'We could not find that booking' })).toBeVisible()
    })
  })
})

test.describe('signed in', { tag: '@phone' }, () => {
  test.use({ signedIn: 'own' })

  test('cancelling from upcoming bookings frees the time for others, and the customer is texted at each step', async ({ page, request, customer }) => {
    const date = await bookableDay(request, DAY.cancel)
    const helios = await bedId(request, 'Helios HP12')
    await page.goto('/book/')
    const time = await chooseSlot(page, date, { bed: 'Helios HP12' })
    await page.getByRole('button', { name: `Book ${time}` }).click()
    await expect(page).toHaveURL(/\/confirmation\/success\/\?id=/)
    expect(await freeTimes(request, date, helios)).not.toContain(time)
    // The confirmation is a job on the server's queue: it reaches the outbox within a moment.
    await expect
      .poll(() => textsTo(request, customer.phone))
      .toContainEqual(expect.stringMatching(new RegExp(`you're booked for \\w{3} \\d+ \\w+ at ${time} \\(Helios HP12, 6 minutes`)))

    await page.getByRole('link', { name: 'Upcoming bookings', exact: true }).click()
    await page.getByRole('button', { name: `Cancel the session on ${dayName(date)} at ${time}` }).click()
    const dialog = page.getByRole('dialog', { name: 'Cancel this session?' })
    await expect(dialog).toContainText('Sessions can be cancelled online until')
    await dialog.getByRole('button', { name: 'Cancel session' }).click()

    const alert = page.getByRole('alertdialog')
    await expect(alert).toContainText(`at ${time} is cancelled.`)
    await alert.getByRole('button', { name: 'OK' }).click()
    await expect(page.getByRole('heading', { name: 'Past and cancelled sessions' })).toBeVisible()
    await expect(page.getByText('You have no sessions booked.')).toBeVisible()
    expect(await freeTimes(request, date, helios)).toContain(time)
    await expect
      .poll(() => textsTo(request, customer.phone))
      .toContainEqual(expect.stringMatching(new RegExp(`Your sunbed session on \\w{3} \\d+ \\w+ at ${time} is cancelled\\. Nothing was paid for it\\.$`)))
  })
})

test("the booking page lists a signed-in customer's next sessions in its menu section, and asks visitors to sign in", { tag: '@phone' }, async ({ page }) => {
  await page.goto('/book/')
  const menu = page.locator('#menu')
  await expect(menu.getByRole('heading', { name: 'Your bookings' })).toBeVisible()
  await expect(menu.getByRole('link', { name: 'Sign in' })).toBeVisible()
})
