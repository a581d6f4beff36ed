import { spawn, type ChildProcess } from 'node:child_process'
import pg from 'pg'
import { createSignedInCustomer, demo, expect, openDays, test, untilHydrated } from './fixtures.ts'
import { buyPackage, packages, thankYou } from './payment.ts'
import { OUTBOX_TOKEN } from './outbox.ts'

/**
 * Minutes paid from the balance and given back on cancellation, driven in the browser on PostgreSQL, the
 * production database: this suite runs its own server on it (the shared end-to-end server keeps its embedded
 * database), buys the minutes by card with the offline test processor, and reads the ledger there.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100) + 1
const BASE = `http://127.0.0.1:${PORT}`
const ADMIN_URL = process.env.E2E_POSTGRES_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const DATABASE = `salon_e2e_balance_${process.pid}`
const databaseUrl = () => {
  const url = new URL(ADMIN_URL)
  url.pathname = `/${DATABASE}`
  return url.toString()
}

test.use({ baseURL: BASE })

let server: ChildProcess | undefined
let db: pg.Client | undefined

async function postgresAnswers() {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2_000 })
  try {
    await client.connect()
    return client
  } catch {
    return undefined
  }
}

test.beforeAll(async () => {
  test.setTimeout(120_000)
  const admin = await postgresAnswers()
  // CI always has PostgreSQL; on a machine without it this suite is skipped, like the API suite on PostgreSQL.
  if (!admin) {
    if (process.env.CI) throw new Error(`PostgreSQL does not answer at ${ADMIN_URL}`)
    return
  }
  await admin.query(`drop database if exists ${DATABASE}`)
  await admin.query(`create database ${DATABASE}`)
  await admin.end()

  server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      DATABASE_URL: databaseUrl(),
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      OUTBOX_TOKEN,
      SIGN_UPS_PER_HOUR: '1000',
      SIGN_INS_PER_HOUR: '1000',
      CODE_REQUESTS_PER_HOUR: '1000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  await expect
    .poll(
      () =>
        fetch(`${BASE}/healthz`).then(
          (r) => r.ok,
          () => false,
        ),
      { message: 'the server answers', timeout: 60_000 },
    )
    .toBe(true)
  db = new pg.Client({ connectionString: databaseUrl() })
  await db.connect()
})

test.afterAll(async () => {
  await db?.end()
  if (server) {
    server.kill('SIGTERM')
    await new Promise((r) => server!.once('exit', r))
    server = undefined
    const admin = await postgresAnswers()
    await admin?.query(`drop database if exists ${DATABASE}`)
    await admin?.end()
  }
})

async function balance(phone: string) {
  const { rows } = await db!.query<{ minutes: string }>(
    `select coalesce(sum(l.minutes), 0) as minutes from balance_ledger l join identity_users u on u.sub = l.sub where u.phone = $1 and l.shop_id = $2`,
    [phone, demo.shopId],
  )
  return Number(rows[0]!.minutes)
}

// One run, on the phone that books with the booking bar: it starts a server of its own.
test('a session paid from the balance takes its minutes, and cancelling it gives them back', { tag: '@phone' }, async ({ page }) => {
  test.skip(!server, 'PostgreSQL does not answer here')
  test.setTimeout(60_000)

  const customer = await createSignedInCustomer(page.request, BASE)
  await page.context().addCookies(customer.storageState.cookies)
  await buyPackage(page, packages.starter)
  await expect(thankYou(page).getByText('30 minutes', { exact: true })).toBeVisible()
  expect(await balance(customer.phone)).toBe(30)

  // A lay-down bed, which the package's minutes cover.
  const [date] = await openDays(page.request)
  await page.goto('/book/')
  await untilHydrated(page)
  await page.getByRole('radiogroup', { name: 'Day' }).locator(`input[value="${date}"]`).check()
  await page
    .getByRole('radiogroup', { name: 'Sunbed' })
    .getByRole('radio', { name: /^Solara Classic 24/ })
    .check()
  const first = page.getByRole('radiogroup', { name: 'Start time' }).getByRole('radio').first()
  const time = await first.inputValue()
  await first.check()
  await expect(page.getByText('Paid from your balance').first()).toBeVisible()
  await page.getByRole('button', { name: `Book ${time}` }).click()

  await expect(page).toHaveURL(/\/confirmation\/success\/\?id=/)
  await expect(page.getByText('6 minutes from your balance')).toBeVisible()
  expect(await balance(customer.phone)).toBe(24)

  await page.getByRole('link', { name: 'Upcoming bookings', exact: true }).click()
  await page.getByRole('button', { name: new RegExp(`^Cancel the session on .* at ${time}$`) }).click()
  const dialog = page.getByRole('dialog', { name: 'Cancel this session?' })
  await expect(dialog).toContainText('The 6 minutes go back on your balance.')
  await dialog.getByRole('button', { name: 'Cancel session' }).click()

  const alert = page.getByRole('alertdialog')
  await expect(alert).toContainText('6 minutes are back on your balance.')
  await alert.getByRole('button', { name: 'OK' }).click()
  expect(await balance(customer.phone)).toBe(30)
})
