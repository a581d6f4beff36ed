import type { SunbedSettings } from '@salon/contracts/sunbed-safety'
import { expect, REFUSED_REQUEST_ERROR, test, untilHydrated } from './fixtures.ts'
import { shopHeaders, signedInOwner } from './staff.ts'

const owner = signedInOwner()
test.use({
  storageState: owner.storageState,
  allowedConsoleErrors: [REFUSED_REQUEST_ERROR],
})

test.describe("the salon's sunbed safety settings (docs/product.md §4.15, §10.4)", () => {
  test('the owner changes the yearly session limit, sees it kept after a reload, and puts it back', async ({ page, request }) => {
    const headers = { ...shopHeaders, authorization: owner.idToken() }
    const settingsNow = async () => (await (await request.get('/api/staff/sunbed-law', { headers })).json()) as SunbedSettings
    const before = await settingsNow()
    const wanted = before.yearlySessionLimit === 48 ? 52 : 48

    await page.goto('/staff/manage/')
    await untilHydrated(page)
    await page.getByRole('link', { name: /^Sunbed safety/ }).click()
    await expect(page).toHaveURL(/\/staff\/manage\/sunbed-safety\/$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Sunbed safety' })).toBeVisible()
    // What the law asks where the salon is, with its citation; another nation's when the owner picks it.
    await expect(page.getByRole('heading', { name: `What the law asks in ${before.law.name}` })).toBeVisible()
    await expect(page.getByText(before.law.duties[0]!.cite, { exact: true })).toBeVisible()
    const other = before.nation === 'wales' ? 'Scotland' : 'Wales'
    await page.getByLabel('Nation').selectOption({ label: other })
    await expect(page.getByRole('heading', { name: `What the law asks in ${other}` })).toBeVisible()
    await page.getByLabel('Nation').selectOption({ label: before.law.name })

    const field = page.getByLabel('Yearly session limit')
    await expect(field).toHaveValue(String(before.yearlySessionLimit))
    const save = page.getByRole('button', { name: 'Save sunbed safety' })

    await field.fill('many')
    await save.click()
    await expect(page.getByText('Please give a whole number.', { exact: true })).toBeVisible()
    await field.fill('400')
    await save.click()
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByRole('alert').first()).toBeVisible()
    expect((await settingsNow()).yearlySessionLimit).toBe(before.yearlySessionLimit)

    await field.fill(String(wanted))
    await save.click()
    await expect(page.getByText('Sunbed safety settings saved. Bookings keep to them now.')).toBeVisible()
    await expect.poll(async () => (await settingsNow()).yearlySessionLimit).toBe(wanted)
    await page.reload()
    await untilHydrated(page)
    await expect(page.getByLabel('Yearly session limit')).toHaveValue(String(wanted))

    // The salon's settings as they were, for the other tests.
    await page.getByLabel('Yearly session limit').fill(String(before.yearlySessionLimit))
    await page.getByRole('button', { name: 'Save sunbed safety' }).click()
    await expect(page.getByText('Sunbed safety settings saved. Bookings keep to them now.')).toBeVisible()
    await expect.poll(async () => (await settingsNow()).yearlySessionLimit).toBe(before.yearlySessionLimit)
    expect((await settingsNow()).healthQuestionsVersion).toBe(before.healthQuestionsVersion)
  })
})
