import { randomUUID } from 'node:crypto'
import { eq, schema } from '@salon/db'
import { beforeAll, expect, it } from 'vitest'
import { createWorker } from '../../jobs/worker.ts'
import { createLogger } from '../../lib/logger.ts'
import { outboxMessages } from '../../test/factories/customers.ts'
import { newAddress, testClock } from '../../test/factories/doubles.ts'
import type { ShopInput } from '../../test/factories/shop.ts'
import { staffUser, type StaffUser } from '../../test/factories/staff.ts'
import { buyVoucher, voucherOf } from '../../test/factories/vouchers.ts'
import { describeApi } from '../../test/harness.ts'
import { VOUCHER_MESSAGES } from './vouchers.service.ts'

/** Monday 23 November 2026, 10:00 GMT */
const clock = testClock('2026-11-23T10:00:00Z')
const SHOP = { packages: [{ id: 'glow-60', name: 'Glow 60', minutes: 60, pricePence: 3300, validityDays: 90 }] } satisfies ShopInput

describeApi(
  'gift vouchers at the desk, and refunds of vouchers',
  (t) => {
    let staff: StaffUser
    let owner: StaffUser
    beforeAll(async () => {
      staff = await staffUser(t(), { role: 'staff' })
      owner = await staffUser(t(), { role: 'owner' })
    })
    const sell = (body: object) => t().api('staff/vouchers/sales', { body: { idempotencyKey: randomUUID(), ...body }, headers: staff.headers })
    const deskRedeem = (body: object) => t().api('staff/vouchers/redemptions', { body, headers: { ...staff.headers, 'x-forwarded-for': newAddress() } })
    const refund = (paymentId: string) => t().api('staff/counter/refunds', { body: { paymentId, reason: 'Changed their mind' }, headers: owner.headers })

    it('sells a voucher for cash, in the takings, with a code to print once; a repeat of the key answers the same sale without it', async () => {
      const before = (await t().api('staff/counter/takings', { headers: staff.headers })).json
      const key = randomUUID()
      const sold = await sell({ method: 'cash', amountPence: 2000, recipientName: 'Jo', idempotencyKey: key })
      expect(sold).toMatchObject({
        status: 201,
        json: {
          valuePence: 2000,
          lastDay: '2027-11-23',
          recipientName: 'Jo',
          message: '£20.00 taken in cash. The gift voucher is ready to print, to use by Tuesday 23 November 2027.',
        },
      })
      expect(sold.json.code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/)
      expect(await sell({ method: 'cash', amountPence: 2000, idempotencyKey: key })).toMatchObject({
        status: 200,
        json: { code: null, paymentId: sold.json.paymentId },
      })
      const after = (await t().api('staff/counter/takings', { headers: staff.headers })).json
      const cash = (takings: any) => takings.methods.find((l: any) => l.method === 'cash').salesPence
      expect(cash(after) - cash(before)).toBe(2000)
      // The audit log has the sale, never the code.
      const audit = await t().db.select().from(schema.staffAuditLog).where(eq(schema.staffAuditLog.subjectId, sold.json.paymentId))
      expect(JSON.stringify(audit)).not.toContain(sold.json.code.replace(/-/g, '').slice(0, 8))
    })

    it('redeems part of a voucher against a sale: the rest stays on it; more than is left is refused', async () => {
      const { json } = await sell({ method: 'card_terminal', amountPence: 5000 })
      expect(await deskRedeem({ code: json.code, amountPence: 1800 })).toMatchObject({
        status: 200,
        json: { remainingPence: 3200, status: 'issued', message: '£18.00 taken from the gift voucher. £32.00 is left on it.' },
      })
      expect(await deskRedeem({ code: json.code, amountPence: 4000 })).toMatchObject({
        status: 409,
        json: { message: 'This gift voucher has only £32.00 left.' },
      })
      const looked = await t().api('staff/vouchers/lookup', {
        body: { code: json.code.toLowerCase() },
        headers: { ...staff.headers, 'x-forwarded-for': newAddress() },
      })
      expect(looked).toMatchObject({ status: 200, json: { remainingPence: 3200, valuePence: 5000, lastDay: '2027-11-23' } })
    })

    it('a refunded desk voucher gives back what is left of it, and what is left is void', async () => {
      const { json } = await sell({ method: 'cash', amountPence: 5000 })
      await deskRedeem({ code: json.code, amountPence: 1000 })
      const refunded = await refund(json.paymentId)
      expect(refunded).toMatchObject({ status: 200, json: { amountPence: 4000 } })
      expect(await deskRedeem({ code: json.code, amountPence: 100 })).toMatchObject({ status: 409, json: { message: VOUCHER_MESSAGES.void } })
      expect((await refund(json.paymentId)).status).toBe(409)
    })

    it('a voucher bought online and refunded by the owner before its day is never sent, nor redeemable', async () => {
      const { paymentId, email } = await buyVoucher(t(), { sendOn: '2026-12-01' })
      await t().api(`gift_vouchers/${paymentId}`)
      expect(await refund(paymentId)).toMatchObject({ status: 200, json: { amountPence: 2500, method: 'online_card' } })
      expect((await voucherOf(t(), paymentId)).status).toBe('void')
      clock.set('2026-12-01T10:00:00Z')
      await createWorker({ ...t().app.jobs, logger: createLogger('silent'), now: clock.now }).runDue()
      expect(await outboxMessages(t().app, email)).toHaveLength(0)
      clock.reset()
      const code = (await voucherOf(t(), paymentId)).pendingCode
      expect(code).toBeNull()
    })

    it('a member of staff may not change the settings; every desk call needs the staff', async () => {
      expect((await t().api('staff/vouchers/settings', { method: 'PUT', body: {}, headers: staff.headers })).status).toBe(403)
      expect((await t().api('staff/vouchers/sales', { body: { method: 'cash', amountPence: 1000, idempotencyKey: randomUUID() } })).status).toBe(401)
    })
  },
  { deps: () => ({ now: clock.now, trustProxy: true }), shop: SHOP },
)
