import { eq, schema } from '@salon/db'
import { beforeAll, beforeEach, expect, it } from 'vitest'
import type { EmailSender } from '../../adapters/email/email.ts'
import { createOutboxEmailSender } from '../../adapters/email/outbox.ts'
import { SendRefused } from '../../adapters/send-refused.ts'
import { createOutboxSmsSender } from '../../adapters/sms/outbox.ts'
import type { SmsSender } from '../../adapters/sms/sms.ts'
import { createWorker } from '../../jobs/worker.ts'
import { createLogger } from '../../lib/logger.ts'
import { outboxMessages, shopCustomer } from '../../test/factories/customers.ts'
import { fastPasswords, testClock } from '../../test/factories/doubles.ts'
import type { ShopInput } from '../../test/factories/shop.ts'
import { describeApi, type TestApp } from '../../test/harness.ts'

const logger = createLogger('silent')
const BED = 'unknown-fate-bed'
const SHOP = {
  name: 'Bronze Test',
  phone: '01632 960555',
  hours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opensAt: '08:00', closesAt: '22:00' })),
  closures: [],
  rules: { minHoursBetweenSessions: 0, leadTimeMinutes: 30, cancellationCutoffMinutes: 60, horizonDays: 60 },
  bedTypes: [{ code: 'lay-down', perMinutePence: 60 }],
  beds: [{ id: BED, type: 'lay-down', name: 'Sunbed One', maxMinutes: 12, cleaningBufferMinutes: 0 }],
} satisfies ShopInput

/** Monday 23 November 2026, 10:00 GMT */
const START = '2026-11-23T10:00:00Z'
const HOUR = 3600_000
const clock = testClock(START)

/**
 * What the next booking message's send does: `lost` writes it to the outbox and then loses the answer, as a
 * connection dropped after the provider took the message; `refused` writes nothing and says so.
 */
const next: { sms: 'lost' | null; email: 'lost' | 'refused' | null } = { sms: null, email: null }
let appOf: (() => TestApp) | undefined
const isBookingMessage = (body: string) => !/code is/.test(body)

const sms: SmsSender = {
  kind: 'outbox',
  async send(message) {
    const outbox = createOutboxSmsSender(appOf!().outbox, logger, false)
    const receipt = await outbox.send(message)
    if (isBookingMessage(message.body) && next.sms === 'lost') {
      next.sms = null
      throw new Error('the connection was lost before the answer came')
    }
    return receipt
  },
  lookup: (query) => createOutboxSmsSender(appOf!().outbox, logger, false).lookup!(query),
}

const email: EmailSender = {
  kind: 'outbox',
  async send(message) {
    const plan = next.email
    next.email = null
    if (plan === 'refused') throw new SendRefused('421 Service not available, try again later')
    const receipt = await createOutboxEmailSender(appOf!().outbox, logger, false).send(message)
    if (plan === 'lost') throw new Error('the connection was lost after the message was sent')
    return receipt
  },
}

const messageRow = async (t: TestApp, key: string) => (await t.db.select().from(schema.customerMessages).where(eq(schema.customerMessages.key, key)))[0]

describeApi(
  'messages whose fate is unknown',
  (get) => {
    beforeAll(() => {
      appOf = get
    })
    beforeEach(() => {
      clock.set(START)
      Object.assign(next, { sms: null, email: null })
    })
    const worker = () => createWorker({ ...get().app.jobs, logger, now: clock.now })

    let hour = 9
    async function booked(address: string) {
      const customer = await shopCustomer(get(), { email: address })
      const made = await get().api('p_book', { body: { date: '2026-11-26', time: `${++hour}:00`, minutes: 6, bedId: BED }, headers: customer.headers })
      expect(made.status).toBe(201)
      const key = `confirmation:${made.json.booking.id}`
      const texts = async () => (await outboxMessages(get().app, customer.phone)).filter((m) => m.channel === 'sms' && isBookingMessage(m.body))
      const emails = async () => (await outboxMessages(get().app, address)).filter((m) => m.channel === 'email')
      return { key, texts, emails }
    }

    it('a text the outbox took whose answer was lost is found there on the retry, and not written twice', async () => {
      const { key, texts } = await booked('lost-text@example.com')
      next.sms = 'lost'
      await worker().runDue()
      expect(await texts()).toHaveLength(1)
      expect(await messageRow(get(), `${key}:sms`)).toMatchObject({ status: 'sending', providerRef: null })

      clock.advance(HOUR)
      await worker().runDue()
      clock.advance(HOUR)
      await worker().runDue()
      const [text, ...more] = await texts()
      expect(more).toEqual([])
      expect(text).toMatchObject({ state: 'sent' })
      expect(await messageRow(get(), `${key}:sms`)).toMatchObject({ status: 'sent', providerRef: expect.stringMatching(/^outbox:\d+$/) })
      expect(await get().app.jobs.queue.byKey(key)).toMatchObject({ status: 'done' })
    })

    it('an email whose answer was lost is kept as not confirmed for the salon and never sent again, while the text goes once', async () => {
      const { key, texts, emails } = await booked('lost-email@example.com')
      next.email = 'lost'
      await worker().runDue()
      clock.advance(HOUR)
      await worker().runDue()

      expect(await emails()).toHaveLength(1)
      expect(await texts()).toHaveLength(1)
      expect(await messageRow(get(), `${key}:email`)).toMatchObject({ status: 'failed', providerRef: null, error: expect.stringContaining('not sent again') })
      expect(await messageRow(get(), `${key}:sms`)).toMatchObject({ status: 'sent' })
      expect(await get().app.jobs.queue.byKey(key)).toMatchObject({ status: 'done' })
    })

    it('an email the mail server refused is sent on the retry, once, and the text is not sent again with it', async () => {
      const { key, texts, emails } = await booked('refused-email@example.com')
      next.email = 'refused'
      await worker().runDue()
      expect(await emails()).toHaveLength(0)
      expect(await messageRow(get(), `${key}:email`)).toMatchObject({ status: 'sending', attemptAt: null, error: expect.stringContaining('421') })

      clock.advance(HOUR)
      await worker().runDue()
      clock.advance(HOUR)
      await worker().runDue()
      expect(await emails()).toHaveLength(1)
      expect(await texts()).toHaveLength(1)
      expect(await messageRow(get(), `${key}:email`)).toMatchObject({ status: 'sent', error: null })
      expect(await get().app.jobs.queue.byKey(key)).toMatchObject({ status: 'done' })
    })
  },
  { shop: SHOP, deps: () => ({ passwords: fastPasswords, now: clock.now, sms, email }) },
)
