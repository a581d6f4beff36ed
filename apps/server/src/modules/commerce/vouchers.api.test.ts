import { randomUUID } from 'node:crypto'
import { eq, schema } from '@salon/db'
import { expect, it } from 'vitest'
import { createWorker } from '../../jobs/worker.ts'
import { createLogger } from '../../lib/logger.ts'
import { balanceOf, newPhone, outboxMessages, shopCustomer } from '../../test/factories/customers.ts'
import { newAddress, testClock } from '../../test/factories/doubles.ts'
import { buyVoucher, codeSentTo, issuedVoucher, voucherOf } from '../../test/factories/vouchers.ts'
import type { ShopInput } from '../../test/factories/shop.ts'
import { staffUser } from '../../test/factories/staff.ts'
import { describeApi } from '../../test/harness.ts'
import { CREDIT_MESSAGES } from './credit.service.ts'
import { VOUCHER_GUESS_LIMITS, VOUCHER_MESSAGES } from './vouchers.service.ts'

/** Monday 23 November 2026, 10:00 GMT */
const clock = testClock('2026-11-23T10:00:00Z')
const SHOP = {
  packages: [{ id: 'glow-60', name: 'Glow 60', minutes: 60, pricePence: 3300, validityDays: 90 }],
} satisfies ShopInput

