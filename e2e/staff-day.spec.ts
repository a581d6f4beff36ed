import { createCustomer, expect, keepScreenshot, REFUSED_REQUEST_ERROR, test, untilHydrated } from './fixtures.ts'
import { todayInUk } from '@salon/contracts/dates'
import { bookAsCustomer, customerSub, freeSlots, pickAny, staffSignIn, uniqueSurname, walkInNow } from './staff.ts'

// docs/product.md §10.2, §10.3: the owner's working day in the staff pages, at the desk and on a phone.

// A sale sent before the photo ID is chosen is refused with 400, which Chromium logs.
test.use({ allowedConsoleErrors: [REFUSED_REQUEST_ERROR] })

test('@layout the owner sees a booked session on the day sheet, marks a session that has begun attended, books a walk-in and sells a package at the counter', async ({
  page,
  request,
  baseURL,
}) => {
  test.slow()
  const surname = uniqueSurname()
  const customer = await createCustomer(request, { lastName: surname })
  // A session booked online for a day ahead: shown as booked, and not yet to be marked.
  const booked = await bookAsCustomer(request, customer, baseURL!, { after: todayInUk() })

  await staffSignIn(page)
  await page.goto(`/staff/?date=${booked.date}`)
  await untilHydrated(page)
  // A customer's session on the day sheet, as shown at this width (a list on a phone, a column per bed on a desk).
  const sessionOf = (lastName: string) =>
    page
      .getByTestId('day-booking')
      .filter({ hasText: `Amy ${lastName}` })
      .filter({ visible: true })
  const card = sessionOf(surname)
  await expect(card).toContainText(booked.time)
  await expect(card).toContainText('Booked')
  await expect(card.getByRole('button', { name: `Move or cancel Amy ${surname}'s session` })).toBeVisible()
  await expect(card.getByRole('button', { name: 'Attended' })).toHaveCount(0)
  await expect(card.getByRole('button', { name: 'No-show' })).toHaveCount(0)

  // A session that has begun today, at whatever hour the test runs: marked attended, and the mark undone.
  const arrivedSurname = uniqueSurname()
  const arrived = await createCustomer(request, { lastName: arrivedSurname })
  const now = await walkInNow(request, await customerSub(request, arrived, baseURL!), baseURL!)
  await page.goto('/staff/')
  await untilHydrated(page)
  const begun = sessionOf(arrivedSurname)
  await expect(begun).toContainText(now.time)
  await begun.getByRole('button', { name: 'Attended' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Marked as attended.' })).toBeVisible()
  await expect(begun).toContainText('Attended')
  await begun.getByRole('button', { name: 'Undo' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'The mark is undone: booked again.' })).toBeVisible()
  await expect(begun).toContainText('Booked')
  await expect(begun.getByRole('button', { name: 'No-show' })).toBeVisible()
  await page.goto(`/staff/?date=${booked.date}`)
  await untilHydrated(page)

  // A walk-in: a customer of the salon, found by their mobile number, at another free time that day.
  const walkInSurname = uniqueSurname()
  const walkInCustomer = await createCustomer(request, { lastName: walkInSurname })
  const { minutes, slots } = await freeSlots(request)
  const sameDay = slots.filter((s) => s.date === booked.date && s.time !== booked.time)
  const walkIn = pickAny(sameDay.length > 0 ? sameDay : slots.filter((s) => s.time !== booked.time))
  await page.getByRole('button', { name: 'New booking' }).click()
  const dialog = page.getByRole('dialog', { name: 'New booking' })
  await dialog.getByLabel('Find a customer').fill(walkInCustomer.phone.slice(-7))
  await dialog
    .getByRole('list', { name: 'Customers found' })
    .getByRole('button', { name: new RegExp(walkInSurname) })
    .click()
  await dialog.getByLabel('Sunbed').selectOption(walkIn.bed.id)
  await dialog.getByLabel('Day').fill(walkIn.date)
  await dialog.getByLabel('Time').fill(walkIn.time)
  await dialog.getByLabel('Minutes', { exact: true }).fill(String(minutes))
  await dialog.getByText('Pay in salon').click()
  // Their first booking at the desk: the photo ID seen is asked for and recorded, never its number.
  await dialog.getByLabel('Photo ID seen').selectOption('Passport')
  await dialog.getByRole('button', { name: 'Book the session' }).click()
  await expect(page.getByRole('status').filter({ hasText: `Booked: Amy ${walkInSurname}` })).toBeVisible()
  if (walkIn.date === booked.date) {
    await expect(sessionOf(walkInSurname)).toContainText(walkIn.time)
  }

  // The counter: a package for the customer who booked, paid in cash; today's takings count it.
  await page.goto('/staff/counter/')
  await untilHydrated(page)
  await page.getByLabel('Find a customer').first().fill(customer.phone.slice(-6))
  await page
    .getByRole('list', { name: 'Customers found' })
    .getByRole('button', { name: new RegExp(surname) })
    .click()
  const sale = page.getByRole('form', { name: 'Sell a package' })
  await sale.getByRole('list', { name: 'Packages' }).getByText('Starter 30').click()
  await sale.getByRole('group', { name: 'Paid by' }).getByText('Cash').click()
  // Without the photo ID the sale is refused in words; with it, the sale is made and the check recorded.
  await sale.getByRole('button', { name: /Record the sale/ }).click()
  await expect(page.getByRole('alert').filter({ hasText: "Please check the customer's photo ID first" })).toBeVisible()
  await page.getByLabel('Photo ID seen').selectOption('Driving licence')
  await sale.getByRole('button', { name: /Record the sale/ }).click()
  const sold = page.getByTestId('counter-sold')
  await expect(sold).toContainText('Sale recorded')
  await expect(sold).toContainText(`on Amy’s balance`)
  await expect(page.getByTestId('takings-total')).not.toHaveText('£0.00')
  await keepScreenshot(page, test.info().outputPath('counter.png'))
  // The customer's record shows the check: the kind of document, the day and who checked it.
  await sold.getByRole('link', { name: 'Open the customer' }).click()
  await expect(page.getByText(/^Photo ID checked: Driving licence, \d{1,2} \w+ \d{4}, by .+/)).toBeVisible()
})
