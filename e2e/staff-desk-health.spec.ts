import type { Locator } from '@playwright/test'
import { createCustomer, expect, keepScreenshot, localPhone, test, uniquePhone, untilHydrated } from './fixtures.ts'
import { accessibilityProblems } from './axe.ts'
import { customerSub, freeSlots, pickAny, staffSignIn, uniqueSurname, walkInNow } from './staff.ts'

// docs/product.md §4.15, §10.2, §10.5: the health questions and skin reactions at the desk, with the customer present.

/** Answers every health question inside `scope` "No", except those whose index is in `yes`. */
async function answerAll(scope: Locator, yes: number[] = []) {
  const questions = scope.getByRole('group').filter({ has: scope.page().getByRole('radio', { name: 'Yes' }) })
  await expect(questions.first()).toBeVisible()
  const count = await questions.count()
  expect(count).toBeGreaterThan(0)
  for (let i = 0; i < count; i++) {
    await questions
      .nth(i)
      .getByRole('radio', { name: yes.includes(i) ? 'Yes' : 'No' })
      .check()
  }
}

test('@layout a new walk-in answers the health questions at the desk and is booked; the record says who took the answers', async ({ page, request }) => {
  test.slow()
  const surname = uniqueSurname()
  const phone = uniquePhone()
  const { minutes, slots } = await freeSlots(request)
  const slot = pickAny(slots)

  await staffSignIn(page)
  await page.goto(`/staff/?date=${slot.date}`)
  await untilHydrated(page)
  await page.getByRole('button', { name: 'New booking' }).click()
  const dialog = page.getByRole('dialog', { name: 'New booking' })
  await dialog.getByRole('button', { name: '+ A new customer, not yet on the system' }).click()
  const form = dialog.getByRole('form', { name: 'New customer' })
  await form.getByLabel('First name').fill('Nia')
  await form.getByLabel('Last name').fill(surname)
  await form.getByLabel('Mobile number').fill(localPhone(phone))
  await form.getByLabel('Date of birth').fill('1990-04-12')
  await form.getByLabel('Skin type').selectOption('3')
  await form.getByRole('button', { name: 'Use these details' }).click()

  const session = dialog.getByRole('form', { name: 'Session' })
  const questions = session.getByRole('region', { name: 'Health questions' })
  await expect(questions).toBeVisible()
  await session.getByLabel('Sunbed').selectOption(slot.bed.id)
  await session.getByLabel('Day').fill(slot.date)
  await session.getByLabel('Time').fill(slot.time)
  await session.getByLabel('Minutes', { exact: true }).fill(String(minutes))
  await session.getByLabel('Photo ID seen').selectOption('Passport')
  // Not a question skipped: nothing is sent until each has its yes or no.
  await session.getByRole('button', { name: 'Book the session' }).click()
  await expect(session.getByRole('alert')).toHaveText('Please go through every health question with the customer: each needs a yes or a no.')
  await answerAll(questions)
  expect(await accessibilityProblems(page, 'dialog[open]')).toEqual([])
  await keepScreenshot(page, test.info().outputPath('walk-in-health.png'))
  await session.getByRole('button', { name: 'Book the session' }).click()
  await expect(page.getByRole('status').filter({ hasText: `Booked: Nia ${surname}` })).toBeVisible()

  // Their record: the answers were taken at the desk, by the member of staff who booked them.
  await page.goto(`/staff/customers/?q=${encodeURIComponent(surname)}`)
  await page.getByRole('link', { name: new RegExp(surname) }).click()
  await expect(page.getByText(/^Health questions answered .+ with .+\.$/)).toBeVisible()
  await expect(page.getByText('Nothing stops them booking.')).toBeVisible()
})

