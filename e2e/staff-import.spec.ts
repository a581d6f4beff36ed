import { expect, fitsTheWindow, localPhone, test, uniquePhone, untilHydrated } from './fixtures.ts'
import { staffSignIn, uniqueSurname } from './staff.ts'

// docs/product.md §10.5 "Importing customers": the owner brings customers in from a CSV file, checks the dry run, imports.

test('@layout the owner imports customers from a CSV file: columns matched, a dry run with the refused rows, then the import', async ({ page }) => {
  const surname = uniqueSurname()
  const [amy, ben] = [uniquePhone(), uniquePhone()]
  // Amy's note from the old system runs over two lines (a line break in a cell, as a spreadsheet writes it) and holds
  // what would be markup if it were read as HTML.
  const csv = [
    'Forename,Surname,Tel,DOB,Minutes left,Expires,Notes,Shoe size',
    `Amy,${surname},${localPhone(amy)},14/03/1990,30,31/12/2030,"Prefers the stand-up booth.\nPatch test <b>done</b>, 9 minutes",5`,
    `Ben,${surname},${ben},1985-07-01,,,,9`,
    `Lee,${surname},01632 960001,1985-01-01,10,,,7`,
  ].join('\r\n')

  await staffSignIn(page)
  await page.goto('/staff/customers/')
  await untilHydrated(page)
  await page.getByRole('link', { name: 'Import customers' }).click()
  await expect(page).toHaveURL(/\/staff\/customers\/import\/$/)
  await expect(page.getByRole('heading', { name: 'Import customers' })).toBeVisible()
  await untilHydrated(page)

  await page.getByLabel('CSV file of customers').setInputFiles({ name: 'old-system.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })

  // The columns, recognised by their names; the one no field uses is named as not imported.
  await expect(page.getByRole('heading', { name: '2. Match the columns' })).toBeVisible()
  await expect(page.getByLabel('First name')).toHaveValue('Forename')
  await expect(page.getByLabel('Mobile number')).toHaveValue('Tel')
  await expect(page.getByLabel('Minutes expire on')).toHaveValue('Expires')
  await expect(page.getByLabel('Note')).toHaveValue('Notes')
  await expect(page.getByText('Columns not imported: “Shoe size”')).toBeVisible()
  await page.getByLabel('Date of birth').selectOption('DOB')
  expect(await fitsTheWindow(page)).toBe(true)
  await page.getByRole('button', { name: 'Check the file' }).click()

  // The dry run: what would be imported, and the refused row with its reason; nothing written yet.
  await expect(page.getByRole('heading', { name: '3. Check before importing' })).toBeVisible()
  await expect(page.getByText('Ready to import 2 new customers, with 30 minutes. 1 row is refused, each with its reason.')).toBeVisible()
  const refused = page.getByTestId('refused-rows')
  await expect(refused).toContainText('Row 4')
  await expect(refused).toContainText('"01632 960001" is a landline')
  expect(await fitsTheWindow(page)).toBe(true)

  await page.getByRole('button', { name: 'Import 2 customers' }).click()
  await expect(page.getByRole('heading', { name: '4. Imported' })).toBeVisible()
  await expect(page.getByText('Imported 2 new customers, with 30 minutes. 1 row is refused, each with its reason.')).toBeVisible()

  // The customers are the salon's, signed up at the desk, with Amy's minutes on her record.
  await page.getByRole('link', { name: 'Find a customer' }).click()
  await page.getByLabel('Search customers').fill(surname)
  const results = page.getByTestId('customer-result')
  await expect(results).toHaveCount(2)
  await expect(results.filter({ hasText: `Amy ${surname}` })).toContainText('In salon only')
  await results.filter({ hasText: `Amy ${surname}` }).click()
  await expect(page.getByText('Balance carried over').first()).toBeVisible()
  // Her note from the old system is on her record as it was written, line break kept, as text (§10.5).
  await expect(page.getByRole('heading', { name: "Note from the salon's previous system" })).toBeVisible()
  const note = page.getByTestId('imported-note')
  await expect(note).toHaveText('Prefers the stand-up booth.\nPatch test <b>done</b>, 9 minutes')
  expect(await note.innerText()).toBe('Prefers the stand-up booth.\nPatch test <b>done</b>, 9 minutes')
  await expect(note.locator('b')).toHaveCount(0)
  // Ben came with no note: his record has none.
  await page.goBack()
  await results.filter({ hasText: `Ben ${surname}` }).click()
  await expect(page.getByRole('heading', { name: `Ben ${surname}` })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible()
  await expect(page.getByRole('heading', { name: "Note from the salon's previous system" })).toHaveCount(0)
})
