import { eq, schema } from '@salon/db'
import { beforeAll, beforeEach, expect, it } from 'vitest'
import { freshHeaders, shopCustomer } from '../../test/factories/customers.ts'
import { fastPasswords, testClock } from '../../test/factories/doubles.ts'
import { addPlan, joinPlan, membershipPaymentsOf, membershipRow } from '../../test/factories/memberships.ts'
import { staffUser, type StaffUser } from '../../test/factories/staff.ts'
import { anotherProcess, describeApi } from '../../test/harness.ts'
import type { JobHandler } from '../../jobs/worker.ts'
import { MEMBERSHIP_JOBS } from './public.ts'

/** Monday 23 November 2026, 10:00 GMT */
const START = '2026-11-23T10:00:00Z'
const clock = testClock(START)

describeApi(
  'memberships settled in the database when requests and processes race',
  (t) => {
    let owner: StaffUser
    let planId: string
    beforeAll(async () => {
      owner = await staffUser(t(), { role: 'owner', passwords: fastPasswords })
      planId = (await addPlan(t(), owner, { name: 'Race club' })).id
    })
    beforeEach(() => clock.set(START))

    /** A process's renewal handler run for a membership's month, as its worker runs the job. */
    const renewalBy = (app: { jobs: { handlers: Record<string, JobHandler> } }, membershipId: string, period = 2) =>
      app.jobs.handlers[MEMBERSHIP_JOBS.renew]!({ membershipId, period, attempt: 0 }, { id: 'job', key: null, attempt: 1, maxAttempts: 8 })

    it('a renewal run by two processes at once, many times over, charges the card once and starts the month once', async () => {
      const customer = await shopCustomer(t())
      const id = (await joinPlan(t(), customer, planId)).recorded.json.membership.id
      const other = anotherProcess(t(), { passwords: fastPasswords, now: clock.now })
      clock.set('2026-12-23T10:00:00Z')
      await Promise.all(Array.from({ length: 10 }, (_, i) => renewalBy(i % 2 ? t().app : other, id)))
      const payments = await membershipPaymentsOf(t(), id)
      expect(payments.filter((p) => p.period === 2)).toMatchObject([{ status: 'succeeded', attempt: '0' }])
      const charges = await t()
        .db.select()
        .from(schema.testPaymentIntents)
        .where(eq(schema.testPaymentIntents.idempotencyKey, `membership-payment:${payments.find((p) => p.period === 2)!.id}`))
      expect(charges).toHaveLength(1)
      expect(await membershipRow(t(), id)).toMatchObject({ status: 'active', period: 2, renewingPeriod: null, periodEnd: new Date('2027-01-23T10:00:00Z') })
      const renewals = await t().db.select().from(schema.jobs).where(eq(schema.jobs.kind, MEMBERSHIP_JOBS.renew))
      expect(
        renewals
          .map((j) => j.key)
          .filter((key) => key?.startsWith(`membership-renew:${id}:`))
          .sort(),
      ).toEqual([`membership-renew:${id}:2:0`, `membership-renew:${id}:3:0`])
    })

    it('a membership cancelled while its renewal runs is either not charged or ends after the month it paid for: never charged after its end', async () => {
      const members = await Promise.all(Array.from({ length: 6 }, () => shopCustomer(t())))
      const ids: string[] = []
      for (const member of members) ids.push((await joinPlan(t(), member, planId)).recorded.json.membership.id)
      clock.set('2026-12-23T10:00:00Z')
      const signedIn = await Promise.all(members.map((member) => freshHeaders(t(), member)))
      await Promise.all(
        signedIn.flatMap((headers, i) => [
          renewalBy(t().app, ids[i]!),
          t()
            .api('p_account/membership/cancel', { method: 'POST', headers })
            .then((r) => expect(r.status).toBe(200)),
        ]),
      )
      for (const id of ids) {
        const m = await membershipRow(t(), id)
        const paid = (await membershipPaymentsOf(t(), id)).filter((p) => p.period === 2 && p.status === 'succeeded')
        if (paid.length) expect(m).toMatchObject({ status: 'active', cancelAt: new Date('2027-01-23T10:00:00Z') })
        else expect(m).toMatchObject({ status: 'cancelled' })
        expect(paid.length).toBeLessThanOrEqual(1)
        // At the end of the month paid for, the membership ends and nothing more is charged.
        clock.set('2027-01-23T10:00:00Z')
        await renewalBy(t().app, id, 3)
        expect(await membershipRow(t(), id)).toMatchObject({ status: 'cancelled' })
        expect((await membershipPaymentsOf(t(), id)).filter((p) => p.period === 3)).toEqual([])
        clock.set('2026-12-23T10:00:00Z')
      }
    })

    it('many joins at once make one membership', async () => {
      const customer = await shopCustomer(t())
      const answers = await Promise.all(Array.from({ length: 10 }, () => t().api('p_account/membership', { body: { planId }, headers: customer.headers })))
      expect(answers.every((a) => a.status === 201 || a.status === 409)).toBe(true)
      const rows = await t().db.select().from(schema.memberships).where(eq(schema.memberships.sub, customer.sub))
      expect(rows.filter((r) => r.status !== 'cancelled')).toHaveLength(1)
    })
  },
  { deps: () => ({ passwords: fastPasswords, now: clock.now }) },
)
