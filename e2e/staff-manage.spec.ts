import { readFile } from 'node:fs/promises'
import { deflateSync } from 'node:zlib'
import type { Page } from '@playwright/test'
import pg from 'pg'
import { e2eDatabaseUrl } from './database.ts'
import { demo, expect, keepScreenshot, openBookingDay, openDays, test, unique, untilHydrated } from './fixtures.ts'
import { cardForm, payWith, startPayment, thankYou } from './payment.ts'
import { openManage, ownerPage, PASSING_BED, shopHeaders } from './staff.ts'
import { inTurn } from './turns.ts'

/** The times /book/ offers on a day for one sunbed, as the planner shows them. */
async function offeredTimes(page: Page, date: string, bedName: string) {
  await openBookingDay(page, date)
  await page
    .getByRole('radiogroup', { name: 'Sunbed' })
    .getByRole('radio', { name: new RegExp(`^${bedName}`) })
    .check()
  await expect(page.getByRole('heading', { name: /^Free times/ })).toBeVisible()
  return page.getByRole('radiogroup', { name: 'Start time' })
}

/** A small PNG picture, made here: `size` square pixels of one colour. */
function png(size: number, [r, g, b]: [number, number, number]): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff
    for (const byte of bytes) c = table[(c ^ byte) & 0xff]! ^ (c >>> 8)
    return (c ^ 0xffffffff) >>> 0
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const sum = Buffer.alloc(4)
    sum.writeUInt32BE(crc(body))
    return Buffer.concat([length, body, sum])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header.set([8, 2, 0, 0, 0], 8)
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat())])
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

const addHour = (time: string) => `${String(Number(time.slice(0, 2)) + 1).padStart(2, '0')}${time.slice(2)}`

test(
  'the owner puts a new sunbed out of service for an hour and /book/ stops offering it then',
  { tag: '@layout' },
  async ({ page, browser, request }, testInfo) => {
    const owner = await ownerPage(browser, request, testInfo)
    const bedName = unique(PASSING_BED)
    await openManage(owner.page, '/staff/manage/beds/', 'Sunbeds')
    await owner.page.getByRole('button', { name: '+ Add a sunbed' }).click()
    const form = owner.page.locator('form').filter({ has: owner.page.getByRole('heading', { name: 'New sunbed' }) })
    await form.getByLabel('Name').fill(bedName)
    await form.getByRole('button', { name: 'Add sunbed' }).click()
    await expect(owner.page.getByText(`${bedName} added. Customers can book it now.`)).toBeVisible()

    // A time the new bed is free, from the salon's own free times, on a day and hour no other test books it.
    const { beds } = (await (await request.get('/api/website/salon', { headers: shopHeaders })).json()) as { beds: { id: string; name: string }[] }
    const bedId = beds.find((b) => b.name === bedName)!.id
    const days = await openDays(request)
    const date = days[testInfo.project.name === 'phone' ? 1 : 2]!
    const free = await request.post('/api/p_sessions', { headers: shopHeaders, data: { date, minutes: 6, bedId } })
    const times = ((await free.json()) as { times: { time: string }[] }).times.map((t) => t.time).filter((t) => t < '20:00')
    const time = times[Math.floor(times.length / 2)]!

    const startTimes = await offeredTimes(page, date, bedName)
    await expect(startTimes.getByRole('radio', { name: time, exact: true })).toBeAttached()

    const card = owner.page.getByRole('listitem').filter({ hasText: bedName }).first()
    await card.getByRole('button', { name: `Put out of service (${bedName})` }).click()
    await card.getByLabel('From').fill(`${date}T${time}`)
    await card.getByLabel('Until').fill(`${date}T${addHour(time)}`)
    await card.getByLabel('Reason').fill('Lamp change')
    await card.getByRole('button', { name: 'Put out of service', exact: true }).click()
    await expect(card.getByText('No booked sessions fall on that time.')).toBeVisible()
    await expect(card.getByText('Lamp change')).toBeVisible()

    const afterwards = await offeredTimes(page, date, bedName)
    await expect(afterwards.getByRole('radio').first()).toBeAttached()
    await expect(afterwards.getByRole('radio', { name: time, exact: true })).toHaveCount(0)

    // The test's bed leaves the salon: retired after a question.
    await card.getByRole('button', { name: `Retire ${bedName}` }).click()
    await owner.page.getByRole('dialog').getByRole('button', { name: 'Retire bed' }).click()
    await expect(owner.page.getByText(`${bedName} is retired: it takes no new bookings.`)).toBeVisible()
    expect(owner.errors).toEqual([])
  },
)

