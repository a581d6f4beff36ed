import type { APIRequestContext, Page } from '@playwright/test'
import {
  createCustomer,
  expect,
  expectSignedIn,
  expectSignedOut,
  localPhone,
  openDays,
  signOutFromHeader,
  test,
  untilHydrated,
  type Customer,
  dayName,
  chooseAnyTime,
} from './fixtures.ts'

/**
 * A booking chosen before signing in waits in the browser; whoever signs in sees it and confirms it, and signing
 * out forgets it, so the next person to sign in on the same browser never books it (docs/decisions/022).
 */

const storedRequest = (page: Page) => page.evaluate(() => window.localStorage.getItem('APPOINTMENT_REQUEST'))

/** An open day of this suite's own (booking.spec.ts takes the first four), so no other test takes its times. */
async function bookableDay(request: APIRequestContext) {
  const days = await openDays(request)
  const date = days[4] ?? days.at(-1)
  if (!date) throw new Error('The demo salon has no open days with free times this week')
  return date
}

/** As a visitor: picks the day and any free time on /book/, then Book, which goes to sign in; returns the time. */
async function chooseAsVisitor(page: Page, date: string) {
  const time = await chooseAnyTime(page, date)
  await expect(page.getByText('Pay in the salon').first()).toBeVisible()
  await page.getByRole('button', { name: `Book ${time} and sign in` }).click()
  await expect(page).toHaveURL(/\/sign-in\/\?source=booking$/)
  return time
}

async function signInOnPage(page: Page, customer: Customer) {
  await untilHydrated(page)
  await page.getByLabel('Mobile number').fill(localPhone(customer.phone))
  await page.getByLabel('Password', { exact: true }).fill(customer.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
}

/** The customer's upcoming sessions, as the bookings page lists them. */
async function expectNoSessions(page: Page) {
  await page.goto('/upcoming-booking/')
  await expect(page.getByText('You have no sessions booked.')).toBeVisible()
}

test('a visitor chooses a time, signs in, sees the booking they chose and confirms it', { tag: '@layout' }, async ({ page, request }) => {
  const customer = await createCustomer(request)
  const date = await bookableDay(request)
  const time = await chooseAsVisitor(page, date)
  await signInOnPage(page, customer)

  await expect(page).toHaveURL(/\/book\/$/)
  const saved = page.getByRole('region', { name: 'Confirm your booking' })
  await expect(saved.getByRole('heading', { name: 'Confirm your booking' })).toBeFocused()
  await expect(saved).toContainText('It is not booked until you confirm it.')
  const details = saved.getByRole('definition')
  await expect(details.filter({ hasText: dayName(date) })).toBeVisible()
  await expect(details.filter({ hasText: new RegExp(`^${time}$`) })).toBeVisible()
  await expect(details.filter({ hasText: /^6$/ })).toBeVisible()
  await expect(saved.getByText('Pay in the salon')).toBeVisible()
  await expectSignedIn(page)

  await saved.getByRole('button', { name: 'Confirm booking' }).click()
  await expect(page).toHaveURL(/\/confirmation\/success\/\?id=[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeFocused()
  await expect(page.getByRole('definition').filter({ hasText: new RegExp(`^${time} to \\d\\d:\\d\\d$`) })).toBeVisible()
  expect(await storedRequest(page)).toBeNull()
})

test('a saved booking can be dropped for another time', async ({ page, request }) => {
  const customer = await createCustomer(request)
  await chooseAsVisitor(page, await bookableDay(request))
  await signInOnPage(page, customer)

  const saved = page.getByRole('region', { name: 'Confirm your booking' })
  await saved.getByRole('button', { name: 'Choose another time' }).click()
  await expect(saved).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'Choose a day' })).toBeVisible()
  expect(await storedRequest(page)).toBeNull()
  await expectNoSessions(page)
})

test('signing out forgets a saved booking: whoever signs in next on the browser books nothing', async ({ page, request }) => {
  const [first, next] = [await createCustomer(request), await createCustomer(request)]
  await chooseAsVisitor(page, await bookableDay(request))
  await signInOnPage(page, first)
  await expect(page.getByRole('heading', { name: 'Confirm your booking' })).toBeVisible()

  // The first customer leaves without confirming. Signing out ends at the home page, once the session is revoked and
  // its cookies gone; the next page is opened only then.
  await signOutFromHeader(page)
  await expect(page).toHaveURL('/')
  await expectSignedOut(page)
  expect(await storedRequest(page)).toBeNull()

  await page.goto('/sign-in/')
  await signInOnPage(page, next)
  await expect(page).toHaveURL('/')
  await expectSignedIn(page)
  await page.goto('/book/')
  await untilHydrated(page)
  await expect(page.getByRole('heading', { name: 'Choose a day' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Confirm your booking' })).toHaveCount(0)
  await expectNoSessions(page)
})
