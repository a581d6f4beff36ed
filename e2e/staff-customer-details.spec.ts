import { createCustomer, expect, localPhone, test, uniquePhone, untilHydrated } from './fixtures.ts'
import { accessibilityProblems } from './axe.ts'
import { bookAsCustomer, customerSub, staffSignIn, uniqueSurname } from './staff.ts'

// docs/product.md §10.5: staff correct a customer's details at the desk, and see the sessions that now break a rule.

test("staff correct a customer's mobile number and skin type; the record shows them, and the session that now breaks a rule is listed", async ({
  page,
  request,
  baseURL,
}) => {
  test.slow()
  const surname = uniqueSurname()
  const customer = await createCustomer(request, { lastName: surname })
  const sub = await customerSub(request, customer, baseURL!)
  const slot = await bookAsCustomer(request, customer, baseURL!)
  const phone = uniquePhone()

  await staffSignIn(page)
  await page.goto(`/staff/customers/${sub}/`)
  await untilHydrated(page)
  expect(await accessibilityProblems(page)).toEqual([])
  await page.getByRole('button', { name: 'Edit details' }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit details' })
  const form = dialog.getByRole('form', { name: 'Edit details' })
  await expect(form.getByLabel('Last name')).toHaveValue(surname)
  await expect(form.getByLabel('Mobile number')).toHaveValue(localPhone(customer.phone))

  // The shared rules answer in the form before anything is sent.
  await form.getByLabel('Mobile number').fill('01632 960123')
  await form.getByRole('button', { name: 'Save the details' }).click()
  await expect(form.getByText('That is a landline: please give a mobile number.')).toBeVisible()

  await form.getByLabel('Mobile number').fill(localPhone(phone))
  await form.getByLabel('Skin type').selectOption('1')
  expect(await accessibilityProblems(page, 'dialog[open]')).toEqual([])
  await form.getByRole('button', { name: 'Save the details' }).click()
  await expect(page.getByRole('status').filter({ hasText: `Amy ${surname}'s mobile number and skin type were corrected.` })).toBeVisible()

  const sessions = page.getByRole('dialog', { name: 'Sessions to look at' })
  await expect(sessions.getByText('Nothing has been cancelled')).toBeVisible()
  const link = sessions.getByRole('link', { name: new RegExp(`at ${slot.time}, ${slot.bed.name}`) })
  await expect(link).toHaveAttribute('href', `/staff/?date=${slot.date}`)
  await sessions.getByRole('button', { name: 'Done' }).click()

  // The profile's terms and their values.
  const shows = (value: string) => expect(page.getByRole('definition').filter({ hasText: new RegExp(`^${value}$`) })).toBeVisible()
  await shows(localPhone(phone))
  await shows('Skin type I')
  await page.reload()
  await shows(localPhone(phone))
  await shows('Skin type I')
})
