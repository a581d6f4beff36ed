import { schema, type Database } from '@salon/db'
import { seedDemo } from '@salon/db/seed'
import { eq } from 'drizzle-orm'
import { expect, it, vi } from 'vitest'
import { createOutboxEmailSender } from '../adapters/email/outbox.ts'
import { createOutboxRepository } from '../adapters/outbox/outbox.repository.ts'
import { createOutboxSmsSender } from '../adapters/sms/outbox.ts'
import { createApp, DEFAULT_POOL } from '../app.ts'
import { createLogger } from '../lib/logger.ts'
import { createGroupsRepository } from '../modules/identity/public.ts'
import { checkPhone } from '@salon/contracts/rules/phone'
import { describeDatabase } from '../test/harness.ts'
import { bearer, cognitoClient, outboxMessages, signIn } from '../test/factories/customers.ts'
import { fastPasswords, testClock, TEST_OUTBOX_TOKEN } from '../test/factories/doubles.ts'
import { createShop } from '../test/factories/shop.ts'
import { salonSetupInput, SETUP_OWNER_PASSWORD } from '../test/factories/salon-setup.ts'
import { ALREADY_SET_UP } from './create-salon.ts'
import { createSetupApp, NOT_SET_UP } from './setup-app.ts'
import { SETUP_MESSAGES } from './setup.routes.ts'
import { chooseSite } from './site.ts'
import type { SiteSalon } from './salon-setup.repository.ts'

const TOKEN = 'setup-token-for-the-tests-0123456789abcdef'

