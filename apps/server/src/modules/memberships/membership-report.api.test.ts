import { expect, it } from 'vitest'
import { createWorker } from '../../jobs/worker.ts'
import { createLogger } from '../../lib/logger.ts'
import { freshHeaders, shopCustomer } from '../../test/factories/customers.ts'
import { fastPasswords, testClock } from '../../test/factories/doubles.ts'
import { addPlan, joinPlan } from '../../test/factories/memberships.ts'
import { staffUser } from '../../test/factories/staff.ts'
import { describeApi } from '../../test/harness.ts'

/** Monday 23 November 2026, 10:00 GMT */
const clock = testClock('2026-11-23T10:00:00Z')

describeApi(
  'the owner’s memberships report',
  (t) => {
    it('counts members at each month’s end, joins, cancellations and the money taken per month, and gives the same as CSV', async () => {
      const owner = await staffUser(t(), { role: 'owner', passwords: fastPasswords })
      const staff = await staffUser(t(), { role: 'staff', passwords: fastPasswords })
      const plan = await addPlan(t(), owner)
      const stays = await shopCustomer(t())
      const leaves = await shopCustomer(t())
      await joinPlan(t(), stays, plan.id)
      await joinPlan(t(), leaves, plan.id)
      await t().api('p_account/membership/cancel', { method: 'POST', headers: leaves.headers })
      clock.set('2026-12-23T10:00:00Z')
      await createWorker({ ...t().app.jobs, logger: createLogger('silent'), now: clock.now }).runDue()

      const headers = await freshHeaders(t(), owner)
      const query = 'from=2026-11&to=2027-01'
      expect((await t().api(`staff/reports/memberships?${query}`, { headers: await freshHeaders(t(), staff) })).status).toBe(403)
      const report = await t().api(`staff/reports/memberships?${query}`, { headers })
      expect(report.json.months).toEqual([
        { month: '2026-11', members: 2, joins: 2, cancellations: 0, revenuePence: 7800 },
        { month: '2026-12', members: 1, joins: 0, cancellations: 1, revenuePence: 3900 },
        { month: '2027-01', members: 1, joins: 0, cancellations: 0, revenuePence: 0 },
      ])
      const file = await t().app.request(`/api/staff/exports/memberships.csv?${query}`, { headers: { ...t().shop.headers, ...headers } })
      expect(file.headers.get('content-disposition')).toBe('attachment; filename="memberships-2026-11-to-2027-01.csv"')
      // The file starts with a byte-order mark for Excel, which text() reads past.
      expect(await file.text()).toBe('month,members,joins,cancellations,revenue_gbp\r\n2026-11,2,2,0,78.00\r\n2026-12,1,0,1,39.00\r\n2027-01,1,0,0,0.00\r\n')
      const tooLong = await t().api('staff/reports/memberships?from=2025-01&to=2027-01', { headers })
      expect(tooLong).toMatchObject({ status: 422, json: { message: 'A report covers at most 24 months. Please choose a shorter range.' } })
    })
  },
  { deps: () => ({ passwords: fastPasswords, now: clock.now }) },
)
