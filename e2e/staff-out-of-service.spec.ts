import type { APIRequestContext } from '@playwright/test'
import { expect, keepScreenshot, test, untilHydrated } from './fixtures.ts'
import { freeSlots, pickAny, shopHeaders, staffSignIn } from './staff.ts'

// docs/product.md §10.2, §10.4: a lamp fails; the desk takes the sunbed out of service from the day sheet, and online
// booking stops offering it then, until it is back in service.

/** Whether online booking offers the bed at that time on that day. */
async function offered(request: APIRequestContext, slot: { date: string; time: string; bed: { id: string } }, minutes: number) {
  const answer = await request.post('/api/p_sessions', { headers: shopHeaders, data: { date: slot.date, minutes, bedId: slot.bed.id } })
  expect(answer.status()).toBe(200)
  const { times } = (await answer.json()) as { times: { time: string }[] }
  return times.some((t) => t.time === slot.time)
}

test('@layout a sunbed out of service from the day sheet leaves online booking at once, and comes back when it is back in service', async ({
  page,
  request,
}) => {
  const { minutes, slots } = await freeSlots(request)
  const slot = pickAny(slots.filter((s) => s.time < '20:00'))
  expect(await offered(request, slot, minutes)).toBe(true)
  const [hours, mins] = slot.time.split(':').map(Number) as [number, number]
  const until = `${String(hours + 1).padStart(2, '0')}:${String(mins).padStart(2, '0')}`

  await staffSignIn(page)
  await page.goto(`/staff/?date=${slot.date}`)
  await untilHydrated(page)
  const panel = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Sunbeds out of service' }) })
  await panel.getByRole('button', { name: 'Take a sunbed out of service' }).click()
  const dialog = page.getByRole('dialog', { name: 'Take a sunbed out of service' })
  await dialog.getByLabel('Sunbed').selectOption(slot.bed.id)
  await dialog.getByLabel('From').fill(`${slot.date}T${slot.time}`)
  await dialog.getByLabel('Until').fill(`${slot.date}T${until}`)
  await dialog.getByRole('button', { name: 'Out of service' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Please say why, for example “Lamp failed”.')
  await dialog.getByLabel('Why').fill('Lamp failed')
  await keepScreenshot(page, test.info().outputPath('out-of-service.png'))
  await dialog.getByRole('button', { name: 'Out of service' }).click()
  await expect(page.getByRole('status').filter({ hasText: `${slot.bed.name} is out of service from ${slot.time} to ${until}.` })).toBeVisible()
  const listed = panel.getByRole('listitem').filter({ hasText: slot.bed.name })
  await expect(listed).toContainText(`${slot.time}–${until}: Lamp failed`)
  expect(await offered(request, slot, minutes)).toBe(false)

  await listed.getByRole('button', { name: `Back in service: ${slot.bed.name} ${slot.time}–${until}` }).click()
  await expect(page.getByRole('status').filter({ hasText: `${slot.bed.name} can be booked at that time again.` })).toBeVisible()
  await expect(listed).toHaveCount(0)
  await expect.poll(() => offered(request, slot, minutes)).toBe(true)
})
