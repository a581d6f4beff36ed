import { eq, schema } from '@salon/db'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { createOutboxSmsSender } from '../../adapters/sms/outbox.ts'
import type { SmsSender } from '../../adapters/sms/sms.ts'
import { createTwilioSmsSender } from '../../adapters/sms/twilio.ts'
import { createWorker } from '../../jobs/worker.ts'
import { createLogger } from '../../lib/logger.ts'
import { eventually } from '../../test/eventually.ts'
import { shopCustomer, type ShopCustomer } from '../../test/factories/customers.ts'
import { fastPasswords, testClock } from '../../test/factories/doubles.ts'
import type { ShopInput } from '../../test/factories/shop.ts'
import { anotherProcess, describeApi, type TestApp } from '../../test/harness.ts'
import { startTwilioStandIn } from '../../test/twilio-stand-in.ts'
import { MAX_LOOKUPS } from './send-once.ts'

const logger = createLogger('silent')
const BED = 'never-twice-bed'
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
/** Long enough for the stand-in's answers on a busy machine, short enough that a held send times out soon. */
const SEND_TIMEOUT_MS = 1_500
const clock = testClock(START)
const twilio = await startTwilioStandIn({ now: clock.now })
afterAll(() => twilio.close())

let appOf: (() => TestApp) | undefined

/** The salon's messages go to the Twilio stand-in; sign-up codes to the outbox, where the factories read them. */
function routedSms(timeoutMs: number): SmsSender {
  const viaTwilio = createTwilioSmsSender({ accountSid: twilio.accountSid, authToken: twilio.authToken, from: twilio.from, baseUrl: twilio.baseUrl, timeoutMs })
  return {
    kind: 'twilio',
    send: (message) => (/code is/.test(message.body) ? createOutboxSmsSender(appOf!().outbox, logger, false).send(message) : viaTwilio.send(message)),
    lookup: (query) => viaTwilio.lookup!(query),
  }
}

let hour = 9
/** A customer with a booking of their own (each at its own hour), whose confirmation is due. */
async function bookedCustomer(t: TestApp): Promise<{ customer: ShopCustomer; key: string }> {
  const customer = await shopCustomer(t)
  const booked = await t.api('p_book', { body: { date: '2026-11-26', time: `${++hour}:00`, minutes: 6, bedId: BED }, headers: customer.headers })
  expect(booked.status).toBe(201)
  return { customer, key: `confirmation:${booked.json.booking.id}` }
}

/**
 * Twilio's lists of the messages to one customer's number. Other tests' reminders fall due as the clock moves on, and
 * on a busy machine one of them may outlast the adapter's short timeout and be looked for too: each test counts its own.
 */
const listsFor = (customer: ShopCustomer) => twilio.lists().filter((request) => request.query.To === customer.phone)

/** The confirmations Twilio was asked to send (other tests' reminders fall due as their clocks move on). */
const confirmationsPosted = () => twilio.posts().filter((p) => p.form.Body?.includes("you're booked"))

const textRow = async (t: TestApp, key: string) =>
  (
    await t.db
      .select()
      .from(schema.customerMessages)
      .where(eq(schema.customerMessages.key, `${key}:sms`))
  )[0]