test('the owner adds an item to the price list, changes its price, and /prices/ shows each change at once', async ({ page, browser, request }, testInfo) => {
  const owner = await ownerPage(browser, request, testInfo)
  // The price list is saved whole: the tests that save it take turns.
  await inTurn('price-list', async () => {
    const item = unique('Test lotion')
    await openManage(owner.page, '/staff/manage/prices/', 'Prices and packages')
    const prices = owner.page.getByRole('region', { name: 'Prices', exact: true })
    await prices.getByRole('button', { name: '+ Add an item' }).click()
    const row = prices.getByRole('listitem').last()
    await row.getByLabel('Item').fill(item)
    await row.getByLabel('Detail').fill('A sachet')
    await row.getByLabel('Price (£)').fill('3.50')
    await prices.getByRole('button', { name: 'Save prices' }).click()
    await expect(prices.getByText('Prices saved. The website shows them now.')).toBeVisible()

    const listed = async () => {
      await page.goto('/prices/')
      return page.getByRole('listitem').filter({ hasText: item })
    }
    await expect(await listed()).toContainText('£3.50')

    // New items go at the end of the list, where the saved list keeps them.
    const saved = prices.getByRole('listitem').last()
    await expect(saved.getByLabel('Item')).toHaveValue(item)
    await saved.getByLabel('Price (£)').fill('4.25')
    await prices.getByRole('button', { name: 'Save prices' }).click()
    await expect(prices.getByText('Prices saved. The website shows them now.')).toBeVisible()
    await expect(await listed()).toContainText('£4.25')

    // The test's item leaves the price list again, after a question.
    await saved.getByRole('button', { name: 'Remove' }).click()
    await owner.page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click()
    await prices.getByRole('button', { name: 'Save prices' }).click()
    await expect(prices.getByText('Prices saved. The website shows them now.')).toBeVisible()
    await expect(await listed()).toHaveCount(0)
  })
  expect(owner.errors).toEqual([])
})

test('the owner writes a post with a cover picture, publishes it, and it is on /blog/', async ({ page, browser, request }, testInfo) => {
  const owner = await ownerPage(browser, request, testInfo)
  const title = unique('Test post')
  await openManage(owner.page, '/staff/manage/blog/', 'Blog')
  await owner.page.getByRole('link', { name: '+ New post' }).click()
  await expect(owner.page.getByRole('heading', { level: 1, name: 'New post' })).toBeVisible()
  await owner.page.getByLabel('Title').fill(title)
  await owner.page.getByLabel('Summary').fill('What to bring to your first session.')
  await owner.page.getByLabel('Post (Markdown)').fill('## Before you come\n\nBring **goggles**, or borrow ours.')
  if (testInfo.project.name === 'phone') await owner.page.getByRole('tab', { name: 'Preview' }).click()
  await expect(owner.page.getByTestId('blog-preview').getByRole('heading', { name: 'Before you come' })).toBeVisible()
  await expect(owner.page.getByTestId('blog-preview').locator('strong')).toHaveText('goggles')

  await owner.page.getByLabel('Cover picture file').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png(32, [245, 158, 11]) })
  await expect(owner.page.getByText('Picture uploaded. Save the post to keep it.')).toBeVisible()
  await expect(owner.page.getByRole('img', { name: 'The cover picture' })).toHaveAttribute('src', /^\/uploads\//)

  await owner.page.getByRole('button', { name: 'Publish' }).click()
  await expect(owner.page.getByText('Published. It is on the blog now.')).toBeVisible()
  await expect(owner.page).toHaveURL(/\/staff\/manage\/blog\/test-post-[a-z0-9-]+\/$/)

  await page.goto('/blog/')
  await page.getByRole('link', { name: title }).first().click()
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Before you come' })).toBeVisible()
  const cover = page.locator('img[src^="/uploads/"]').first()
  await expect(cover).toBeVisible()
  expect(await cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(32)

  // Taken back to a draft after a question: it leaves the blog.
  await owner.page.getByRole('button', { name: 'Unpublish' }).click()
  await owner.page.getByRole('dialog').getByRole('button', { name: 'Unpublish' }).click()
  await expect(owner.page.getByText('Unpublished: the post is a draft again.')).toBeVisible()
  await page.goto('/blog/')
  await expect(page.getByRole('link', { name: title })).toHaveCount(0)

  // Opened again, the editor shows the post's preview with it.
  await owner.page.reload()
  if (testInfo.project.name === 'phone') await owner.page.getByRole('tab', { name: 'Preview' }).click()
  await expect(owner.page.getByTestId('blog-preview').getByRole('heading', { name: 'Before you come' })).toBeVisible()
  expect(owner.errors).toEqual([])
})

