import type { APIRequestContext, Page } from '@playwright/test'
import { answerHealthQuestions, createCustomer, expect, openDays, signedInState, test, untilHydrated, type Customer, chooseAnyTime } from './fixtures.ts'
import { answerHealthQuestionsOnPage } from './health.ts'
import { customerSub, demoOwner, idTokenOf, shopHeaders, staffSignIn, walkInNow } from './staff.ts'

// docs/product.md §4.15: health questions before the first session, a "yes" cleared by the salon, and each nation's law.

/** Chromium logs the booking the salon refuses (403 until the questions are answered or a yes is cleared) by itself. */
const HEALTH_REFUSED = /Failed to load resource: the server responded with a status of 403 \(Forbidden\) \S*\/api\/p_book/

/** Signs the customer in as the site's cookies do, and answers their id. */
async function signInAs(page: Page, request: APIRequestContext, customer: Customer, baseURL: string) {
  await page.context().addCookies((await signedInState(request, customer, baseURL)).cookies)
  return customerSub(request, customer, baseURL)
}

/** Chooses any free time on an open day of the booking page, and answers it. */
async function chooseSlot(page: Page, date: string) {
  const time = await chooseAnyTime(page, date)
  await expect(page.getByText('Pay in the salon').first()).toBeVisible()
  return time
}

/** A call of the demo salon's owner to the staff API. */
async function asOwner(request: APIRequestContext, baseURL: string, method: 'put' | 'post', path: string, data: object) {
  const headers = { ...shopHeaders, authorization: `Bearer ${await idTokenOf(request, demoOwner, baseURL)}` }
  const response = await request[method](`/api/staff/${path}`, { headers, data })
  expect(response.status(), await response.text()).toBe(200)
}

test.describe('health questions', () => {
  test.use({ allowedConsoleErrors: [HEALTH_REFUSED] })

  test('a new customer who books is asked the health questions first, and their booking waits for the answers', async ({ page, request, baseURL }) => {
    const customer = await createCustomer(request, { healthAnswered: false })
    await signInAs(page, request, customer, baseURL!)
    const [date] = await openDays(request)
    const time = await chooseSlot(page, date!)
    await page.getByRole('button', { name: `Book ${time}` }).click()

    await expect(page).toHaveURL(/\/book\/health\/$/)
    await expect(page.getByRole('heading', { level: 2, name: 'Health information' })).toBeVisible()
    await answerHealthQuestionsOnPage(page)
    await expect(page).toHaveURL(/\/book\/$/)
    await page.getByRole('region', { name: 'Confirm your booking' }).getByRole('button', { name: 'Confirm booking' }).click()
    await expect(page).toHaveURL(/\/confirmation\/success\/\?id=[0-9a-f-]{36}$/)

    // The account page leads to the answers and the last 12 months.
    await page.goto('/account/')
    await page.getByRole('link', { name: 'Health questions and your year' }).click()
    await expect(page).toHaveURL(/\/book\/health\/$/)
    await expect(page.getByText('Thank you: your answers are up to date.')).toBeVisible()
    await expect(page.getByRole('heading', { level: 2, name: 'Your last 12 months' })).toBeVisible()
  })

  test('one "yes" stops booking with a message to talk to the salon, until the salon clears it', async ({ page, request, baseURL }) => {
    const customer = await createCustomer(request, { healthAnswered: false })
    const sub = await signInAs(page, request, customer, baseURL!)
    await page.goto('/book/health/')
    await untilHydrated(page)
    await answerHealthQuestionsOnPage(page, [2])
    await expect(page.getByRole('status').filter({ hasText: 'From them, a sunbed may not be safe for you' })).toBeVisible()

    const [, date] = await openDays(request)
    const time = await chooseSlot(page, date!)
    await page.getByRole('button', { name: `Book ${time}` }).click()
    const alert = page.getByRole('alertdialog')
    await expect(alert).toContainText('From your answers to the health questions, a sunbed may not be safe for you. Please talk to the salon before booking')
    await alert.getByRole('button', { name: 'OK' }).click()

    // The salon speaks with the customer and clears it.
    await asOwner(request, baseURL!, 'post', `customers/${sub}/health-clearance`, { reason: 'Moles checked by her GP; letter seen' })
    const again = await chooseSlot(page, date!)
    await page.getByRole('button', { name: `Book ${again}` }).click()
    await expect(page).toHaveURL(/\/confirmation\/success\/\?id=[0-9a-f-]{36}$/)
  })
})