describeApi(
  'texts never sent twice',
  (get) => {
    beforeAll(() => {
      appOf = get
    })
    const worker = () => createWorker({ ...get().app.jobs, logger, now: clock.now })

    beforeEach(() => {
      clock.set(START)
      twilio.reset()
    })

    it('a confirmation Twilio took but answered too late for is found in its list on the retry, and not sent again', async () => {
      const { customer, key } = await bookedCustomer(get())
      twilio.holdNext()
      await worker().runDue()
      expect(twilio.posts()).toHaveLength(1)
      expect(await textRow(get(), key)).toMatchObject({ status: 'sending', providerRef: null })

      clock.advance(HOUR)
      await worker().runDue()
      clock.advance(HOUR)
      await worker().runDue()
      expect(twilio.posts()).toHaveLength(1)
      expect(listsFor(customer)).toHaveLength(1)
      expect(listsFor(customer)[0]?.query).toMatchObject({ To: twilio.messages[0]!.to, 'DateSent>': '2026-11-23' })
      expect(await textRow(get(), key)).toMatchObject({ status: 'sent', providerRef: twilio.messages[0]!.sid })
      expect(await get().app.jobs.queue.byKey(key)).toMatchObject({ status: 'done' })
    })

    it('a text whose connection was lost before Twilio took it is looked for, not found, and sent once', async () => {
      const { customer, key } = await bookedCustomer(get())
      twilio.dropNext()
      await worker().runDue()
      expect(twilio.messages).toHaveLength(0)

      clock.advance(HOUR)
      await worker().runDue()
      expect(listsFor(customer)).toHaveLength(1)
      expect(twilio.messages).toHaveLength(1)
      expect(await textRow(get(), key)).toMatchObject({ status: 'sent', providerRef: twilio.messages[0]!.sid })
    })

    it('sends nothing while Twilio cannot say whether it took the text, and in the end marks it unconfirmed for the salon', async () => {
      const { customer, key } = await bookedCustomer(get())
      twilio.holdNext()
      await worker().runDue()
      const tried = await get().app.jobs.queue.byKey(key)
      twilio.failLists(1000)

      clock.advance(HOUR)
      await worker().runDue()
      expect(listsFor(customer)).toHaveLength(1)
      expect(confirmationsPosted()).toHaveLength(1)
      const deferred = await get().app.jobs.queue.byKey(key)
      expect(deferred).toMatchObject({ status: 'queued', attempts: tried!.attempts })
      expect(deferred!.runAt.getTime()).toBeGreaterThan(clock.now())

      for (let i = 0; i < 20; i++) {
        clock.advance(6 * HOUR)
        await worker().runDue()
      }
      expect(confirmationsPosted()).toHaveLength(1)
      expect(listsFor(customer)).toHaveLength(MAX_LOOKUPS)
      expect(await textRow(get(), key)).toMatchObject({ status: 'failed', error: expect.stringContaining('not sent again') })
      expect(await get().app.jobs.queue.byKey(key)).toMatchObject({ status: 'done' })
    })

    it('a text Twilio refuses is kept as failed, neither looked for nor sent again', async () => {
      const { customer, key } = await bookedCustomer(get())
      twilio.refuseNext()
      await worker().runDue()
      clock.advance(HOUR)
      await worker().runDue()
      clock.advance(HOUR)
      await worker().runDue()
      expect(twilio.posts()).toHaveLength(1)
      expect(listsFor(customer)).toHaveLength(0)
      expect(await textRow(get(), key)).toMatchObject({ status: 'failed', error: expect.stringContaining('21211') })
    })
  },
  { shop: SHOP, deps: () => ({ passwords: fastPasswords, now: clock.now, sms: routedSms(SEND_TIMEOUT_MS) }) },
)

describeApi(
  'texts never sent twice by two server processes',
  (get) => {
    beforeAll(() => {
      appOf = get
    })

    it('a process killed while Twilio takes its text leaves it for another, which finds it in the list and does not send it again', async () => {
      clock.set(START)
      twilio.reset()
      const { customer, key } = await bookedCustomer(get())
      twilio.holdNext()
      // The first process sends and never hears back: as far as the others know, it died mid-flight.
      const first = createWorker({ ...get().app.jobs, logger, now: clock.now }).runDue()
      await eventually(
        async () => twilio.posts().length,
        (n) => n === 1,
      )
      clock.advance(120_001)
      const second = anotherProcess(get(), { now: clock.now, passwords: fastPasswords, sms: routedSms(SEND_TIMEOUT_MS) })
      await createWorker({ ...second.jobs, logger, now: clock.now }).runDue()
      expect(twilio.posts()).toHaveLength(1)
      expect(listsFor(customer)).toHaveLength(1)
      expect(await textRow(get(), key)).toMatchObject({ status: 'sent', providerRef: twilio.messages[0]!.sid })

      // The first process's request ends at last; what it learns changes nothing.
      twilio.dropHeld()
      await first
      expect(twilio.posts()).toHaveLength(1)
      expect(await textRow(get(), key)).toMatchObject({ status: 'sent', providerRef: twilio.messages[0]!.sid })
      expect(await get().app.jobs.queue.byKey(key)).toMatchObject({ status: 'done' })
    })
  },
  { shop: SHOP, postgresOnly: true, deps: () => ({ passwords: fastPasswords, now: clock.now, sms: routedSms(60_000) }) },
)