describeApi(
  'gift vouchers bought online, sent on their day and redeemed into credit',
  (t) => {
    const worker = () => createWorker({ ...t().app.jobs, logger: createLogger('silent'), now: clock.now })
    const redeem = (customer: { headers: Record<string, string> }, code: string, address = newAddress()) =>
      t().api('p_account/vouchers', { body: { code }, headers: { ...customer.headers, 'x-forwarded-for': address } })

    it('a fresh salon offers vouchers at its defaults, and a package as a gift', async () => {
      const { status, json } = await t().api('gift_vouchers')
      expect(status).toBe(200)
      expect(json).toMatchObject({ amountsPence: [1000, 2000, 2500, 5000], packagesAsGifts: true, expiryMonths: 12 })
      expect(json.packages).toContainEqual({ id: 'glow-60', name: 'Glow 60', pricePence: 3300 })
    })

    it('a visitor pays by card; the voucher is issued with the payment and sent once, with its code, value, expiry and message', async () => {
      clock.reset()
      const { paymentId, email, started } = await buyVoucher(t())
      expect(started.json.voucher).toMatchObject({ status: 'awaiting_payment', valuePence: 2500 })
      const confirmation = await t().api(`gift_vouchers/${paymentId}`)
      expect(confirmation.json).toMatchObject({
        status: 'issued',
        valuePence: 2500,
        lastDay: '2027-11-23',
        message: 'Thank you. Your £25.00 gift voucher for Alex will be sent on Monday 23 November 2026.',
      })
      // Run twice, by two workers: one message.
      await worker().runDue()
      await worker().runDue()
      const sent = await outboxMessages(t().app, email)
      expect(sent).toHaveLength(1)
      expect(sent[0]!.subject).toBe('A £25.00 gift voucher from Sam')
      expect(sent[0]!.body).toContain('Value: £25.00')
      expect(sent[0]!.body).toContain('Use it by: Tuesday 23 November 2027')
      expect(sent[0]!.body).toContain('"Happy birthday!"')
      expect(sent[0]!.body).toMatch(/Your code: [0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}/)
      // Once it has gone, only the code's hash is kept.
      const voucher = await voucherOf(t(), paymentId)
      expect(voucher).toMatchObject({ status: 'issued', pendingCode: null })
      expect(voucher.codeHash).toMatch(/^[0-9a-f]{64}$/)
      const code = await codeSentTo(t(), email)
      expect(JSON.stringify(voucher)).not.toContain(code.replace(/-/g, ''))
      // Nor in the salon's record of the message that carried it: only its last four characters, as on the voucher's list.
      const kept = await t()
        .db.select()
        .from(schema.customerMessages)
        .where(eq(schema.customerMessages.key, `voucher:${voucher.id}:email`))
      expect(kept).toHaveLength(1)
      expect(kept[0]!.body).not.toContain(code)
      expect(kept[0]!.body).toContain(`Your code: ••••-••••-••••-${code.slice(-4)}`)
    })

    it('a voucher for a later day waits for it', async () => {
      clock.reset()
      const { email } = await buyVoucher(t(), { sendOn: '2026-12-24' })
      await worker().runDue()
      expect(await outboxMessages(t().app, email)).toHaveLength(0)
      clock.set('2026-12-24T09:05:00Z')
      await worker().runDue()
      expect(await outboxMessages(t().app, email)).toHaveLength(1)
      clock.reset()
    })

    it('a text goes to a mobile number given instead of an email address', async () => {
      clock.reset()
      const phone = newPhone()
      await buyVoucher(t(), { recipientEmail: undefined, recipientPhone: phone.typed })
      await worker().runDue()
      const [text] = await outboxMessages(t().app, phone.e164)
      expect(text?.body).toMatch(/has sent you a £25\.00 gift voucher\. "Happy birthday!" Your code: /)
    })

    it('a text bought for today in the quiet hours waits for the morning; an email alone goes at once', async () => {
      clock.set('2026-11-23T22:00:00Z')
      const phone = newPhone()
      await buyVoucher(t(), { recipientEmail: undefined, recipientPhone: phone.typed })
      const { email } = await buyVoucher(t())
      await worker().runDue()
      expect(await outboxMessages(t().app, phone.e164)).toHaveLength(0)
      expect(await outboxMessages(t().app, email)).toHaveLength(1)
      clock.set('2026-11-24T08:05:00Z')
      await worker().runDue()
      expect(await outboxMessages(t().app, phone.e164)).toHaveLength(1)
      clock.reset()
    })

    it('a customer redeems the code in any case, with spaces: its value becomes credit with its expiry, once', async () => {
      clock.reset()
      const { email } = await buyVoucher(t(), { amountPence: 5000 })
      await worker().runDue()
      const code = await codeSentTo(t(), email)
      const customer = await shopCustomer(t())
      const typed = ` ${code.toLowerCase().replace(/-/g, ' ')} `
      const redeemed = await redeem(customer, typed)
      expect(redeemed.status).toBe(200)
      expect(redeemed.json).toMatchObject({
        creditPence: 5000,
        lots: [{ amountPence: 5000, remainingPence: 5000, lastDay: '2027-11-23' }],
        message: '£50.00 is now on your account as credit, to use by Tuesday 23 November 2027.',
      })
      expect((await t().api('p_account/credit', { headers: customer.headers })).json).toMatchObject({ creditPence: 5000 })
      const again = await redeem(await shopCustomer(t()), code)
      expect(again).toMatchObject({ status: 409, json: { message: VOUCHER_MESSAGES.used } })
    })

    it('refuses amounts the salon does not offer, a past day, and a voucher with nowhere to send it', async () => {
      clock.reset()
      const start = (body: object) =>
        t().api('gift_vouchers', {
          body: { amountPence: 2500, fromName: 'Sam', recipientName: 'Alex', recipientEmail: 'a@example.com', sendOn: '2026-11-23', ...body },
          headers: { 'idempotency-key': randomUUID(), 'x-forwarded-for': newAddress() },
        })
      expect(await start({ amountPence: 1500 })).toMatchObject({ status: 422, json: { message: VOUCHER_MESSAGES.amountNotOffered } })
      expect(await start({ sendOn: '2026-11-22' })).toMatchObject({ status: 422, json: { message: VOUCHER_MESSAGES.sendOnPast } })
      expect((await start({ recipientEmail: undefined })).status).toBe(400)
    })

    it('the owner sets the amounts, packages as gifts and the expiry; at least 12 months', async () => {
      const owner = await staffUser(t(), { role: 'owner' })
      const put = (body: object) => t().api('staff/vouchers/settings', { method: 'PUT', body, headers: owner.headers })
      expect((await put({ amountsPence: [1500], packagesAsGifts: false, expiryMonths: 6 })).status).toBe(400)
      expect(await put({ amountsPence: [3000, 1500], packagesAsGifts: false, expiryMonths: 24 })).toMatchObject({
        status: 200,
        json: { amountsPence: [1500, 3000], packagesAsGifts: false, expiryMonths: 24 },
      })
      expect((await t().api('gift_vouchers')).json).toMatchObject({ amountsPence: [1500, 3000], packages: [] })
      const staff = await staffUser(t(), { role: 'staff' })
      expect((await t().api('staff/vouchers/settings', { headers: staff.headers })).status).toBe(403)
      await put({ amountsPence: [1000, 2000, 2500, 5000], packagesAsGifts: true, expiryMonths: 12 })
    })

    it('guessing is limited per account: the guess over the limit is refused with 429', async () => {
      const customer = await shopCustomer(t())
      for (let i = 0; i < VOUCHER_GUESS_LIMITS.perAccount.limit; i++) {
        expect((await redeem(customer, 'AAAA-BBBB-CCCC-DDDD')).status).toBe(404)
      }
      expect(await redeem(customer, 'AAAA-BBBB-CCCC-DDDD')).toMatchObject({ status: 429, json: { message: VOUCHER_MESSAGES.tooManyGuesses } })
    })

    it('guessing is limited per network, whichever accounts guess', async () => {
      const address = newAddress()
      const statuses: number[] = []
      for (let i = 0; i <= VOUCHER_GUESS_LIMITS.perAddress.limit; i++) {
        const customer = await shopCustomer(t())
        statuses.push((await redeem(customer, 'AAAA-BBBB-CCCC-DDDD', address)).status)
      }
      expect(statuses.slice(0, -1).every((s) => s === 404)).toBe(true)
      expect(statuses.at(-1)).toBe(429)
    })
  },
  { deps: () => ({ now: clock.now, trustProxy: true, logger: createLogger('error') }), shop: SHOP },
)

