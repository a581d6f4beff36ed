import { randomUUID } from 'node:crypto'
import { and, desc, eq, schema } from '@salon/db'
import { beforeAll, expect, it } from 'vitest'
import { describeDate } from '../../lib/local-time.ts'
import { createWorker } from '../../jobs/worker.ts'
import { createLogger } from '../../lib/logger.ts'
import { balanceOf, outboxMessages, shopCustomer } from '../../test/factories/customers.ts'
import { buyPackage, startPayment } from '../../test/factories/payments.ts'
import type { ShopInput } from '../../test/factories/shop.ts'
import { otherShopOwner, staffUser, type StaffUser } from '../../test/factories/staff.ts'
import { describeApi } from '../../test/harness.ts'

/** The photo ID seen at the desk, sent with every desk booking and sale here: asked once per customer. */
const PASSPORT = { document: 'passport' }

const SHOP = {
  packages: [
    { id: 'course-60', name: 'Course of 60', minutes: 60, pricePence: 3600, validityDays: 90, bedTypes: ['lay-down', 'stand-up'] },
    { id: 'starter-30', name: 'Starter 30', minutes: 30, pricePence: 1800, validityDays: 60 },
  ],
  promoCodes: [
    { code: 'ONCE10', kind: 'percent', amount: 10, maxUsesPerCustomer: 1 },
    { code: 'LASTONE', kind: 'fixed', amount: 500, maxUses: 1, maxUsesPerCustomer: 1 },
  ],
  commerce: { referralRewardMinutes: 15, referralRewardValidityDays: 60 },
} satisfies ShopInput

const key = () => randomUUID()

