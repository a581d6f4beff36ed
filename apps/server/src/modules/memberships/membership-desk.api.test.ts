import { randomUUID } from 'node:crypto'
import { NO_SUCH_CUSTOMER } from '@salon/contracts/staff-customers'
import { eq, schema } from '@salon/db'
import { expect, it } from 'vitest'
import { shopCustomer } from '../../test/factories/customers.ts'
import { fastPasswords, testClock } from '../../test/factories/doubles.ts'
import { addPlan, joinPlan } from '../../test/factories/memberships.ts'
import { CARDS, payWithCard } from '../../test/factories/payments.ts'
import type { ShopInput } from '../../test/factories/shop.ts'
import { staffUser } from '../../test/factories/staff.ts'
import { describeApi } from '../../test/harness.ts'

/** Monday 23 November 2026, 08:00 GMT */
const clock = testClock('2026-11-23T08:00:00Z')
const LAY_DOWN = 'bed-lay-down'

const SHOP = {
  hours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opensAt: '09:00', closesAt: '20:00' })),
  rules: { slotStepMinutes: 15, leadTimeMinutes: 60, horizonDays: 40, cancellationCutoffMinutes: 120, firstSessionMaxMinutes: 6, minHoursBetweenSessions: 24 },
  bedTypes: [{ code: 'lay-down', perMinutePence: 65 }],
  beds: [{ id: LAY_DOWN, type: 'lay-down', name: 'Lay-down', maxMinutes: 12, cleaningBufferMinutes: 5 }],
} satisfies ShopInput