describeApi(
  'gift voucher credit paying for a package',
  (t) => {
    const redeem = (customer: { headers: Record<string, string> }, code: string) =>
      t().api('p_account/vouchers', { body: { code }, headers: { ...customer.headers, 'x-forwarded-for': newAddress() } })
    const buy = (customer: { headers: Record<string, string> }, packageId: string, key = randomUUID()) =>
      t().api('p_account/credit/purchase', { body: { packageId }, headers: { ...customer.headers, 'idempotency-key': key } })

    it('credit that covers a package buys it: the minutes land, the credit is what is left, once per key', async () => {
      const customer = await shopCustomer(t())
      const { code } = await issuedVoucher(t(), 5000)
      expect((await redeem(customer, code)).status).toBe(200)
      const key = randomUUID()
      const bought = await buy(customer, 'glow-60', key)
      expect(bought).toMatchObject({ status: 201, json: { creditPence: 1700, message: 'Glow 60 is on your balance, paid with £33.00 of your credit.' } })
      expect(await balanceOf(t(), customer)).toBe(60)
      expect(await buy(customer, 'glow-60', key)).toMatchObject({ status: 200, json: { creditPence: 1700 } })
      expect(await balanceOf(t(), customer)).toBe(60)
    })

    it('credit that does not cover a package buys nothing', async () => {
      const customer = await shopCustomer(t())
      const { code } = await issuedVoucher(t(), 2000)
      await redeem(customer, code)
      expect(await buy(customer, 'glow-60')).toMatchObject({ status: 409, json: { message: CREDIT_MESSAGES.notEnough } })
      expect(await balanceOf(t(), customer)).toBe(0)
      expect((await t().api('p_account/credit', { headers: customer.headers })).json).toMatchObject({ creditPence: 2000 })
    })

    it('an expired voucher is refused', async () => {
      const customer = await shopCustomer(t())
      const { code } = await issuedVoucher(t(), 2000, -1)
      expect(await redeem(customer, code)).toMatchObject({ status: 409, json: { message: VOUCHER_MESSAGES.expired } })
    })
  },
  { deps: () => ({ now: clock.now, trustProxy: true }), shop: SHOP },
)