test.describe('a promo code the owner makes', () => {
  test.use({ signedIn: 'own' })

  test('takes its discount off a package a customer buys, and counts the use', async ({ page, browser, request }, testInfo) => {
    const owner = await ownerPage(browser, request, testInfo)
    const packageName = unique('Test pack')
    const code = `T${Date.now().toString(36).toUpperCase()}${Math.random().toString(36).slice(2, 5).toUpperCase()}`
    await openManage(owner.page, '/staff/manage/prices/', 'Prices and packages')

    const packagesPanel = owner.page.getByRole('region', { name: 'Packages', exact: true })
    await packagesPanel.getByRole('button', { name: '+ New package' }).click()
    await packagesPanel.getByLabel('Name').fill(packageName)
    await packagesPanel.getByLabel('Minutes').fill('20')
    await packagesPanel.getByLabel('Price (£)').fill('20')
    await packagesPanel.getByLabel('Valid (days)').fill('30')
    await packagesPanel.getByRole('button', { name: 'Create package' }).click()
    await expect(packagesPanel.getByText(`${packageName} created.`)).toBeVisible()

    const promos = owner.page.getByRole('region', { name: 'Promo codes', exact: true })
    await promos.getByRole('button', { name: '+ New promo code' }).click()
    await promos.getByLabel('Code').fill(code)
    await promos.getByLabel('Percent off').fill('25')
    const lastDay = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)
    await promos.getByLabel('Last day').fill(lastDay)
    await promos.getByLabel('Every package').uncheck()
    await promos.getByLabel(packageName).check()
    await promos.getByRole('button', { name: 'Create promo code' }).click()
    await expect(promos.getByText(`${code} created. Customers can use it now.`)).toBeVisible()
    const row = promos.getByRole('listitem').filter({ hasText: code })
    await expect(row).toContainText('used 0 times')

    await page.goto('/book/package/')
    await untilHydrated(page)
    await page.getByRole('button', { name: `Buy ${packageName}`, exact: true }).click()
    const payment = page.getByRole('region', { name: 'Payment' })
    await payment.getByLabel('Promo code').fill(code.toLowerCase())
    await payment.getByRole('button', { name: 'Apply' }).click()
    await expect(payment.getByRole('term').filter({ hasText: `Discount (${code})` })).toBeVisible()
    await expect(payment.getByRole('definition').filter({ hasText: '−£5.00' })).toBeVisible()
    await startPayment(page, '£15.00')
    await expect(cardForm(page).getByRole('button', { name: 'Pay £15.00' })).toBeVisible()
    await payWith(page, '4242 4242 4242 4242')
    await expect(thankYou(page).getByText(new RegExp(`^20 minutes of ${packageName} are on your balance`))).toBeVisible()

    await owner.page.reload()
    await expect(owner.page.getByRole('region', { name: 'Promo codes', exact: true }).getByRole('listitem').filter({ hasText: code })).toContainText(
      'used 1 time',
    )

    // The test's package is withdrawn from sale after a question; the customer's minutes stay.
    const pkg = owner.page.getByRole('region', { name: 'Packages', exact: true }).getByRole('listitem').filter({ hasText: packageName })
    await pkg.getByRole('button', { name: 'Withdraw' }).click()
    await owner.page.getByRole('dialog').getByRole('button', { name: 'Withdraw' }).click()
    await expect(owner.page.getByText(`${packageName} is withdrawn: customers can no longer buy it.`)).toBeVisible()
    expect(owner.errors).toEqual([])
  })
})