test('a salon in Wales shows the Welsh rules and the Welsh Government’s leaflet with the questions', async ({ page, request, baseURL }) => {
  const customer = await createCustomer(request, { healthAnswered: false })
  await signInAs(page, request, customer, baseURL!)
  const settings = { reactionPauseDays: 7, yearlySessionLimit: 60 }
  await asOwner(request, baseURL!, 'put', 'sunbed-law', { nation: 'wales', ...settings })
  try {
    await page.goto('/book/health/')
    await untilHydrated(page)
    await expect(page.getByRole('link', { name: "The Welsh Government's sunbed health information" })).toHaveAttribute('href', /^https:\/\/gov\.wales\//)
    await page.getByText('What the law in Wales asks of the salon').click()
    await expect(page.getByText(/Every sunbed session must be supervised/)).toBeVisible()
    await expect(page.getByText(/Sunbeds \(Regulation\) Act 2010 \(Wales\) Regulations 2011 \(SI 2011\/1130 \(W\. 131\)\), regulation 4/)).toBeVisible()
  } finally {
    await asOwner(request, baseURL!, 'put', 'sunbed-law', { nation: 'england', ...settings })
  }
})

test('the salon sees a customer’s "yes" on their record and clears it after speaking with them', async ({ page, request, baseURL }) => {
  const customer = await createCustomer(request, { healthAnswered: false })
  await answerHealthQuestions(request, customer, ['moles'])
  const token = await idTokenOf(request, customer, baseURL!)
  const sub = ((await (await request.get('/api/p_account', { headers: { ...shopHeaders, authorization: token } })).json()) as { account: { sub: string } })
    .account.sub

  await staffSignIn(page)
  await page.goto(`/staff/customers/${sub}/`)
  await untilHydrated(page)
  const panel = page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: 'Sunbed safety' }) })
    .last()
  await expect(panel).toContainText('The customer answered yes to a health question.')
  await panel.getByRole('button', { name: 'Clear after speaking with them' }).click()
  const dialog = page.getByRole('dialog', { name: 'Clear the yes answer?' })
  await dialog.getByLabel('Why (after speaking with the customer)').fill('Moles checked by her GP; letter seen')
  await dialog.getByRole('button', { name: 'Clear', exact: true }).click()
  await expect(panel).toContainText('Nothing stops them booking.')
  await expect(panel).toContainText('“Moles checked by her GP; letter seen”')
})

test('a customer reports a skin reaction after a session: the salon is told and booking pauses', async ({ page, request, baseURL }) => {
  const customer = await createCustomer(request)
  const sub = await signInAs(page, request, customer, baseURL!)
  // A session that has just begun, booked at the desk by the owner.
  const booking = await walkInNow(request, sub, baseURL!)
  const headers = { ...shopHeaders, authorization: `Bearer ${await idTokenOf(request, demoOwner, baseURL!)}` }

  await page.goto(`/book/health/?reaction=${booking.id}`)
  await untilHydrated(page)
  await page.getByRole('button', { name: 'Tell the salon' }).click()
  await expect(page.getByRole('alert')).toHaveText('Please choose at least one: redness, itching or soreness.')
  await page.getByRole('checkbox', { name: 'Redness' }).check()
  await page.getByLabel('Anything else the salon should know (optional)').fill('Red on the shoulders')
  await page.getByRole('button', { name: 'Tell the salon' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Thank you for telling us: the salon has been told.' })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: /No new session can start before \w+day \d+ \w+ \d{4}/ })).toBeVisible()
  await expect(page.getByText(/^Skin reactions you reported: .+ \(redness\)\.$/)).toBeVisible()

  const mine = { ...shopHeaders, authorization: await idTokenOf(request, customer, baseURL!) }
  const health = (await (await request.get('/api/p_account/health', { headers: mine })).json()) as { hold: { rule: string } | null }
  expect(health.hold?.rule).toBe('skin-reaction')
  const reactions = (await (await request.get('/api/staff/skin-reactions', { headers })).json()) as { reactions: { bookingId: string; note: string }[] }
  expect(reactions.reactions).toContainEqual(expect.objectContaining({ bookingId: booking.id, note: 'Red on the shoulders' }))
})