test("a customer's health questions, a note and a skin reaction are recorded from their page; the reactions list shows it", async ({
  page,
  request,
  baseURL,
}) => {
  test.slow()
  const surname = uniqueSurname()
  const customer = await createCustomer(request, { lastName: surname, healthAnswered: false })
  const sub = await customerSub(request, customer, baseURL!)

  await staffSignIn(page)
  await page.goto(`/staff/customers/${sub}/`)
  await untilHydrated(page)
  await expect(page.getByText('Health questions not answered yet.')).toBeVisible()
  await page.getByRole('button', { name: 'Go through the health questions' }).click()
  const questions = page.getByRole('form', { name: 'Health questions, with the customer' })
  await answerAll(questions)
  expect(await accessibilityProblems(page)).toEqual([])
  await questions.getByRole('button', { name: 'Save their answers' }).click()
  await expect(page.getByText(/^Health questions answered .+ with .+\.$/)).toBeVisible()

  // A note for the team, kept with who wrote it.
  const notes = page.getByRole('form', { name: 'Add a note' })
  await notes.getByRole('button', { name: 'Keep the note' }).click()
  await expect(notes.getByRole('alert')).toHaveText('Please write the note first.')
  await notes.getByLabel('Add a note').fill('Prefers the stand-up booth')
  await notes.getByRole('button', { name: 'Keep the note' }).click()
  const kept = page.getByRole('list', { name: 'Notes kept' }).getByRole('listitem').first()
  await expect(kept).toContainText('Prefers the stand-up booth')
  await expect(kept).toContainText('Demo Owner')

  // A session today, then a reaction the customer tells the desk about.
  await walkInNow(request, sub, baseURL!)
  await page.reload()
  await untilHydrated(page)
  await page.getByRole('button', { name: 'Record a skin reaction' }).click()
  const reaction = page.getByRole('form', { name: 'Record a skin reaction' })
  await reaction.getByRole('button', { name: 'Record the reaction' }).click()
  await expect(reaction.getByRole('alert')).toHaveText('Please choose at least one: redness, itching or soreness.')
  await reaction.getByLabel('Redness').check()
  await reaction.getByLabel('What they said (optional)').fill('Pink on the shoulders the next morning')
  await reaction.getByRole('button', { name: 'Record the reaction' }).click()
  await expect(page.getByText(/^Skin reaction after .+: redness \(“Pink on the shoulders the next morning”\); no session before .+\.$/)).toBeVisible()

  await page.goto('/staff/customers/')
  await page.getByRole('link', { name: 'Skin reactions' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Skin reactions' })).toBeVisible()
  const listed = page.getByRole('listitem').filter({ hasText: `Amy ${surname}` })
  await expect(listed).toContainText('redness (“Pink on the shoulders the next morning”)')
  await expect(listed).toContainText('Recorded at the desk by')
  await keepScreenshot(page, test.info().outputPath('skin-reactions.png'))
})

test.describe('adding a customer', () => {
  // The under-18 refusal is a 422 answer, which Chromium logs.
  test.use({
    allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 422 \(Unprocessable Entity\) \S*\/api\/staff\/customers$/],
  })

  test('a customer is added at the desk without a booking, and their record opens', async ({ page }) => {
    const surname = uniqueSurname()
    const phone = uniquePhone()
    await staffSignIn(page)
    await page.goto('/staff/customers/')
    await untilHydrated(page)
    await page.getByRole('button', { name: 'Add a customer' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add a customer' })
    await dialog.getByLabel('First name').fill('Ola')
    await dialog.getByLabel('Last name').fill(surname)
    await dialog.getByLabel('Mobile number').fill(localPhone(phone))
    await dialog.getByLabel('Date of birth').fill('2015-01-01')
    await dialog.getByLabel('Skin type').selectOption('4')
    await dialog.getByRole('button', { name: 'Add the customer' }).click()
    await expect(dialog.getByRole('alert')).toContainText('is under 18')
    await dialog.getByLabel('Date of birth').fill('1992-03-04')
    await dialog.getByRole('button', { name: 'Add the customer' }).click()
    await expect(page.getByRole('heading', { level: 1, name: `Ola ${surname}` })).toBeVisible()
    await expect(page.getByText('Health questions not answered yet.')).toBeVisible()
  })
})
