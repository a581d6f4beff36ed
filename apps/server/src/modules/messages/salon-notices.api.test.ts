import { formatPhone } from '@salon/contracts/rules/phone'
import { and, eq, schema } from '@salon/db'
import { beforeEach, expect, it } from 'vitest'
import { createWorker } from '../../jobs/worker.ts'
import { createLogger } from '../../lib/logger.ts'
import { freshHeaders, outboxMessages, shopCustomer } from '../../test/factories/customers.ts'
import { fastPasswords, testClock } from '../../test/factories/doubles.ts'
import type { ShopInput } from '../../test/factories/shop.ts'
import { staffUser } from '../../test/factories/staff.ts'
import { describeApi } from '../../test/harness.ts'

const logger = createLogger('silent')
const SALON_EMAIL = 'front-desk@glow-notices.example'
const SHOP = {
  name: 'Glow Notices',
  phone: '01632 960777',
  email: SALON_EMAIL,
  hours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opensAt: '08:00', closesAt: '22:00' })),
  closures: [],
  rules: { minHoursBetweenSessions: 0, leadTimeMinutes: 30, cancellationCutoffMinutes: 60, horizonDays: 60, firstSessionMaxMinutes: 6 },
  bedTypes: [{ code: 'lay-down', perMinutePence: 60 }],
  beds: [{ id: 'notice-bed', type: 'lay-down', name: 'Sunbed One', maxMinutes: 12, cleaningBufferMinutes: 0 }],
} satisfies ShopInput

/** Monday 23 November 2026, 10:00 GMT */
const START = '2026-11-23T10:00:00Z'
const clock = testClock(START)

describeApi(
  "the salon's own notices: a skin reaction reported by a customer",
  (get) => {
    const worker = () => createWorker({ ...get().app.jobs, logger, now: clock.now })
    const toSalon = async () => (await outboxMessages(get().app, SALON_EMAIL)).filter((m) => m.channel === 'email')

    beforeEach(() => clock.set(START))

    it('emails the salon once, with the customer, the session, what they reported, the pause and a link to their record', async () => {
      const customer = await shopCustomer(get(), { givenName: 'Rosa', familyName: 'Reddy' })
      const booked = await get().api('p_book', { body: { date: '2026-11-23', time: '14:30', minutes: 6, bedId: 'notice-bed' }, headers: customer.headers })
      expect(booked.status, JSON.stringify(booked.json)).toBe(201)
      await worker().runDue()

      clock.set('2026-11-24T09:00:00Z')
      const headers = await freshHeaders(get(), customer)
      const reported = await get().api('p_account/reaction', {
        body: { bookingId: booked.json.booking.id, kinds: ['redness', 'soreness'], note: 'Red on the shoulders' },
        headers,
      })
      expect(reported.status, JSON.stringify(reported.json)).toBe(201)
      const reactionId: string = reported.json.reaction.id

      await worker().runDue()
      await worker().runDue()
      const emails = await toSalon()
      expect(emails).toHaveLength(1)
      expect(emails[0]!.subject).toBe('Skin reaction reported: Rosa Reddy')
      expect(emails[0]!.body).toContain('Rosa Reddy has reported a skin reaction after their session on Mon 23 Nov at 14:30.')
      expect(emails[0]!.body).toContain(`Mobile: ${formatPhone(customer.phone)}`)
      expect(emails[0]!.body).toContain('Reaction: redness, soreness\nNote: Red on the shoulders')
      expect(emails[0]!.body).toContain('Booking is paused until Tue 1 Dec.')
      expect(emails[0]!.body).toContain(`/staff/customers/${customer.sub}/`)

      const [kept] = await get()
        .db.select()
        .from(schema.customerMessages)
        .where(and(eq(schema.customerMessages.key, `skin-reaction:${reactionId}:email`), eq(schema.customerMessages.sub, customer.sub)))
      expect(kept).toMatchObject({ channel: 'email', recipient: SALON_EMAIL, status: 'sent', kind: 'skin-reaction-reported' })
    })

    it('sends nothing for a reaction the salon recorded itself, nor for a report refused', async () => {
      const customer = await shopCustomer(get(), { givenName: 'Tia', familyName: 'Told' })
      const booked = await get().api('p_book', { body: { date: '2026-11-23', time: '15:00', minutes: 6, bedId: 'notice-bed' }, headers: customer.headers })
      expect(booked.status).toBe(201)
      clock.set('2026-11-24T09:00:00Z')
      const refused = await get().api('p_account/reaction', {
        body: { bookingId: booked.json.booking.id, kinds: [] },
        headers: await freshHeaders(get(), customer),
      })
      expect(refused.status).toBe(400)
      const staff = await staffUser(get(), { role: 'staff', passwords: fastPasswords })
      const recorded = await get().api(`staff/customers/${customer.sub}/skin-reactions`, {
        body: { bookingId: booked.json.booking.id, kinds: ['redness'] },
        headers: staff.headers,
      })
      expect(recorded.status, JSON.stringify(recorded.json)).toBe(200)
      await worker().runDue()
      expect((await toSalon()).filter((m) => m.subject === 'Skin reaction reported: Tia Told')).toEqual([])
    })
  },
  { shop: SHOP, deps: () => ({ passwords: fastPasswords, now: clock.now }) },
)
