import { randomUUID } from 'node:crypto'
import { eq, schema } from '@salon/db'
import { expect, it } from 'vitest'
import { describeApi } from '../../test/harness.ts'
import { shopCustomer } from '../../test/factories/customers.ts'
import { fastPasswords, testClock } from '../../test/factories/doubles.ts'

/** Monday 23 November 2026, 08:00 GMT */
const clock = testClock('2026-11-23T08:00:00Z')
const BED = 'bed-lay-down'

describeApi(
  'a profile without a date of birth (a social sign-in on a real Cognito pool) cannot book or buy',
  (t) => {
    it('booking and buying are refused with what to add, until it is added', async () => {
      const customer = await shopCustomer(t())
      // As a federated user arrives from a real Cognito pool: no date of birth in the pool or the salon's record.
      const [user] = await t().db.select().from(schema.identityUsers).where(eq(schema.identityUsers.sub, customer.sub))
      const { birthdate: _dob, ...attributes } = user!.attributes
      await t().db.update(schema.identityUsers).set({ attributes }).where(eq(schema.identityUsers.sub, customer.sub))
      await t().db.update(schema.customers).set({ dob: null }).where(eq(schema.customers.sub, customer.sub))

      const book = await t().api('p_book', { body: { date: '2026-11-24', time: '10:00', minutes: 6, bedId: BED }, headers: customer.headers })
      expect(book).toMatchObject({
        status: 403,
        json: { message: 'Please add your date of birth to your account before booking: UK law requires us to check that you are 18 or over.' },
      })
      const buy = await t().api('stripe_payment_intent', { body: { packageId: 'pkg-30' }, headers: { ...customer.headers, 'idempotency-key': randomUUID() } })
      expect(buy).toMatchObject({
        status: 403,
        json: {
          message: 'Please add your mobile number and date of birth to your account before buying: UK law requires us to check that you are 18 or over.',
        },
      })

      await t().db.update(schema.identityUsers).set({ attributes: user!.attributes }).where(eq(schema.identityUsers.sub, customer.sub))
      const bought = await t().api('stripe_payment_intent', {
        body: { packageId: 'pkg-30' },
        headers: { ...customer.headers, 'idempotency-key': randomUUID() },
      })
      expect(bought.status).toBe(201)
    })
  },
  {
    deps: () => ({ now: clock.now, passwords: fastPasswords }),
    shop: {
      packages: [{ id: 'pkg-30', name: 'Starter 30', minutes: 30, pricePence: 1800, validityDays: 30, bedTypes: ['lay-down'] }],
      beds: [{ id: BED, type: 'lay-down', name: 'Lay-down', maxMinutes: 12, cleaningBufferMinutes: 5 }],
    },
  },
)