describeApi(
  'a customer’s membership at the desk',
  (t) => {
    it('shows every member of staff the customer’s plan, status, this month, what is left of it and the payments; null without one', async () => {
      const owner = await staffUser(t(), { role: 'owner', passwords: fastPasswords })
      const staff = await staffUser(t(), { role: 'staff', passwords: fastPasswords })
      const plan = await addPlan(t(), owner, { name: '60 minutes', pricePence: 2500, allowanceKind: 'minutes', allowance: 60, bedTypes: ['lay-down'] })
      const member = await shopCustomer(t())
      const other = await shopCustomer(t())
      await joinPlan(t(), member, plan.id)
      const booked = await t().api('p_book', {
        body: { date: '2026-11-24', time: '12:00', minutes: 6, bedId: LAY_DOWN, payWith: 'membership' },
        headers: member.headers,
      })
      expect(booked.status).toBe(201)

      const seen = await t().api(`staff/customers/${member.sub}/membership`, { headers: staff.headers })
      expect(seen).toMatchObject({
        status: 200,
        json: {
          membership: {
            planName: '60 minutes',
            status: 'active',
            cardLast4: '4242',
            periodStart: '2026-11-23T08:00:00.000Z',
            periodEnd: '2026-12-23T08:00:00.000Z',
            nextPayment: { at: '2026-12-23T08:00:00.000Z', amountPence: 2500 },
            leftThisMonth: 54,
            payments: [{ kind: 'join', amountPence: 2500, status: 'succeeded' }],
          },
        },
      })
      // The customer's own page says the same.
      expect((await t().api('p_account/membership', { headers: member.headers })).json).toEqual(seen.json)

      expect(await t().api(`staff/customers/${other.sub}/membership`, { headers: staff.headers })).toMatchObject({ status: 200, json: { membership: null } })
      expect(await t().api(`staff/customers/${randomUUID()}/membership`, { headers: owner.headers })).toMatchObject({
        status: 404,
        json: { message: NO_SUCH_CUSTOMER },
      })
      // A customer's own token is no member of staff's.
      expect((await t().api(`staff/customers/${member.sub}/membership`, { headers: member.headers })).status).toBe(403)
    })

    it('the desk joins a plan for a customer, who pays the first month with their own card on the desk’s card form', async () => {
      const owner = await staffUser(t(), { role: 'owner', passwords: fastPasswords })
      const staff = await staffUser(t(), { role: 'staff', passwords: fastPasswords })
      const plan = await addPlan(t(), owner, { name: 'Desk unlimited', bedTypes: ['lay-down'] })
      const customer = await shopCustomer(t())
      const other = await shopCustomer(t())
      const path = `staff/customers/${customer.sub}/membership`

      const started = await t().api(path, { body: { planId: plan.id }, headers: staff.headers })
      expect(started).toMatchObject({ status: 201, json: { membership: { status: 'pending' }, payment: { amountPence: 3900 } } })
      // Not paid yet: nothing starts.
      expect(await t().api(`${path}/payment`, { method: 'PUT', body: { paymentId: started.json.payment.id }, headers: staff.headers })).toMatchObject({
        status: 409,
        json: { message: 'Your card payment has not gone through yet.' },
      })
      // Asking again before paying answers the same payment.
      expect((await t().api(path, { body: { planId: plan.id }, headers: staff.headers })).json.payment.id).toBe(started.json.payment.id)
      // Another customer's page cannot record it.
      expect(
        await t().api(`staff/customers/${other.sub}/membership/payment`, {
          method: 'PUT',
          body: { paymentId: started.json.payment.id },
          headers: staff.headers,
        }),
      ).toMatchObject({ status: 404, json: { message: 'There is no such payment for your membership.' } })

      await payWithCard(t(), started.json.payment, CARDS.succeeds)
      const recorded = await t().api(`${path}/payment`, { method: 'PUT', body: { paymentId: started.json.payment.id }, headers: staff.headers })
      expect(recorded).toMatchObject({
        status: 200,
        json: { message: 'Welcome to Desk unlimited! Your membership has started.', membership: { status: 'active', cardLast4: '4242' } },
      })
      // The customer sees it on their account, and books with it.
      expect((await t().api('p_account/membership', { headers: customer.headers })).json.membership).toMatchObject({
        planName: 'Desk unlimited',
        status: 'active',
      })
      const booked = await t().api('p_book', {
        body: { date: '2026-11-24', time: '14:00', minutes: 6, bedId: LAY_DOWN, payWith: 'membership' },
        headers: customer.headers,
      })
      expect(booked).toMatchObject({ status: 201, json: { booking: { paidWith: 'membership' } } })

      // A new card, typed by the customer on the desk's card form: nothing is owed, so nothing is taken.
      const card = await t().api(`${path}/card`, { method: 'POST', headers: staff.headers })
      expect(card).toMatchObject({ status: 201, json: { payment: { amountPence: 0 } } })
      await payWithCard(t(), card.json.payment, CARDS.succeeds)
      expect(await t().api(`${path}/payment`, { method: 'PUT', body: { paymentId: card.json.payment.id }, headers: staff.headers })).toMatchObject({
        status: 200,
        json: { message: 'Your card is changed.', membership: { status: 'active' } },
      })
      // The join and the card change are in the audit log, by the member of staff who made them.
      const audit = await t().db.select().from(schema.staffAuditLog).where(eq(schema.staffAuditLog.subjectId, recorded.json.membership.id))
      expect(audit.map((a) => [a.action, a.actorSub])).toEqual([
        ['membership.joined', staff.sub],
        ['membership.card_change', staff.sub],
      ])

      expect(await t().api(path, { body: { planId: plan.id }, headers: staff.headers })).toMatchObject({
        status: 409,
        json: { message: 'You are already a member. You can see your membership on your account.' },
      })
      expect(await t().api(`staff/customers/${randomUUID()}/membership`, { body: { planId: plan.id }, headers: staff.headers })).toMatchObject({
        status: 404,
        json: { message: NO_SUCH_CUSTOMER },
      })
    })

    it('the desk pauses and cancels a membership for the customer under the same rules and in the same words, each in the audit log', async () => {
      const owner = await staffUser(t(), { role: 'owner', passwords: fastPasswords })
      const staff = await staffUser(t(), { role: 'staff', passwords: fastPasswords })
      const fixed = await addPlan(t(), owner, { name: 'No pauses', bedTypes: ['lay-down'] })
      const flexible = await addPlan(t(), owner, { name: 'Two pauses', bedTypes: ['lay-down'], maxPausePeriods: 2 })
      const customer = await shopCustomer(t())
      const other = await shopCustomer(t())
      expect((await joinPlan(t(), customer, flexible.id)).recorded.status).toBe(200)
      expect((await joinPlan(t(), other, fixed.id)).recorded.status).toBe(200)
      const path = (sub: string, what: string) => `staff/customers/${sub}/membership/${what}`

      expect(await t().api(path(other.sub, 'pause'), { body: { months: 1 }, headers: staff.headers })).toMatchObject({
        status: 409,
        json: { message: 'Your plan cannot be paused.' },
      })
      expect(await t().api(path(customer.sub, 'pause'), { body: { months: 3 }, headers: staff.headers })).toMatchObject({
        status: 409,
        json: { message: 'Your plan lets you pause for 2 more months.' },
      })
      expect((await t().api(path(customer.sub, 'pause'), { body: { months: '1; drop table' }, headers: staff.headers })).status).toBe(400)
      const paused = await t().api(path(customer.sub, 'pause'), { body: { months: 1 }, headers: staff.headers })
      expect(paused).toMatchObject({ status: 200, json: { membership: { pauseRequested: 1 } } })
      expect(paused.json.message).toMatch(/^Your membership pauses from \w+ \d{1,2} \w+ \d{4} for 1 month\. No payment is taken while it is paused\.$/)

      const cancelled = await t().api(path(customer.sub, 'cancel'), { method: 'POST', headers: staff.headers })
      expect(cancelled).toMatchObject({ status: 200, json: { membership: { status: 'active' } } })
      expect(cancelled.json.message).toMatch(/^Your membership ends on \w+ \d{1,2} \w+ \d{4}\.$/)
      // The customer sees the same on their account.
      expect((await t().api('p_account/membership', { headers: customer.headers })).json.membership.endsAt).toBe(cancelled.json.membership.endsAt)

      const membershipId = (await t().api('p_account/membership', { headers: customer.headers })).json.membership.id as string
      const audit = await t().db.select().from(schema.staffAuditLog).where(eq(schema.staffAuditLog.subjectId, membershipId))
      expect(audit.map((a) => [a.action, a.actorSub, (a.after as { pauseRequested: number }).pauseRequested])).toEqual([
        ['membership.changed', staff.sub, 1],
        ['membership.changed', staff.sub, 0],
      ])
      expect(await t().api(path(randomUUID(), 'cancel'), { method: 'POST', headers: staff.headers })).toMatchObject({
        status: 404,
        json: { message: NO_SUCH_CUSTOMER },
      })
      const none = await shopCustomer(t())
      expect(await t().api(path(none.sub, 'cancel'), { method: 'POST', headers: staff.headers })).toMatchObject({
        status: 404,
        json: { message: 'You have no membership.' },
      })
    })
  },
  { shop: SHOP, deps: () => ({ passwords: fastPasswords, now: clock.now }) },
)
