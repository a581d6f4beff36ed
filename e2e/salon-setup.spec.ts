import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { passwordSignInInput } from '../apps/server/src/test/factories/sign-up.ts'
import { cognito, createCustomer, expect, localPhone, smsCode, test, uniquePhone, untilHydrated } from './fixtures.ts'
import { OUTBOX_TOKEN } from './outbox.ts'
import { staffSignIn } from './staff.ts'

/**
 * A salon of one's own from a fresh start with the demo off (docs/product.md §11): this suite runs its own server on
 * an empty data directory, reads the set-up link from its log, sets the salon up in the browser at phone size, and
 * then its owner signs in and a customer signs up and books, at the new salon.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100) + 2
const BASE = `http://127.0.0.1:${PORT}`
// A wrong or spent link is refused by the check the page makes first, which the browser logs.
test.use({ baseURL: BASE, allowedConsoleErrors: [/status of 40[39] \(\w+\) \S*\/api\/setup\/check$/] })
test.describe.configure({ mode: 'serial' })

let server: ChildProcess | undefined
let dataDir = ''
let log = ''

test.beforeAll(async () => {
  test.setTimeout(90_000)
  dataDir = mkdtempSync(path.join(tmpdir(), 'salon-setup-e2e-'))
  server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      OUTBOX_TOKEN,
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  server.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()))
  await expect
    .poll(() => /staff\/setup\/\?token=([\w-]+)/.exec(log)?.[1], { message: 'the server writes the set-up link to its log', timeout: 60_000 })
    .toBeDefined()
})

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const stopped = new Promise((resolve) => server!.once('exit', resolve))
    server.kill('SIGTERM')
    await stopped
  }
  rmSync(dataDir, { recursive: true, force: true })
})

const setupLink = () => {
  const match = /(http:\/\/localhost:\d+)(\/staff\/setup\/\?token=[\w-]+)/.exec(log)!
  return match[2]!
}

test('before the set-up, every page is a plain "opening soon" page, and a wrong link opens nothing @phone', async ({ page, request }) => {
  const home = await request.get('/')
  expect(home.status()).toBe(200)
  expect(await home.text()).toContain('Opening soon')
  expect((await request.get('/book/')).status()).toBe(404)
  await page.goto('/staff/setup/?token=not-the-token-0123456789abcdef0123456789')
  await expect(page.getByRole('alert')).toHaveText('This set-up link is not right: open the link the server wrote to its log when it started.')
})

test('the owner sets the salon up from the link in the log; they sign in, and a customer signs up and books @phone', async ({ page, request }) => {
  test.setTimeout(60_000)
  const owner = { phone: uniquePhone(), password: 'Sun-studio-2026' }
  await page.goto(setupLink())
  await untilHydrated(page)
  await expect(page).toHaveURL(/\/staff\/setup\/$/)
  await page.getByLabel('Salon name').fill('Sun Studio Leeds')
  await page.getByLabel('Address', { exact: true }).fill('12 Briggate')
  await page.getByLabel('Town').fill('Leeds')
  await page.getByLabel('Postcode').fill('LS1 6HD')
  await page.getByLabel("Salon's phone").fill('0113 496 0123')
  await page.getByLabel("Salon's email").fill('hello@sunstudio.example')
  await page.getByLabel('Where the salon is').selectOption('scotland')
  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByLabel('Open on Sunday').check()
  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByRole('button', { name: 'Add a sunbed' }).click()
  await page.getByLabel('Kind').nth(1).selectOption('stand-up')
  await page.getByLabel('Stand-up (pence)').fill('75')
  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByLabel('Your name').fill('Sam Sunny')
  await page.getByLabel('Your mobile number').fill(localPhone(owner.phone))
  await page.getByLabel('Choose a password').fill(owner.password)
  await page.getByRole('button', { name: 'Text me a code' }).click()
  await page.getByLabel('The code we texted').fill(await smsCode(request, owner.phone))
  await page.getByRole('button', { name: 'Set up the salon' }).click()
  await expect(page.getByRole('heading', { name: 'Your salon is set up' })).toBeVisible()
  const apiKey = (await page.locator('dd').nth(1).textContent())!.trim()
  await expect(page.locator('pre')).toHaveText(`SHOP_ID=sun-studio-leeds\nAPI_KEY=${apiKey}\nSEED_DEMO=false`)

  // The link is spent.
  await page.goto(setupLink())
  await expect(page.getByRole('alert')).toContainText('This salon is set up already')

  // The site is the new salon's, and its owner signs in to the back office.
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sun Studio Leeds')
  await staffSignIn(page, owner)

  // A customer signs up at the new salon and books a session there.
  const shop = { shopId: 'sun-studio-leeds', apiKey }
  const customer = await createCustomer(request, { shop })
  const { AuthenticationResult } = await cognito<{ AuthenticationResult: { IdToken: string } }>(
    request,
    'InitiateAuth',
    passwordSignInInput(customer.phone, customer.password),
  )
  const headers = { shop_id: shop.shopId, api_key: shop.apiKey, authorization: `Bearer ${AuthenticationResult.IdToken}` }
  const times = (await (await request.get('/api/p_preload_times', { headers })).json()) as {
    minutes: number
    times: Record<string, { time: string; startsAt: string; bedIds: string[] }[]>
  }
  const [date, slots] = Object.entries(times.times).find(([, list]) => list.some((t) => Date.parse(t.startsAt) > Date.now() + 3_600_000))!
  const slot = slots.find((t) => Date.parse(t.startsAt) > Date.now() + 3_600_000)!
  const booked = await request.post('/api/p_book', { headers, data: { date, time: slot.time, minutes: times.minutes, bedId: slot.bedIds[0] } })
  expect(booked.status(), await booked.text()).toBe(201)
  await page.goto(`/staff/?date=${date}`)
  await expect(page.getByText(`${customer.firstName} ${customer.lastName}`).first()).toBeVisible()
})
