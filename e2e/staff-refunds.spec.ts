import type { OwedRefundsResponse } from '@salon/contracts/staff-refunds'
import { expect, REFUSED_REQUEST_ERROR, test, untilHydrated } from './fixtures.ts'
import { shopHeaders, signedInOwner } from './staff.ts'

const owner = signedInOwner()
test.use({
  storageState: owner.storageState,
})

test.describe('card refunds owed (docs/product.md §4.14)', () => {
  test('the owner finds Refunds among the places and sees that none are owed', { tag: '@layout' }, async ({ page }, testInfo) => {
    await page.goto('/staff/')
    await untilHydrated(page)
    if (testInfo.project.name === 'phone') await page.getByRole('button', { name: 'More' }).click()
    await page.getByRole('link', { name: 'Refunds' }).click()
    await expect(page).toHaveURL(/\/staff\/refunds\/$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Card refunds owed' })).toBeVisible()
    await expect(page.getByText('No card refunds owed')).toBeVisible()
    await expect(page.getByTestId('owed-refund')).toHaveCount(0)
  })

  test('a failed refund shows its customer, session, amount and error, and "Try again" asks for it again', { tag: '@layout' }, async ({ page }) => {
    // A refund fails only after a day of the card provider refusing it: the list the server would answer is given here.
    const failed = {
      paymentId: '0b6f1c9e-5d1a-4c3e-9f0a-2d8e7c6b5a41',
      amountPence: 1850,
      description: 'Sunbed session, 6 minutes',
      customerName: 'Jo Bloggs',
      phone: '+447700900555',
      sessionStartsAt: '2026-12-03T14:30:00.000Z',
      owedAt: '2026-12-01T09:15:00.000Z',
      failedAt: '2026-12-02T09:40:00.000Z',
      error: 'The card was closed by its bank.',
    }
    const trying = { ...failed, paymentId: '7d2c4b1a-3e5f-4a6b-8c9d-0e1f2a3b4c5d', customerName: 'Sam Smith', amountPence: 900, failedAt: null, error: null }
    let owed: OwedRefundsResponse = { refunds: [failed, trying] }
    const retried: string[] = []
    await page.route('**/api/staff/refunds', (route) => route.fulfill({ json: owed }))
    await page.route('**/api/staff/refunds/*/retry', (route) => {
      retried.push(new URL(route.request().url()).pathname)
      owed = { refunds: [trying] }
      return route.fulfill({ status: 202, body: '' })
    })

    await page.goto('/staff/refunds/')
    await untilHydrated(page)
    const rows = page.getByTestId('owed-refund')
    await expect(rows).toHaveCount(2)
    const first = rows.first()
    await expect(first).toContainText('Jo Bloggs')
    await expect(first).toContainText('Failed')
    await expect(first.getByRole('link', { name: '07700 900555' })).toBeVisible()
    await expect(first).toContainText('Thu 3 Dec 2026, 14:30')
    await expect(first).toContainText('Tue 1 Dec 2026, 09:15')
    await expect(first).toContainText('£18.50')
    await expect(first).toContainText('The card was closed by its bank.')
    await expect(rows.nth(1)).toContainText('Sam Smith')
    await expect(rows.nth(1)).toContainText('Being tried')
    await expect(rows.nth(1).getByRole('button', { name: 'Try again' })).toHaveCount(0)

    await first.getByRole('button', { name: 'Try again' }).click()
    await expect(page.getByText('Asking the card provider again for £18.50 to Jo Bloggs.')).toBeVisible()
    expect(retried).toEqual([`/api/staff/refunds/${failed.paymentId}/retry`])
    await expect(rows).toHaveCount(1)
    await expect(rows.first()).toContainText('Sam Smith')
  })
})

test.describe('the reminder time in the booking rules (docs/product.md §4.14)', () => {
  test.use({ allowedConsoleErrors: [REFUSED_REQUEST_ERROR] })

  test('the owner sets how many hours before a session its reminder is sent', async ({ page, request }) => {
    const headers = { ...shopHeaders, authorization: owner.idToken() }
    const rulesNow = async () =>
      ((await (await request.get('/api/staff/booking-rules', { headers })).json()) as { rules: { reminderHoursBefore: number } }).rules
    const before = (await rulesNow()).reminderHoursBefore
    const wanted = before === 36 ? 48 : 36

    await page.goto('/staff/manage/rules/')
    await untilHydrated(page)
    const field = page.getByLabel('Reminder before a session (hours)')
    await expect(field).toHaveValue(String(before))
    await expect(page.getByText('0 sends no reminders.', { exact: false })).toBeVisible()
    const save = page.getByRole('button', { name: 'Save booking rules' })

    await field.fill('169')
    await save.click()
    await expect(page.getByText('Must be a whole number of hours from 0 to 168.', { exact: true })).toBeVisible()
    expect((await rulesNow()).reminderHoursBefore).toBe(before)

    await field.fill(String(wanted))
    await save.click()
    await expect(page.getByText('Booking rules saved. Customers book by them now.')).toBeVisible()
    await expect.poll(async () => (await rulesNow()).reminderHoursBefore).toBe(wanted)
    await page.reload()
    await untilHydrated(page)
    await expect(page.getByLabel('Reminder before a session (hours)')).toHaveValue(String(wanted))

    // The salon's reminders as they were, for the other tests.
    const put = await request.put('/api/staff/booking-rules', { headers, data: { ...(await rulesNow()), reminderHoursBefore: before } })
    expect(put.status(), await put.text()).toBe(200)
  })
})