function setupApp(database: Database, options: { now?: () => number; ready?: () => boolean; metricsToken?: string } = {}) {
  const logger = createLogger('silent')
  const outbox = createOutboxRepository(database.db)
  const onSetUp = vi.fn<(site: SiteSalon) => void>()
  const app = createSetupApp({
    database,
    logger,
    sms: createOutboxSmsSender(outbox, logger, false),
    email: createOutboxEmailSender(outbox, logger, false),
    poolId: DEFAULT_POOL.poolId,
    passwords: fastPasswords,
    now: options.now,
    token: TOKEN,
    outboxToken: TEST_OUTBOX_TOKEN,
    onSetUp,
    ready: options.ready,
    metricsToken: options.metricsToken,
  })
  const call = async (path: string, body?: unknown) => {
    const response = await app.request(`/api/setup/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    })
    const text = await response.text()
    return { status: response.status, json: text ? (JSON.parse(text) as Record<string, any>) : null }
  }
  /** The code texted to the owner's number. */
  const codeFor = async (phone: string) => {
    const e164 = (checkPhone(phone) as { phone: string }).phone
    const [message] = await outboxMessages(app, e164)
    return /\b(\d{6})\b/.exec(message?.body ?? '')?.[1] ?? ''
  }
  return { app, call, codeFor, onSetUp }
}

describeDatabase('before any salon is set up', (db) => {
  it('every page is a plain "opening soon" page, never a 5xx; the API says there is no salon yet', async () => {
    const { app } = setupApp(db())
    const home = await app.request('/')
    expect(home.status).toBe(200)
    expect(await home.text()).toContain('Opening soon')
    expect(home.headers.get('cache-control')).toBe('no-store')
    const other = await app.request('/prices/')
    expect(other.status).toBe(404)
    expect(await other.text()).toContain('Opening soon')
    const api = await app.request('/api/shop', { headers: { shop_id: 'bronze-glow', api_key: 'x' } })
    expect(api.status).toBe(404)
    expect(await api.json()).toEqual({ message: NOT_SET_UP })
    expect((await app.request('/healthz')).status).toBe(200)
  })

  it('is watched as the salon is: /readyz turns false as the process stops, and /metrics counts its requests for this machine or the token', async () => {
    let stopping = false
    const token = 'metrics-token-for-the-set-up-0123456789'
    const { app } = setupApp(db(), { ready: () => !stopping, metricsToken: token })
    expect((await app.request('/readyz')).status).toBe(200)
    await app.request('/prices/')
    const scraped = await app.request('/metrics')
    expect(scraped.status).toBe(200)
    expect(await scraped.text()).toMatch(/salon_http_requests_total\{[^}]*status="404"[^}]*\} 1/)
    expect((await app.request('https://salon.example/metrics', { headers: { 'x-forwarded-for': '203.0.113.9' } })).status).toBe(403)
    expect((await app.request('https://salon.example/metrics', { headers: { authorization: `Bearer ${token}` } })).status).toBe(200)
    stopping = true
    expect((await app.request('/readyz')).status).toBe(503)
    expect((await app.request('/healthz')).status).toBe(200)
  })

  it('which salon a start serves: none in an empty database, then the demo, then the salon set up, and SHOP_ID above all', async () => {
    expect(await chooseSite(db().db, {})).toEqual({ setUp: true })
    const other = await createShop(db().db)
    await expect(chooseSite(db().db, {})).rejects.toThrow(`Set SHOP_ID to one of: ${other.id}`)
    expect(await chooseSite(db().db, { SHOP_ID: other.id, API_KEY: other.apiKey })).toEqual({ shopId: other.id, apiKey: other.apiKey })
    await expect(chooseSite(db().db, { SHOP_ID: other.id })).rejects.toThrow('API_KEY is unset')
    await seedDemo(db().db)
    expect(await chooseSite(db().db, {})).toMatchObject({ shopId: 'bronze-glow' })
    await db()
      .db.insert(schema.siteSalon)
      .values({ shopId: other.id, webApiKey: 'pk_site', setUpAt: new Date(0) })
    expect(await chooseSite(db().db, {})).toEqual({ shopId: other.id, apiKey: 'pk_site' })
    expect(await chooseSite(db().db, { SHOP_ID: 'bronze-glow' })).toMatchObject({ shopId: 'bronze-glow' })
  })
})

describeDatabase('setting up a salon', (db) => {
  it('a wrong or missing token opens nothing and sends nothing', async () => {
    const { call, app } = setupApp(db())
    expect(await call('check', { token: `${TOKEN.slice(0, -1)}x` })).toEqual({ status: 403, json: { message: SETUP_MESSAGES.badLink } })
    expect((await call('check', {})).status).toBe(400)
    const input = salonSetupInput()
    expect(await call('code', { token: 'nope', phone: input.owner.phone })).toEqual({ status: 403, json: { message: SETUP_MESSAGES.badLink } })
    expect(await outboxMessages(app)).toEqual([])
    expect((await call('check', { token: TOKEN })).status).toBe(204)
  })

  it('bad answers are refused with the fields named, and a wrong code is refused, changing nothing', async () => {
    const { call, codeFor } = setupApp(db())
    const input = salonSetupInput()
    expect((await call('code', { token: TOKEN, phone: '01632 960555' })).status).toBe(400)
    expect((await call('code', { token: TOKEN, phone: input.owner.phone })).status).toBe(204)
    const code = await codeFor(input.owner.phone)
    expect(code).toMatch(/^\d{6}$/)
    const bad = await call('salon', {
      token: TOKEN,
      code,
      setup: { ...input, hours: [{ weekday: 1, opensAt: '18:00', closesAt: '09:00' }], beds: [{ name: 'A', type: 'moon-bed', minMinutes: 3, maxMinutes: 9 }] },
    })
    expect(bad.status).toBe(400)
    expect(bad.json!.message).toMatch(/setup\.hours\.0\.closesAt/)
    expect(bad.json!.message).toMatch(/setup\.beds\.0\.type/)
    const noPrice = await call('salon', { token: TOKEN, code, setup: { ...input, prices: { 'lay-down': 60 } } })
    expect(noPrice).toMatchObject({ status: 400 })
    expect(noPrice.json!.message).toMatch(/setup\.prices\.stand-up/)
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
    expect(await call('salon', { token: TOKEN, code: wrong, setup: input })).toEqual({ status: 400, json: { message: SETUP_MESSAGES.wrongCode } })
    expect(await db().db.$count(schema.shops)).toBe(0)
    expect(await db().db.$count(schema.siteSalon)).toBe(0)
  })

  it('a code allows five tries, sent at once or one by one; then only a new code works', async () => {
    const { call, codeFor } = setupApp(db())
    const input = salonSetupInput()
    await call('code', { token: TOKEN, phone: input.owner.phone })
    const code = await codeFor(input.owner.phone)
    const wrong = String((Number(code) + 7) % 1_000_000).padStart(6, '0')
    await Promise.all(Array.from({ length: 5 }, () => call('salon', { token: TOKEN, code: wrong, setup: input })))
    expect(await call('salon', { token: TOKEN, code, setup: input })).toEqual({ status: 400, json: { message: SETUP_MESSAGES.wrongCode } })
    expect(await db().db.$count(schema.shops)).toBe(0)
  })

  it('the owner confirms their number, the salon is made with everything it needs, and the link is spent', async () => {
    const clock = testClock('2027-03-01T10:00:00Z')
    const { call, codeFor, onSetUp } = setupApp(db(), { now: clock.now })
    const input = salonSetupInput({ salon: { ...salonSetupInput().salon, name: 'Golden Hour Tanning, Chester' } })
    await call('code', { token: TOKEN, phone: input.owner.phone })
    const made = await call('salon', { token: TOKEN, code: await codeFor(input.owner.phone), setup: input })
    expect(made.status).toBe(201)
    expect(made.json).toEqual({
      shopId: 'golden-hour-tanning-chester',
      apiKey: expect.stringMatching(/^pk_[0-9a-f]{32}$/),
      env: `SHOP_ID=golden-hour-tanning-chester\nAPI_KEY=${made.json!.apiKey}\nSEED_DEMO=false\n`,
    })
    const shopId = made.json!.shopId as string
    expect(onSetUp).toHaveBeenCalledTimes(1)
    expect(onSetUp).toHaveBeenCalledWith({ shopId, webApiKey: made.json!.apiKey })
    const [shop] = await db().db.select().from(schema.shops).where(eq(schema.shops.id, shopId))
    expect(shop).toMatchObject({ name: 'Golden Hour Tanning, Chester', nation: 'wales', postcode: 'CH1 1AA', createdAt: new Date(clock.now()) })
    expect(await db().db.$count(schema.openingHours, eq(schema.openingHours.shopId, shopId))).toBe(6)
    expect(
      await db()
        .db.select({ code: schema.bedTypes.code, pence: schema.bedTypes.perMinutePence })
        .from(schema.bedTypes)
        .where(eq(schema.bedTypes.shopId, shopId)),
    ).toEqual([
      { code: 'lay-down', pence: 60 },
      { code: 'stand-up', pence: 70 },
    ])
    expect(await db().db.$count(schema.beds, eq(schema.beds.shopId, shopId))).toBe(2)
    const [rules] = await db().db.select().from(schema.bookingRules).where(eq(schema.bookingRules.shopId, shopId))
    expect(rules).toMatchObject({
      slotStepMinutes: 15,
      leadTimeMinutes: 60,
      horizonDays: 28,
      cancellationCutoffMinutes: 120,
      firstSessionMaxMinutes: 6,
      minHoursBetweenSessions: 24,
      payInSalon: true,
      payUpFront: false,
    })
    expect(await db().db.$count(schema.salonSetupCodes)).toBe(0)
    const [owner] = await createGroupsRepository(db().db).team(shopId)
    expect(owner).toMatchObject({
      role: 'owner',
      name: 'Nia Owner',
      phone: checkPhone(input.owner.phone).ok && (checkPhone(input.owner.phone) as { phone: string }).phone,
    })

    // The link is spent: every call is refused, whatever it carries.
    expect(await call('check', { token: TOKEN })).toEqual({ status: 409, json: { message: ALREADY_SET_UP } })
    expect((await call('code', { token: TOKEN, phone: input.owner.phone })).status).toBe(409)
    expect((await call('salon', { token: TOKEN, code: '123456', setup: salonSetupInput() })).status).toBe(409)
    expect(await db().db.$count(schema.shops)).toBe(1)

    // The salon's own app serves it: its public details with the new key, and its owner signs in to the staff API.
    const full = createApp({
      database: db(),
      logger: createLogger('silent'),
      email: createOutboxEmailSender(createOutboxRepository(db().db), createLogger('silent'), false),
      sms: createOutboxSmsSender(createOutboxRepository(db().db), createLogger('silent'), false),
      passwords: fastPasswords,
      identity: { ...DEFAULT_POOL, defaultShopId: shopId },
    })
    const headers = { shop_id: shopId, api_key: made.json!.apiKey as string }
    const spent = await full.request('/api/setup/check', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: TOKEN }),
    })
    expect(spent.status).toBe(409)
    expect(await spent.json()).toEqual({ message: ALREADY_SET_UP })
    const details = await full.request('/api/website/salon', { headers })
    expect(details.status).toBe(200)
    const tokens = await signIn(cognitoClient(full), (checkPhone(input.owner.phone) as { phone: string }).phone, SETUP_OWNER_PASSWORD)
    const me = await full.request('/api/staff/me', { headers: { ...headers, ...bearer(tokens) } })
    expect(me.status).toBe(200)
    expect(await me.json()).toMatchObject({ role: 'owner', shopId })
  })

  it('another process waiting on the same database hands over once it sees the salon set up', async () => {
    const clock = testClock('2027-03-01T10:00:00Z')
    const other = setupApp(db(), { now: clock.now })
    await other.app.request('/')
    expect(other.onSetUp).toHaveBeenCalledTimes(1)
    expect(other.onSetUp.mock.calls[0]![0]).toMatchObject({ shopId: 'golden-hour-tanning-chester' })
  })
})

describeDatabase('two set-ups at once', (db) => {
  it('make one salon: the other is refused and leaves nothing behind', async () => {
    const { call, codeFor, onSetUp } = setupApp(db())
    const inputs = [salonSetupInput(), salonSetupInput()]
    for (const input of inputs) await call('code', { token: TOKEN, phone: input.owner.phone })
    const codes = await Promise.all(inputs.map((input) => codeFor(input.owner.phone)))
    const answers = await Promise.all(inputs.map((setup, i) => call('salon', { token: TOKEN, code: codes[i], setup })))
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409])
    expect(answers.find((a) => a.status === 409)!.json).toEqual({ message: ALREADY_SET_UP })
    expect(await db().db.$count(schema.shops)).toBe(1)
    expect(await db().db.$count(schema.siteSalon)).toBe(1)
    expect(await db().db.$count(schema.staffMembers)).toBe(1)
    expect(onSetUp).toHaveBeenCalledTimes(1)
  })
})
