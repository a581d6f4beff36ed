import type { APIRequestContext } from '@playwright/test'
import { expect, openDays, test, untilHydrated, dayName } from './fixtures.ts'
import { shopHeaders, signedInOwner } from './staff.ts'

// docs/product.md §10.4, docs/decisions/039: the owner opens later than usual on one date (a late night before
// Christmas), and online booking offers the extra times on that date.

const owner = signedInOwner()
test.use({ storageState: owner.storageState })

/** "Thu 3 December 2026", as the Manage pages name a day. */
const manageDay = (date: string) =>
  new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
    .format(new Date(`${date}T12:00:00Z`))
    .replace(',', '')

const plusMinutes = (time: string, minutes: number) => {
  const total = Math.min(Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)) + minutes, 23 * 60 + 55)
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`
}

async function freeTimes(request: APIRequestContext, date: string) {
  const response = await request.post('/api/p_sessions', { headers: shopHeaders, data: { date, minutes: 6 } })
  return ((await response.json()) as { times: { time: string }[] }).times.map((t) => t.time)
}

test('the owner opens later than usual on one date, and the booking page offers a time after the usual closing time', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const headers = { ...shopHeaders, authorization: owner.idToken() }
  // The last open day the booking page shows: the booking tests take the first few.
  const date = (await openDays(request)).at(-1)!
  const { openingHours } = (await (await request.get('/api/staff/salon', { headers })).json()) as {
    openingHours: { weekday: number; opensAt: string; closesAt: string }[]
  }
  const usual = openingHours.find((h) => h.weekday === new Date(`${date}T12:00:00Z`).getUTCDay())!
  const lateClose = plusMinutes(usual.closesAt, 60)
  expect(await freeTimes(request, date)).not.toContain(usual.closesAt)

  try {
    await page.goto('/staff/manage/salon/')
    await untilHydrated(page)
    const panel = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Special opening hours' }) })
    await panel.getByLabel('Date').fill(date)
    await panel.getByLabel('Opens').fill(usual.opensAt)
    await panel.getByLabel('Closes').fill(lateClose)
    await panel.getByLabel('Reason').fill('Late night before Christmas')
    await panel.getByRole('button', { name: 'Save special hours' }).click()
    await expect(panel.getByText(`${manageDay(date)}: open ${usual.opensAt}–${lateClose}.`)).toBeVisible()
    await expect(panel.getByText(`No booked sessions fall on ${manageDay(date)} outside the new hours.`)).toBeVisible()
    await expect(panel.getByRole('listitem').filter({ hasText: `${manageDay(date)}: ${usual.opensAt}–${lateClose}` })).toContainText(
      'Late night before Christmas',
    )

    // A visitor, not the signed-in owner, books.
    const visitor = await (await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } })).newPage()
    await visitor.goto('/book/')
    await untilHydrated(visitor)
    await visitor
      .getByRole('radiogroup', { name: 'Day' })
      .getByRole('radio', { name: new RegExp(`^${dayName(date)}:`) })
      .check()
    await expect(visitor.getByRole('heading', { name: /^Free times/ })).toBeVisible()
    const late = visitor.getByRole('radiogroup', { name: 'Start time' }).getByRole('radio', { name: usual.closesAt, exact: true })
    await expect(late).toHaveCount(1)
    await late.check()
    await expect(visitor.getByRole('button', { name: `Book ${usual.closesAt} and sign in` }).first()).toBeVisible()
    await visitor.context().close()
  } finally {
    await request.delete(`/api/staff/special-hours/${date}`, { headers })
  }
  await expect.poll(() => freeTimes(request, date)).not.toContain(usual.closesAt)
})