/** docs/product.md §10.3: sales at the counter, refunds, corrections and the day's takings. */
describeApi(
  'the counter',
  (t) => {
    let staff: StaffUser
    let owner: StaffUser

    beforeAll(async () => {
      staff = await staffUser(t(), { role: 'staff', name: 'Sam Staff' })
      owner = await staffUser(t(), { role: 'owner', name: 'Olive Owner' })
    })

    // The customer's photo ID is shown at their first sale (identity/photo-id-checks.service.ts); photo-id-checks.api.test.ts tries it without.
    const sell = (body: object, by: StaffUser = staff) => t().api('staff/counter/sales', { body: { idCheck: PASSPORT, ...body }, headers: by.headers })
    const sellMinutes = (body: object, by: StaffUser = staff) => t().api('staff/counter/minutes', { body: { idCheck: PASSPORT, ...body }, headers: by.headers })
    const refund = (body: object, by: StaffUser = owner) => t().api('staff/counter/refunds', { body, headers: by.headers })
    const adjust = (customer: { sub: string }, body: object, by: StaffUser = owner) =>
      t().api(`staff/customers/${customer.sub}/adjustments`, { body, headers: by.headers })
    const takings = (date?: string) => t().api(`staff/counter/takings${date ? `?date=${date}` : ''}`, { headers: staff.headers })
    const paymentsOf = (sub: string) => t().db.select().from(schema.payments).where(eq(schema.payments.sub, sub))
    const lotsOf = (sub: string) => t().db.select().from(schema.minuteLots).where(eq(schema.minuteLots.sub, sub))
    const ledgerOf = (sub: string) => t().db.select().from(schema.balanceLedger).where(eq(schema.balanceLedger.sub, sub)).orderBy(schema.balanceLedger.id)
    const auditOf = (sub: string, action: string) =>
      t()
        .db.select()
        .from(schema.staffAuditLog)
        .where(and(eq(schema.staffAuditLog.subjectId, sub), eq(schema.staffAuditLog.action, action)))
        .orderBy(desc(schema.staffAuditLog.id))

    it('sells a package for cash: paid at once, recorded by the member of staff, the same lot as the same purchase online', async () => {
      const customer = await shopCustomer(t(), { givenName: 'Jo' })
      const idempotencyKey = key()
      const sold = await sell({ sub: customer.sub, packageId: 'course-60', method: 'cash', idempotencyKey })
      expect(sold.status).toBe(201)
      expect(sold.json).toMatchObject({
        sub: customer.sub,
        method: 'cash',
        status: 'succeeded',
        description: 'Course of 60',
        packageId: 'course-60',
        promoCode: null,
        pricePence: 3600,
        discountPence: 0,
        amountPence: 3600,
        recordedBy: staff.sub,
        balance: 60,
        lot: { source: 'purchase', label: 'Course of 60', minutes: 60, remaining: 60, bedTypes: ['lay-down', 'stand-up'] },
      })
      expect(sold.json.message).toBe(`£36.00 taken in cash. 60 minutes of Course of 60 are on Jo’s balance, to use by ${describeDate(sold.json.lot.lastDay)}.`)
      const [payment] = await paymentsOf(customer.sub)
      expect(payment).toMatchObject({ provider: 'cash', recordedBy: staff.sub, status: 'succeeded', purpose: 'package', lotMinutes: 60 })
      expect(payment!.succeededAt).toBeInstanceOf(Date)
      expect(await ledgerOf(customer.sub)).toEqual([expect.objectContaining({ kind: 'purchase', minutes: 60, recordedBy: staff.sub })])

      // The same package bought online the same day gives the same lot.
      const online = await shopCustomer(t())
      const { purchase } = await buyPackage(t(), online, 'course-60')
      const { id: _a, ...counterLot } = sold.json.lot
      const { id: _b, ...onlineLot } = purchase.json.lot
      expect(counterLot).toEqual(onlineLot)

      const [audit] = await auditOf(customer.sub, 'counter.sale')
      expect(audit).toMatchObject({ actorSub: staff.sub, actorName: 'Sam Staff', actorRole: 'staff', subjectType: 'customer' })
      expect(audit!.after).toMatchObject({ paymentId: sold.json.paymentId, method: 'cash', amountPence: 3600, minutes: 60 })
    })

    it('answers the same sale for the same idempotency key, and refuses the key for a different sale', async () => {
      const customer = await shopCustomer(t())
      const idempotencyKey = key()
      const first = await sell({ sub: customer.sub, packageId: 'starter-30', method: 'card_terminal', idempotencyKey })
      const again = await sell({ sub: customer.sub, packageId: 'starter-30', method: 'card_terminal', idempotencyKey })
      expect([first.status, again.status]).toEqual([201, 200])
      expect(again.json).toEqual(first.json)
      const other = await sell({ sub: customer.sub, packageId: 'course-60', method: 'card_terminal', idempotencyKey })
      expect(other).toMatchObject({ status: 409, json: { message: 'This idempotency key was used for a different sale. Please send a new key.' } })
      expect(await paymentsOf(customer.sub)).toHaveLength(1)
      expect(await lotsOf(customer.sub)).toHaveLength(1)
      expect(await balanceOf(t(), customer)).toBe(30)
      expect(first.json.message).toMatch(/^£18\.00 taken on the card terminal\. 30 minutes of Starter 30 are on /)
    })

    it('applies promo codes as online, counted under the code: once per customer, and used up', async () => {
      const customer = await shopCustomer(t())
      const sold = await sell({ sub: customer.sub, packageId: 'course-60', method: 'cash', promoCode: 'once10', idempotencyKey: key() })
      expect(sold.json).toMatchObject({ promoCode: 'ONCE10', pricePence: 3600, discountPence: 360, amountPence: 3240 })
      const twice = await sell({ sub: customer.sub, packageId: 'course-60', method: 'cash', promoCode: 'ONCE10', idempotencyKey: key() })
      expect(twice).toMatchObject({ status: 409, json: { message: 'This customer has already used the promo code ONCE10.', reason: 'already_used' } })

      expect((await sell({ sub: customer.sub, packageId: 'starter-30', method: 'cash', promoCode: 'LASTONE', idempotencyKey: key() })).status).toBe(201)
      const someoneElse = await shopCustomer(t())
      const usedUp = await sell({ sub: someoneElse.sub, packageId: 'starter-30', method: 'cash', promoCode: 'LASTONE', idempotencyKey: key() })
      expect(usedUp).toMatchObject({ status: 409, json: { message: 'The promo code LASTONE has been used up: it could be used 1 times.', reason: 'used_up' } })
      const unknown = await sell({ sub: someoneElse.sub, packageId: 'starter-30', method: 'cash', promoCode: 'NOSUCH', idempotencyKey: key() })
      expect(unknown).toMatchObject({ status: 404, json: { message: 'There is no promo code NOSUCH at this salon. Please check how it is spelt.' } })
      // The counter's use counts online too.
      const online = await t().api('apply/promocode/ONCE10?packageId=course-60', { headers: customer.headers })
      expect(online).toMatchObject({ status: 409, json: { message: 'You have already used the promo code ONCE10.' } })
      expect(await paymentsOf(someoneElse.sub)).toHaveLength(0)
    })

    it("rewards a referred friend's first purchase at the counter as online", async () => {
      const referrer = await shopCustomer(t(), { email: `${randomUUID()}@example.com` })
      const { code } = (await t().api('p_account/referrals', { headers: referrer.headers })).json
      const friend = await shopCustomer(t(), { metadata: { ...t().shop.headers, user_signup: code }, email: `${randomUUID()}@example.com` })
      expect((await sell({ sub: friend.sub, packageId: 'starter-30', method: 'cash', idempotencyKey: key() })).status).toBe(201)
      expect(await balanceOf(t(), friend)).toBe(30 + 15)
      expect(await balanceOf(t(), referrer)).toBe(15)
    })

    it('sells loose minutes at the price named, for the bed types and days given or all of them for a year', async () => {
      const customer = await shopCustomer(t())
      const sold = await sellMinutes({ sub: customer.sub, minutes: 12, pricePence: 900, method: 'cash', idempotencyKey: key() })
      expect(sold.status).toBe(201)
      expect(sold.json).toMatchObject({
        description: '12 minutes from the counter',
        packageId: null,
        amountPence: 900,
        lot: { label: '12 minutes from the counter', minutes: 12, bedTypes: ['lay-down', 'stand-up', 'high-pressure'] },
      })
      const days = (Date.parse(sold.json.lot.expiresAt) - Date.now()) / 86_400_000
      expect(days).toBeGreaterThan(365)
      expect(days).toBeLessThanOrEqual(366.1)
      const [payment] = await paymentsOf(customer.sub)
      expect(payment).toMatchObject({ purpose: 'minutes', provider: 'cash', packageId: null, lotMinutes: 12, lotValidityDays: 365 })

      const some = await sellMinutes({
        sub: customer.sub,
        minutes: 1,
        pricePence: 75,
        bedTypes: ['stand-up'],
        validityDays: 30,
        method: 'card_terminal',
        idempotencyKey: key(),
      })
      expect(some.json).toMatchObject({ description: '1 minute from the counter', lot: { minutes: 1, bedTypes: ['stand-up'] } })
      expect(await balanceOf(t(), customer)).toBe(13)
      expect((await auditOf(customer.sub, 'counter.minutes')).length).toBe(2)

      const unknown = await sellMinutes({ sub: customer.sub, minutes: 5, pricePence: 300, bedTypes: ['sauna'], method: 'cash', idempotencyKey: key() })
      expect(unknown).toMatchObject({
        status: 422,
        json: { message: 'There is no bed type "sauna" at this salon. The bed types are: lay-down, stand-up, high-pressure.' },
      })
    })

    it('refuses bad input with a message, and another shop’s or an unknown customer with 404, changing nothing', async () => {
      const customer = await shopCustomer(t())
      const base = { sub: customer.sub, minutes: 10, pricePence: 500, method: 'cash', idempotencyKey: key() }
      const cases: [object, string][] = [
        [{ ...base, minutes: 0 }, 'minutes must be a whole number of minutes from 1 to 1000'],
        [{ ...base, minutes: 2.5 }, 'minutes must be a whole number of minutes from 1 to 1000'],
        [{ ...base, pricePence: 10 }, 'pricePence must be a whole number of pence from 30 to 100000'],
        [{ ...base, method: 'cheque' }, 'method must be cash or card_terminal'],
        [{ ...base, idempotencyKey: 'short' }, 'idempotencyKey must be 16 to 100 letters, digits, dashes or underscores (for example a UUID)'],
        [{ ...base, validityDays: 0 }, 'validityDays must be a whole number of days from 1 to 3650'],
        [{ ...base, sub: 'someone' }, 'sub must be a customer id'],
      ]
      for (const [body, message] of cases)
        expect(await sellMinutes(body)).toMatchObject({ status: 400, json: { message: `Please check the request: ${message}.` } })
      expect((await sellMinutes({ ...base, amountPence: 1 })).status).toBe(400)
      expect((await sell({ sub: customer.sub, packageId: 'course-60', method: 'cash' })).status).toBe(400)

      expect(await sellMinutes({ ...base, sub: randomUUID() })).toMatchObject({ status: 404, json: { message: 'There is no such customer at this salon.' } })
      const { shop } = await otherShopOwner(t())
      const elsewhere = await shopCustomer(t(), { metadata: shop.headers })
      expect(await sell({ sub: elsewhere.sub, packageId: 'course-60', method: 'cash', idempotencyKey: key() })).toMatchObject({
        status: 404,
        json: { message: 'There is no such customer at this salon.' },
      })
      expect(await sell({ sub: customer.sub, packageId: 'nope', method: 'cash', idempotencyKey: key() })).toMatchObject({
        status: 404,
        json: { message: 'There is no package "nope" on sale at this salon.' },
      })
      expect(await paymentsOf(customer.sub)).toHaveLength(0)
    })

    it('refunds a counter sale (owner only): its unused minutes leave the balance, and the answer says what was already used', async () => {
      const customer = await shopCustomer(t())
      const sold = await sell({ sub: customer.sub, packageId: 'course-60', method: 'cash', idempotencyKey: key() })
      // Twenty minutes of it are used: a correction takes them from the only lot.
      expect((await adjust(customer, { minutes: -20, reason: 'Used at the salon before the system' })).status).toBe(200)
      const reason = 'Customer changed their mind'
      expect(await refund({ paymentId: sold.json.paymentId, reason }, staff)).toMatchObject({
        status: 403,
        json: { message: "Only the salon's owner can do this." },
      })
      const refunded = await refund({ paymentId: sold.json.paymentId, reason })
      expect(refunded).toMatchObject({
        status: 200,
        json: {
          paymentId: sold.json.paymentId,
          method: 'cash',
          amountPence: 3600,
          minutesRemoved: 40,
          minutesAlreadyUsed: 20,
          balance: 0,
          message:
            'Refunded: £36.00 to give back in cash. 40 minutes of Course of 60 were taken off the balance; 20 minutes had already been used or had expired and cannot be taken back.',
        },
      })
      const [payment] = await paymentsOf(customer.sub)
      expect(payment).toMatchObject({ status: 'refunded' })
      expect(payment!.refundedAt).toBeInstanceOf(Date)
      expect((await ledgerOf(customer.sub)).at(-1)).toMatchObject({ kind: 'adjustment', minutes: -40, recordedBy: owner.sub, reason })
      const [audit] = await auditOf(customer.sub, 'counter.refund')
      expect(audit).toMatchObject({
        actorSub: owner.sub,
        reason,
        before: expect.objectContaining({ balance: 40 }),
        after: expect.objectContaining({ balance: 0 }),
      })

      expect(await refund({ paymentId: sold.json.paymentId, reason })).toMatchObject({ status: 409, json: { message: 'This sale has already been refunded.' } })
      expect(await refund({ paymentId: randomUUID(), reason })).toMatchObject({ status: 404, json: { message: 'There is no such sale at this salon.' } })
      expect(await refund({ paymentId: sold.json.paymentId, reason: '  ' })).toMatchObject({
        status: 400,
        json: { message: 'Please check the request: reason is required: say why, in a few words.' },
      })

      const whole = await sell({ sub: customer.sub, packageId: 'starter-30', method: 'card_terminal', idempotencyKey: key() })
      expect((await refund({ paymentId: whole.json.paymentId, reason })).json.message).toBe(
        'Refunded: £18.00 to give back on the card terminal. All 30 minutes of Starter 30 were taken off the balance.',
      )

      // A card payment that was started online but never taken has nothing to give back.
      const online = await shopCustomer(t())
      const started = await startPayment(t(), online, { packageId: 'starter-30' })
      expect(await refund({ paymentId: started.json.payment.id, reason })).toMatchObject({
        status: 409,
        json: { message: 'This payment was never taken, so there is nothing to refund.' },
      })
    })

    it('corrects a balance with a reason (owner only): minutes added are a lot, minutes taken off never go below zero', async () => {
      const customer = await shopCustomer(t())
      const reason = 'Lamp failed mid-session'
      const added = await adjust(customer, { minutes: 10, reason, bedTypes: ['lay-down'], validityDays: 30 })
      expect(added).toMatchObject({
        status: 200,
        json: {
          minutes: 10,
          balanceBefore: 0,
          balanceAfter: 10,
          lot: { source: 'adjustment', label: 'Added by the salon', minutes: 10, remaining: 10, bedTypes: ['lay-down'] },
          message: '10 minutes added. The balance was 0 minutes and is now 10 minutes.',
        },
      })
      expect((await ledgerOf(customer.sub))[0]).toMatchObject({ kind: 'adjustment', minutes: 10, recordedBy: owner.sub, reason })
      expect(await adjust(customer, { minutes: -11, reason: 'Typo' })).toMatchObject({
        status: 409,
        json: { message: 'This customer has 10 minutes, so at most 10 minutes can be taken off. A balance never goes below zero.' },
      })
      expect(await adjust(customer, { minutes: -5, reason: 'Typo', bedTypes: ['stand-up'] })).toMatchObject({
        status: 409,
        json: { message: 'This customer has 0 minutes for stand-up sunbeds, so at most 0 minutes can be taken off. A balance never goes below zero.' },
      })
      const taken = await adjust(customer, { minutes: -4, reason: 'Typo' })
      expect(taken.json).toMatchObject({
        minutes: -4,
        balanceBefore: 10,
        balanceAfter: 6,
        lot: null,
        message: '4 minutes taken off. The balance was 10 minutes and is now 6 minutes.',
      })
      const [audit] = await auditOf(customer.sub, 'customer.balance-adjusted')
      expect(audit).toMatchObject({ actorSub: owner.sub, reason: 'Typo', before: { balance: 10 }, after: expect.objectContaining({ balance: 6, minutes: -4 }) })

      expect(await adjust(customer, { minutes: 5, reason: 'x' }, staff)).toMatchObject({
        status: 403,
        json: { message: "Only the salon's owner can do this." },
      })
      expect(await adjust(customer, { minutes: 0, reason: 'x' })).toMatchObject({
        status: 400,
        json: { message: 'Please check the request: minutes must be a whole number of minutes, from -1000 to 1000, not 0.' },
      })
      expect(await adjust(customer, { minutes: 5 })).toMatchObject({
        status: 400,
        json: { message: 'Please check the request: reason is required: say why, in a few words.' },
      })
      expect(await adjust({ sub: randomUUID() }, { minutes: 5, reason: 'x' })).toMatchObject({
        status: 404,
        json: { message: 'There is no such customer at this salon.' },
      })
      expect(await balanceOf(t(), customer)).toBe(6)
    })

    it('the owner refunds a package bought online: its unused minutes leave the balance, the card refund is a job, and the customer is told once it is made', async () => {
      const customer = await shopCustomer(t(), { givenName: 'Ona' })
      const { payment } = await buyPackage(t(), customer, 'starter-30')
      const reason = 'Moving away; asked for the money back'
      expect(await refund({ paymentId: payment.id, reason }, staff)).toMatchObject({ status: 403 })
      const done = await refund({ paymentId: payment.id, reason })
      expect(done.status, JSON.stringify(done.json)).toBe(200)
      expect(done.json).toMatchObject({
        paymentId: payment.id,
        method: 'online_card',
        amountPence: 1800,
        minutesRemoved: 30,
        minutesAlreadyUsed: 0,
        balance: 0,
      })
      expect(done.json.message).toBe(
        "Refunded: £18.00 goes back to the customer's card, and they are told once it has. All 30 minutes of Starter 30 were taken off the balance.",
      )
      const [owed] = await paymentsOf(customer.sub)
      expect(owed).toMatchObject({ status: 'succeeded', refundOwedAt: expect.any(Date) })
      expect(await refund({ paymentId: payment.id, reason })).toMatchObject({ status: 409, json: { message: 'This sale has already been refunded.' } })

      // The refund job asks the card provider; once it is made, the customer hears of it, once.
      const worker = createWorker({ ...t().app.jobs, logger: createLogger('silent') })
      await worker.runDue()
      await worker.runDue()
      const [paid] = await paymentsOf(customer.sub)
      expect(paid).toMatchObject({ status: 'refunded', refundedAt: expect.any(Date) })
      const texts = (await outboxMessages(t().app, customer.phone)).map((m) => m.body).filter((b) => b.includes('refund'))
      expect(texts).toEqual([
        `${t().shop.name}: Your refund of £18.00 for Starter 30 has been made to your card. It can take 5 to 10 working days to show on your statement.`,
      ])
    })

    it('refunds only the unused minutes of a package bought online: their share goes back to the card, and the takings count that much', async () => {
      const customer = await shopCustomer(t(), { givenName: 'Una' })
      const { payment } = await buyPackage(t(), customer, 'course-60')
      // Twenty of the sixty minutes are used (taken off by the owner here, as a session would spend them).
      expect((await adjust(customer, { minutes: -20, reason: 'Used in sessions before the system' })).status).toBe(200)
      const before = (await takings()).json
      const done = await refund({ paymentId: payment.id, reason: 'Moving away', part: 'unused' })
      expect(done.status, JSON.stringify(done.json)).toBe(200)
      expect(done.json).toMatchObject({ method: 'online_card', part: 'unused', amountPence: 2400, minutesRemoved: 40, minutesAlreadyUsed: 20, balance: 0 })
      expect(done.json.message).toBe(
        "Refunded: £24.00, the share of the 40 minutes not used, goes back to the customer's card, and they are told once it has. 40 minutes of Course of 60 were taken off the balance; 20 minutes had already been used or had expired and cannot be taken back.",
      )
      expect((await paymentsOf(customer.sub))[0]).toMatchObject({ status: 'succeeded', refundedPence: 2400 })
      expect(await refund({ paymentId: payment.id, reason: 'Again', part: 'unused' })).toMatchObject({
        status: 409,
        json: { message: 'This sale has already been refunded.' },
      })

      const worker = createWorker({ ...t().app.jobs, logger: createLogger('silent') })
      await worker.runDue()
      await worker.runDue()
      expect((await paymentsOf(customer.sub))[0]).toMatchObject({ status: 'refunded', refundedPence: 2400 })
      const texts = (await outboxMessages(t().app, customer.phone)).map((m) => m.body).filter((b) => b.includes('refund'))
      expect(texts).toEqual([expect.stringContaining('Your refund of £24.00 for Course of 60 has been made to your card.')])
      const after = (await takings()).json
      const refunded = (m: Record<string, any>) => m.methods.find((x: { method: string }) => x.method === 'online_card').refundsPence
      expect(refunded(after) - refunded(before)).toBe(2400)
    })

    it('refunds the unused minutes of a counter sale, rounding their share down, and refuses it where no minutes are left or for products', async () => {
      const customer = await shopCustomer(t())
      const sold = await sellMinutes({ sub: customer.sub, minutes: 7, pricePence: 1000, method: 'cash', idempotencyKey: key() })
      await adjust(customer, { minutes: -2, reason: 'Used two' })
      const done = await refund({ paymentId: sold.json.paymentId, reason: 'Unhappy', part: 'unused' })
      // 5 of 7 minutes of £10.00: £7.142…, rounded down to £7.14.
      expect(done.json).toMatchObject({ method: 'cash', part: 'unused', amountPence: 714, minutesRemoved: 5 })
      expect(done.json.message).toMatch(/^Refunded: £7\.14, the share of the 5 minutes not used, to give back in cash\. /)

      const used = await sellMinutes({ sub: customer.sub, minutes: 3, pricePence: 300, method: 'cash', idempotencyKey: key() })
      await adjust(customer, { minutes: -3, reason: 'Used all three' })
      expect(await refund({ paymentId: used.json.paymentId, reason: 'x', part: 'unused' })).toMatchObject({
        status: 409,
        json: { message: 'None of the minutes of this sale are left unused, so there is nothing to refund by them.' },
      })
      expect(await refund({ paymentId: used.json.paymentId, reason: 'x', part: 'half' })).toMatchObject({
        status: 400,
        json: { message: 'Please check the request: part must be whole or unused.' },
      })
      // The whole sale can still be given back.
      expect((await refund({ paymentId: used.json.paymentId, reason: 'x', part: 'whole' })).json).toMatchObject({ part: 'whole', amountPence: 300 })
    })

    it("totals a day's takings by method, less that day's refunds, in the shop's local day", async () => {
      const before = (await takings()).json
      const customer = await shopCustomer(t())
      await sell({ sub: customer.sub, packageId: 'course-60', method: 'cash', idempotencyKey: key() })
      const back = await sell({ sub: customer.sub, packageId: 'starter-30', method: 'cash', idempotencyKey: key() })
      await sellMinutes({ sub: customer.sub, minutes: 10, pricePence: 700, method: 'card_terminal', idempotencyKey: key() })
      await buyPackage(t(), await shopCustomer(t()), 'starter-30')
      await refund({ paymentId: back.json.paymentId, reason: 'Wrong package' })
      const after = await takings()
      expect(after.status).toBe(200)
      const delta = (method: string, field: string) =>
        after.json.methods.find((m: { method: string }) => m.method === method)[field] -
        before.methods.find((m: { method: string }) => m.method === method)[field]
      expect(after.json.methods.map((m: { method: string }) => m.method)).toEqual(['cash', 'card_terminal', 'online_card'])
      expect([delta('cash', 'sales'), delta('cash', 'salesPence'), delta('cash', 'refunds'), delta('cash', 'refundsPence'), delta('cash', 'netPence')]).toEqual(
        [2, 5400, 1, 1800, 3600],
      )
      expect([delta('card_terminal', 'sales'), delta('card_terminal', 'netPence')]).toEqual([1, 700])
      expect([delta('online_card', 'sales'), delta('online_card', 'netPence')]).toEqual([1, 1800])
      expect(after.json.totalPence - before.totalPence).toBe(3600 + 700 + 1800)

      // A sale at 23:30 UTC on a summer's day is the next day in the salon (London is an hour ahead).
      const late = await sellMinutes({ sub: customer.sub, minutes: 5, pricePence: 350, method: 'cash', idempotencyKey: key() })
      await t()
        .db.update(schema.payments)
        .set({ succeededAt: new Date('2026-07-01T23:30:00Z') })
        .where(eq(schema.payments.id, late.json.paymentId))
      const none = { sales: 0, salesPence: 0, refunds: 0, refundsPence: 0, netPence: 0, sessions: 0, sessionsPence: 0 }
      expect((await takings('2026-07-02')).json).toEqual({
        date: '2026-07-02',
        from: '2026-07-02',
        to: '2026-07-02',
        methods: [
          { ...none, method: 'cash', sales: 1, salesPence: 350, netPence: 350 },
          { ...none, method: 'card_terminal' },
          { ...none, method: 'online_card' },
        ],
        totalPence: 350,
        unpaidSessions: { count: 0, pence: 0 },
        cashUps: [],
      })
      expect((await takings('2026-07-01')).json.totalPence).toBe(0)
      expect(await takings('2026-02-30')).toMatchObject({
        status: 400,
        json: { message: 'Please check the query request: date must be a real calendar date.' },
      })
      expect(await takings('yesterday')).toMatchObject({
        status: 400,
        json: { message: 'Please check the query request: date must be a date written YYYY-MM-DD.' },
      }) // As the day sheet refuses it: one parser and one range for every date (it answered 500 "Invalid time value").
      for (const far of ['9999-12-31', '0001-01-01'])
        expect(await takings(far)).toMatchObject({ status: 400, json: { message: 'Please check the query request: date must be a date from 1900 to 2100.' } })
    })
  },
  { shop: SHOP },
)
