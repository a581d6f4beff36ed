import { randomUUID } from 'node:crypto'
import { expect, it } from 'vitest'
import { freshHeaders, shopCustomer } from '../../test/factories/customers.ts'
import { fastPasswords, newAddress, testClock } from '../../test/factories/doubles.ts'
import { staffUser } from '../../test/factories/staff.ts'
import { buyVoucher, issuedVoucher } from '../../test/factories/vouchers.ts'
import { describeApi } from '../../test/harness.ts'

/** Monday 23 November 2026, 10:00 GMT */
const clock = testClock('2026-11-23T10:00:00Z')
const DAY = 24 * 3600_000

describeApi(
  'the owner’s list of gift vouchers and the vouchers report',
  (t) => {
    it('lists the vouchers issued without their codes, and reports sold, redeemed, expired, refunded and outstanding per month, as CSV too', async () => {
      const owner = await staffUser(t(), { role: 'owner', passwords: fastPasswords })
      const staff = await staffUser(t(), { role: 'staff', passwords: fastPasswords })
      const sell = (amountPence: number) =>
        t().api('staff/vouchers/sales', { body: { method: 'cash', amountPence, recipientName: 'Jo', idempotencyKey: randomUUID() }, headers: staff.headers })
      // November: £20 and £50 sold at the desk, £18 of the £50 spent; £25 bought online; £10 that lasts ten days.
      const refundable = (await sell(2000)).json
      const spent = (await sell(5000)).json
      await t().api('staff/vouchers/redemptions', {
        body: { code: spent.code, amountPence: 1800 },
        headers: { ...staff.headers, 'x-forwarded-for': newAddress() },
      })
      const { paymentId } = await buyVoucher(t())
      await t().api(`gift_vouchers/${paymentId}`)
      await issuedVoucher(t(), 1000, 10 * DAY)
      // A checkout never paid for is no voucher.
      await t().api('gift_vouchers', {
        body: { amountPence: 1000, fromName: 'Sam', recipientName: 'Alex', recipientEmail: 'a@example.com', sendOn: '2026-11-23' },
        headers: { 'idempotency-key': randomUUID(), 'x-forwarded-for': newAddress() },
      })

      let headers = await freshHeaders(t(), owner)
      const list = await t().api('staff/vouchers', { headers })
      expect(list.status).toBe(200)
      expect(list.json.vouchers).toHaveLength(4)
      expect(list.json.vouchers.find((v: { id: string }) => v.id === spent.voucherId)).toEqual({
        id: spent.voucherId,
        codeEnd: spent.code.slice(-4),
        soldAt: 'desk',
        issuedAt: '2026-11-23T10:00:00.000Z',
        valuePence: 5000,
        remainingPence: 3200,
        lastDay: '2027-11-23',
        status: 'issued',
        recipientName: 'Jo',
      })
      // Never a code, nor its hash.
      const text = JSON.stringify(list.json)
      for (const code of [refundable.code, spent.code]) expect(text).not.toContain(code.replace(/-/g, '').slice(0, 12))
      expect(text).not.toMatch(/codeHash|pendingCode/)
      expect((await t().api('staff/vouchers', { headers: await freshHeaders(t(), staff) })).status).toBe(403)

      // December: the £20 refunded; the £10 expires on the 3rd.
      clock.set('2026-12-10T10:00:00Z')
      headers = await freshHeaders(t(), owner)
      const refunded = await t().api('staff/counter/refunds', { body: { paymentId: refundable.paymentId, reason: 'Changed their mind' }, headers })
      expect(refunded).toMatchObject({ status: 200, json: { amountPence: 2000 } })

      const query = 'from=2026-11&to=2027-01'
      expect((await t().api(`staff/reports/vouchers?${query}`, { headers: await freshHeaders(t(), staff) })).status).toBe(403)
      const report = await t().api(`staff/reports/vouchers?${query}`, { headers })
      const quiet = { soldCount: 0, soldPence: 0, redeemedPence: 0, expiredPence: 0, refundedPence: 0 }
      expect(report.json.months).toEqual([
        { month: '2026-11', soldCount: 4, soldPence: 10500, redeemedPence: 1800, expiredPence: 0, refundedPence: 0, outstandingPence: 8700 },
        { month: '2026-12', ...quiet, expiredPence: 1000, refundedPence: 2000, outstandingPence: 5700 },
        // A month to come is as things stand now.
        { month: '2027-01', ...quiet, outstandingPence: 5700 },
      ])
      const statuses = (await t().api('staff/vouchers', { headers })).json.vouchers.map((v: { status: string }) => v.status).sort()
      expect(statuses).toEqual(['expired', 'issued', 'issued', 'void'])

      const file = await t().app.request(`/api/staff/exports/vouchers.csv?${query}`, { headers: { ...t().shop.headers, ...headers } })
      expect(file.headers.get('content-disposition')).toBe('attachment; filename="vouchers-2026-11-to-2027-01.csv"')
      expect(file.headers.get('cache-control')).toBe('private, no-store')
      expect(await file.text()).toBe(
        'month,sold,sold_gbp,redeemed_gbp,expired_gbp,refunded_gbp,outstanding_gbp\r\n' +
          '2026-11,4,105.00,18.00,0.00,0.00,87.00\r\n' +
          '2026-12,0,0.00,0.00,10.00,20.00,57.00\r\n' +
          '2027-01,0,0.00,0.00,0.00,0.00,57.00\r\n',
      )
      const tooLong = await t().api('staff/reports/vouchers?from=2025-01&to=2027-01', { headers })
      expect(tooLong).toMatchObject({ status: 422, json: { message: 'A report covers at most 24 months. Please choose a shorter range.' } })
      expect((await t().api('staff/reports/vouchers?from=2027-01&to=2026-11', { headers })).status).toBe(400)
    })

    it("shows the desk a customer's credit from vouchers, with each part's last day", async () => {
      const staff = await staffUser(t(), { role: 'staff', passwords: fastPasswords })
      const customer = await shopCustomer(t())
      const { code } = await issuedVoucher(t(), 4000)
      const lastDay = new Date(t().now() + 365 * DAY - 1).toLocaleDateString('en-CA', { timeZone: 'Europe/London' })
      await t().api('p_account/vouchers', { body: { code }, headers: { ...customer.headers, 'x-forwarded-for': newAddress() } })
      const headers = await freshHeaders(t(), staff)
      const credit = await t().api(`staff/customers/${customer.sub}/credit`, { headers })
      expect(credit).toMatchObject({ status: 200, json: { creditPence: 4000, lots: [{ amountPence: 4000, remainingPence: 4000, lastDay }] } })
      expect(credit.headers.get('cache-control')).toBe('private, no-store')
      expect((await t().api(`staff/customers/${randomUUID()}/credit`, { headers })).json).toEqual({ creditPence: 0, lots: [] })
      expect((await t().api(`staff/customers/${customer.sub}/credit`)).status).toBe(401)
    })
  },
  { deps: () => ({ passwords: fastPasswords, now: clock.now, trustProxy: true }) },
)