test('a message from the contact form waits under Leads until the owner marks it handled', async ({ browser, request }, testInfo) => {
  const name = unique('Test sender')
  const sent = await request.post('/api/p_message', {
    headers: shopHeaders,
    data: { name, email: 'sender@example.com', message: 'Do you have a stand-up bed free on Saturday?', consent: true },
  })
  expect(sent.ok()).toBe(true)

  const owner = await ownerPage(browser, request, testInfo)
  await openManage(owner.page, '/staff/leads/', 'Leads')
  const lead = owner.page.getByRole('listitem').filter({ hasText: name })
  await expect(lead).toContainText('Do you have a stand-up bed free on Saturday?')
  await expect(lead.getByRole('link', { name: 'sender@example.com' })).toHaveAttribute('href', 'mailto:sender@example.com')
  await lead.getByRole('button', { name: `Mark handled: ${name}` }).click()
  await expect(owner.page.getByText(`${name} marked handled.`)).toBeVisible()
  await expect(lead).toHaveCount(0)

  await owner.page.getByRole('tab', { name: 'Handled' }).click()
  await expect(owner.page.getByRole('listitem').filter({ hasText: name })).toContainText('by Demo Owner')
  expect(owner.errors).toEqual([])
})

test('the owner reads the reports for a range and downloads its bookings as a CSV file', async ({ browser, request }, testInfo) => {
  const owner = await ownerPage(browser, request, testInfo)
  await openManage(owner.page, '/staff/reports/', 'Reports')
  await owner.page.getByRole('button', { name: 'This month' }).click()
  await expect(owner.page.getByRole('region', { name: 'Sessions' })).toContainText('Attended')
  await expect(owner.page.getByRole('region', { name: 'Takings' })).toContainText('Net')

  const download = owner.page.waitForEvent('download')
  await owner.page.getByRole('button', { name: /^Bookings/ }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^bookings-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.csv$/)
  const text = await readFile((await file.path())!, 'utf8')
  expect(text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
    'Date,Start,End,Minutes,Sunbed,Status,Paid with,Price (£),First name,Last name,Mobile,Email,Booked by,Booked at',
  )
  await expect(owner.page.getByText('Bookings downloaded.')).toBeVisible()

  // What the privacy notice's daily jobs will delete at their next run (docs/product.md §4.16): counts and when.
  await expect(owner.page.getByRole('heading', { name: 'Due for deletion' })).toBeVisible()
  await expect(owner.page.getByText(/At the next run, \w{3} \d{1,2} \w{3} \d{4}, \d{2}:\d{2}:/)).toBeVisible()
  await expect(owner.page.getByText(/^\d+ customers? who have not booked, bought or signed in since/)).toBeVisible()

  // The server backs itself up as it starts (BACKUP_DIR, docs/operations.md): the owner sees when.
  await expect(owner.page.getByRole('heading', { name: 'Backups' })).toBeVisible()
  await expect(async () => {
    await owner.page.reload()
    await expect(owner.page.getByText(/^Last backup: \w{3} \d{1,2} \w{3} \d{4}, \d{2}:\d{2} \([\d.]+ (kB|MB), \d+ rows\)\.$/)).toBeVisible({ timeout: 2_000 })
  }).toPass()
  await keepScreenshot(owner.page, 'test-results/staff-reports-backups-desktop.png')

  // Work the server gave up on (docs/operations.md "Work that failed"): a receipt the text provider refused on every try.
  const why = `The provider refused the message (${unique('ref')}).`
  const db = new pg.Client({ connectionString: e2eDatabaseUrl() })
  await db.connect()
  try {
    await db.query(
      `insert into jobs (id, kind, payload, shop_id, status, run_at, attempts, max_attempts, last_error, finished_at)
       values (gen_random_uuid(), 'payment.receipt', '{}', $1, 'failed', now(), 8, 8, $2, now())`,
      [demo.shopId, why],
    )
  } finally {
    await db.end()
  }
  await owner.page.reload()
  const failed = owner.page.getByRole('region', { name: 'Work that failed' })
  const item = failed.getByRole('listitem').filter({ hasText: why })
  await expect(item).toContainText('A receipt to a customer')
  await expect(item).toContainText('after 8 tries')
  await item.scrollIntoViewIfNeeded()
  await keepScreenshot(owner.page, 'test-results/staff-reports-failed-work-desktop.png')
  await item.getByRole('button', { name: /^Try again/ }).click()
  await expect(failed.getByText('A receipt to a customer: it will be tried again in a moment.')).toBeVisible()
  await expect(failed.getByRole('listitem').filter({ hasText: why })).toHaveCount(0)
  expect(owner.errors).toEqual([])
})
