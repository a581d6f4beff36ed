import { randomUUID } from 'node:crypto'
import { and, eq, schema } from '@salon/db'
import { beforeAll, expect, it } from 'vitest'
import { createWorker } from '../../jobs/worker.ts'
import { createLogger } from '../../lib/logger.ts'
import { shopCustomer } from '../../test/factories/customers.ts'
import type { ShopInput } from '../../test/factories/shop.ts'
import { otherShopOwner, staffUser, type StaffUser } from '../../test/factories/staff.ts'
import { describeApi } from '../../test/harness.ts'

const logger = createLogger('silent')
const PASSPORT = { document: 'passport' }

const SHOP = {
  packages: [{ id: 'course-60', name: 'Course of 60', minutes: 60, pricePence: 3600, validityDays: 90, bedTypes: ['lay-down'] }],
  promoCodes: [{ code: 'TENOFF', kind: 'percent', amount: 10, maxUsesPerCustomer: 5 }],
  extras: [
    { id: 'lotion', name: 'Tan lotion', pricePence: 1500, stock: 40, lowStockAt: 3 },
    { id: 'balm', name: 'Lip balm', pricePence: 210, vatRateBps: 500, stock: 40 },
    { id: 'sticker', name: 'Tan stickers', pricePence: 20, vatRateBps: 0 },
    { id: 'few', name: 'Bronzer', pricePence: 900, stock: 5 },
  ],
} satisfies ShopInput

const key = () => randomUUID()

/** docs/product.md §10.3: products sold at the counter, their stock, and every sale's receipt. */
describeApi(
  'products at the counter and receipts',
  (t) => {
    let staff: StaffUser
    let owner: StaffUser

    beforeAll(async () => {
      staff = await staffUser(t(), { role: 'staff', name: 'Sam Staff' })
      owner = await staffUser(t(), { role: 'owner', name: 'Olive Owner' })
    })

    const sellProducts = (body: object, by: StaffUser = staff) => t().api('staff/counter/products', { body, headers: by.headers })
    const stockOf = async (id: string) => (await t().db.select().from(schema.priceExtras).where(eq(schema.priceExtras.id, id)))[0]!.stock
    const receipt = (paymentId: string, by: StaffUser = staff) => t().api(`staff/receipts/${paymentId}`, { headers: by.headers })
    const refund = (paymentId: string) => t().api('staff/counter/refunds', { body: { paymentId, reason: 'Changed their mind' }, headers: owner.headers })
    const worker = () => createWorker({ ...t().app.jobs, logger, now: t().now })
    const receiptEmails = (sub: string) =>
      t()
        .db.select()
        .from(schema.customerMessages)
        .where(and(eq(schema.customerMessages.sub, sub), eq(schema.customerMessages.kind, 'payment-receipt')))

    it('sells products to someone with no record: each at its price, out of stock in the same transaction, counted in the takings', async () => {
      const [lotionBefore, balmBefore] = [await stockOf('lotion'), await stockOf('balm')]
      const takingsBefore = (await t().api('staff/counter/takings', { headers: staff.headers })).json
      const idempotencyKey = key()
      const items = [
        { extraId: 'lotion', quantity: 2 },
        { extraId: 'balm', quantity: 1 },
        { extraId: 'sticker', quantity: 3 },
      ]
      const sold = await sellProducts({ items, method: 'cash', idempotencyKey })
      expect(sold.status).toBe(201)
      expect(sold.json).toMatchObject({
        sub: null,
        method: 'cash',
        status: 'succeeded',
        description: 'Tan lotion ×2, Lip balm, Tan stickers ×3',
        amountPence: 3270,
        recordedBy: staff.sub,
        lowStock: [],
        message: '£32.70 taken in cash.',
      })
      expect(sold.json.lines).toEqual([
        { description: 'Tan lotion', quantity: 2, unitPricePence: 1500, totalPence: 3000, vatRateBps: 2000 },
        { description: 'Lip balm', quantity: 1, unitPricePence: 210, totalPence: 210, vatRateBps: 500 },
        { description: 'Tan stickers', quantity: 3, unitPricePence: 20, totalPence: 60, vatRateBps: 0 },
      ])
      expect([await stockOf('lotion'), await stockOf('balm'), await stockOf('sticker')]).toEqual([lotionBefore! - 2, balmBefore! - 1, null])
      const [payment] = await t().db.select().from(schema.payments).where(eq(schema.payments.id, sold.json.paymentId))
      expect(payment).toMatchObject({ sub: null, purpose: 'retail', provider: 'cash', status: 'succeeded', amountPence: 3270, recordedBy: staff.sub })

      // The same key answers the same sale and takes nothing more; for other products it is refused.
      const again = await sellProducts({ items, method: 'cash', idempotencyKey })
      expect(again).toMatchObject({ status: 200, json: { paymentId: sold.json.paymentId } })
      expect(await stockOf('lotion')).toBe(lotionBefore! - 2)
      expect(await sellProducts({ items: [{ extraId: 'lotion', quantity: 1 }], method: 'cash', idempotencyKey })).toMatchObject({
        status: 409,
        json: { message: 'This idempotency key was used for a different sale. Please send a new key.' },
      })

      const takingsAfter = (await t().api('staff/counter/takings', { headers: staff.headers })).json
      const cash = (takings: Record<string, any>) => takings.methods.find((m: { method: string }) => m.method === 'cash').salesPence
      expect(cash(takingsAfter) - cash(takingsBefore)).toBe(3270)
    })

    it('never takes stock below zero, however many desks sell the last ones at once', async () => {
      const before = (await stockOf('few'))!
      const answers = await Promise.all(
        Array.from({ length: before + 7 }, () => sellProducts({ items: [{ extraId: 'few', quantity: 1 }], method: 'card_terminal', idempotencyKey: key() })),
      )
      expect(answers.filter((a) => a.status === 201)).toHaveLength(before)
      const refused = answers.filter((a) => a.status === 409)
      expect(refused).toHaveLength(7)
      for (const answer of refused) expect(answer.json.message).toBe('Bronzer is out of stock, so nothing was sold.')
      expect(await stockOf('few')).toBe(0)
      // Too many of a product refuses the whole sale: the other product's stock is left as it was.
      const lotion = await stockOf('lotion')
      expect(
        await sellProducts({
          items: [
            { extraId: 'lotion', quantity: 1 },
            { extraId: 'few', quantity: 1 },
          ],
          method: 'cash',
          idempotencyKey: key(),
        }),
      ).toMatchObject({ status: 409 })
      expect(await stockOf('lotion')).toBe(lotion)
    })

    it('says a product is low once a sale takes it to its mark, and the owner adds a delivery or corrects the stock, never below zero', async () => {
      const now = (await stockOf('lotion'))!
      const sold = await sellProducts({ items: [{ extraId: 'lotion', quantity: now - 3 }], method: 'cash', idempotencyKey: key() })
      expect(sold.json.lowStock).toEqual([expect.objectContaining({ id: 'lotion', stock: 3, lowStockAt: 3, low: true })])
      const listed = await t().api('staff/counter/products', { headers: staff.headers })
      expect(listed.json.products.find((p: { id: string }) => p.id === 'lotion')).toMatchObject({ stock: 3, low: true, vatRateBps: 2000 })

      const delivery = await t().api('staff/products/lotion/stock', { body: { change: 24, reason: 'Delivery' }, headers: owner.headers })
      expect(delivery).toMatchObject({ status: 200, json: { product: { stock: 27, low: false }, message: '24 added: 27 of Tan lotion in stock.' } })
      expect(await t().api('staff/products/lotion/stock', { body: { change: -28 }, headers: owner.headers })).toMatchObject({
        status: 409,
        json: { message: 'There are 27 of Tan lotion in stock, so at most 27 can be taken off. Stock never goes below zero.' },
      })
      expect(await t().api('staff/products/sticker/stock', { body: { change: 5 }, headers: owner.headers })).toMatchObject({
        status: 409,
        json: { message: 'The salon does not count its stock of Tan stickers. The owner can start counting it under Manage → Prices.' },
      })
      expect((await t().api('staff/products/lotion/stock', { body: { change: 1 }, headers: staff.headers })).status).toBe(403)
      expect((await t().api('staff/products/nothing/stock', { body: { change: 1 }, headers: owner.headers })).status).toBe(404)
      const [audit] = await t()
        .db.select()
        .from(schema.staffAuditLog)
        .where(and(eq(schema.staffAuditLog.action, 'products.stock-changed'), eq(schema.staffAuditLog.subjectId, 'lotion')))
      expect(audit).toMatchObject({ before: { stock: 3 }, after: { stock: 27, change: 24 }, reason: 'Delivery' })
    })

    it('refuses what cannot be sold, clearly, and changes nothing', async () => {
      const lotion = await stockOf('lotion')
      const cases: [object, number, string][] = [
        [{ items: [{ extraId: 'nothing', quantity: 1 }] }, 404, 'There is no product "nothing" on this salon\'s price list.'],
        [{ items: [{ extraId: 'lotion', quantity: 0 }] }, 400, 'Please check the request: items.0.quantity must be a whole number from 1 to 100.'],
        [{ items: [{ extraId: 'lotion', quantity: 1.5 }] }, 400, 'Please check the request: items.0.quantity must be a whole number from 1 to 100.'],
        [
          { items: [{ extraId: 'lot\u0000ion', quantity: 1 }] },
          400,
          'Please check the request: items.0.extraId contains a character that cannot be accepted (a NUL byte or a broken Unicode character). Please remove it and try again.',
        ],
        [{ items: [] }, 400, 'Please check the request: items must name at least one product.'],
        [
          {
            items: [
              { extraId: 'lotion', quantity: 1 },
              { extraId: 'lotion', quantity: 1 },
            ],
          },
          400,
          'Please check the request: items must name each product once, with its quantity.',
        ],
        [{ items: [{ extraId: 'sticker', quantity: 1 }] }, 422, 'A sale at the counter must come to at least £0.30.'],
        [{ items: [{ extraId: 'lotion', quantity: 1 }], sub: randomUUID() }, 404, 'There is no such customer at this salon.'],
      ]
      for (const [body, status, message] of cases) {
        const answer = await sellProducts({ method: 'cash', idempotencyKey: key(), ...body })
        expect([answer.status, answer.json.message]).toEqual([status, message])
      }
      expect(await stockOf('lotion')).toBe(lotion)
    })

    it('sells products with a package on one payment: the promo code is off the package alone, and a refund puts both back', async () => {
      const customer = await shopCustomer(t(), { givenName: 'Jo' })
      const lotion = (await stockOf('lotion'))!
      const sold = await t().api('staff/counter/sales', {
        body: {
          sub: customer.sub,
          packageId: 'course-60',
          promoCode: 'TENOFF',
          method: 'card_terminal',
          idempotencyKey: key(),
          idCheck: PASSPORT,
          items: [{ extraId: 'lotion', quantity: 1 }],
        },
        headers: staff.headers,
      })
      expect(sold.status).toBe(201)
      expect(sold.json).toMatchObject({ pricePence: 5100, discountPence: 360, amountPence: 4740, balance: 60 })
      expect(sold.json.lines).toEqual([{ description: 'Tan lotion', quantity: 1, unitPricePence: 1500, totalPence: 1500, vatRateBps: 2000 }])
      expect(await stockOf('lotion')).toBe(lotion - 1)

      const back = await refund(sold.json.paymentId)
      expect(back).toMatchObject({ status: 200, json: { minutesRemoved: 60, balance: 0 } })
      expect(back.json.message).toBe(
        'Refunded: £47.40 to give back on the card terminal. All 60 minutes of Course of 60 were taken off the balance. The products sold are back in stock.',
      )
      expect(await stockOf('lotion')).toBe(lotion)
      // Refunded once: the stock is not given back twice.
      expect((await refund(sold.json.paymentId)).status).toBe(409)
      expect(await stockOf('lotion')).toBe(lotion)
    })

    it("counts products in the owner's sales report, apart from the packages they were sold with, until they are refunded", async () => {
      const today = (await t().api('staff/counter/takings', { headers: staff.headers })).json.date
      const report = async () => (await t().api(`staff/reports/sales?from=${today}&to=${today}`, { headers: owner.headers })).json
      const stickers = (r: Record<string, any>) => r.products.find((p: { extraId: string }) => p.extraId === 'sticker') ?? { quantity: 0, revenuePence: 0 }
      const course = (r: Record<string, any>) => r.packages.find((p: { packageId: string }) => p.packageId === 'course-60') ?? { count: 0, revenuePence: 0 }
      const before = await report()
      const customer = await shopCustomer(t())
      await t().api('staff/counter/sales', {
        body: {
          sub: customer.sub,
          packageId: 'course-60',
          method: 'cash',
          idempotencyKey: key(),
          idCheck: PASSPORT,
          items: [{ extraId: 'sticker', quantity: 5 }],
        },
        headers: staff.headers,
      })
      const alone = await sellProducts({ items: [{ extraId: 'sticker', quantity: 2 }], method: 'cash', idempotencyKey: key() })
      const after = await report()
      expect([stickers(after).quantity - stickers(before).quantity, stickers(after).revenuePence - stickers(before).revenuePence]).toEqual([7, 140])
      expect([course(after).count - course(before).count, course(after).revenuePence - course(before).revenuePence]).toEqual([1, 3600])
      await refund(alone.json.paymentId)
      expect(stickers(await report()).quantity - stickers(before).quantity).toBe(5)
    })

    it('refunds products sold to someone with no record', async () => {
      const balm = (await stockOf('balm'))!
      const sold = await sellProducts({ items: [{ extraId: 'balm', quantity: 2 }], method: 'cash', idempotencyKey: key() })
      expect(
        await t().api('staff/counter/refunds', { body: { paymentId: sold.json.paymentId, reason: 'x', part: 'unused' }, headers: owner.headers }),
      ).toMatchObject({
        status: 422,
        json: {
          message:
            'Only a sale of minutes (a package, or minutes sold loose) without products can be refunded by its unused minutes. Refund the whole sale instead.',
        },
      })
      const back = await refund(sold.json.paymentId)
      expect(back).toMatchObject({ status: 200, json: { method: 'cash', amountPence: 420, minutesRemoved: 0, balance: null } })
      expect(back.json.message).toBe('Refunded: £4.20 to give back in cash. The products sold are back in stock.')
      expect(await stockOf('balm')).toBe(balm)
      expect((await receipt(sold.json.paymentId)).json.status).toBe('refunded')
    })

    it('prints a receipt with the VAT at each rate once the salon has a VAT number, and emails it to a customer with an email address', async () => {
      const customer = await shopCustomer(t(), { givenName: 'Ann' })
      const sold = await t().api('staff/counter/sales', {
        body: {
          sub: customer.sub,
          packageId: 'course-60',
          method: 'cash',
          idempotencyKey: key(),
          idCheck: PASSPORT,
          items: [
            { extraId: 'lotion', quantity: 1 },
            { extraId: 'balm', quantity: 1 },
          ],
        },
        headers: staff.headers,
      })
      const plain = await receipt(sold.json.paymentId)
      expect(plain.status).toBe(200)
      expect(plain.headers.get('cache-control')).toBe('private, no-store')
      expect(plain.json).toMatchObject({
        lines: [
          { description: 'Course of 60 (60 minutes)', quantity: 1, totalPence: 3600, vatRateBps: 2000 },
          { description: 'Tan lotion', totalPence: 1500 },
          { description: 'Lip balm', totalPence: 210, vatRateBps: 500 },
        ],
        totalPence: 5310,
        paidBy: 'Cash',
        vat: null,
        status: 'paid',
        servedBy: 'Sam Staff',
        customerName: expect.stringContaining('Ann'),
      })

      const details = (await t().api('staff/salon', { headers: owner.headers })).json.details
      const registered = await t().api('staff/salon', { method: 'PUT', body: { ...details, vatNumber: 'gb 123 4567 89' }, headers: owner.headers })
      expect(registered.status).toBe(200)
      expect(registered.json.details.vatNumber).toBe('GB123456789')
      expect((await t().api('staff/salon', { method: 'PUT', body: { ...details, vatNumber: 'GB12' }, headers: owner.headers })).json.message).toBe(
        'Please check the request: vatNumber must be a UK VAT number: GB and 9 digits (or 12 for a branch), for example GB123456789.',
      )
      const vat = (await receipt(sold.json.paymentId)).json.vat
      expect(vat).toEqual({
        number: 'GB123456789',
        lines: [
          { rateBps: 2000, grossPence: 5100, vatPence: 850, netPence: 4250 },
          { rateBps: 500, grossPence: 210, vatPence: 10, netPence: 200 },
        ],
        totalVatPence: 860,
      })

      await worker().runDue()
      const [email] = await receiptEmails(customer.sub)
      expect(email).toMatchObject({ channel: 'email', status: 'sent' })
      expect(email!.body).toContain('Tan lotion: £15.00\nLip balm: £2.10\nPaid in cash: £53.10')
      expect(email!.body).toContain('VAT at 20%: £8.50 of £51.00\nVAT at 5%: £0.10 of £2.10\nVAT number: GB123456789')

      // Left out, the VAT number stays; empty, the salon is no longer VAT-registered.
      expect((await t().api('staff/salon', { method: 'PUT', body: { ...details, vatNumber: undefined }, headers: owner.headers })).json.details.vatNumber).toBe(
        'GB123456789',
      )
      await t().api('staff/salon', { method: 'PUT', body: { ...details, vatNumber: '' }, headers: owner.headers })
      expect((await receipt(sold.json.paymentId)).json.vat).toBeNull()
    })

    it("emails no receipt to a customer with no email address, and shows no other salon's receipt", async () => {
      const customer = await shopCustomer(t())
      await t().db.update(schema.customers).set({ email: null }).where(eq(schema.customers.sub, customer.sub))
      const sold = await sellProducts({ sub: customer.sub, items: [{ extraId: 'balm', quantity: 1 }], method: 'cash', idempotencyKey: key() })
      expect(sold.json).toMatchObject({ sub: customer.sub, message: '£2.10 taken in cash.' })
      await worker().runDue()
      expect(await receiptEmails(customer.sub)).toEqual([])
      const withEmail = await shopCustomer(t())
      const emailed = await sellProducts({ sub: withEmail.sub, items: [{ extraId: 'balm', quantity: 1 }], method: 'cash', idempotencyKey: key() })
      expect(emailed.json.message).toBe('£2.10 taken in cash. The receipt is on its way to the customer by email.')

      // Another salon's owner, at their own salon, finds no such sale.
      const { shop, owner: theirs } = await otherShopOwner(t())
      expect(await t().api(`staff/receipts/${sold.json.paymentId}`, { headers: { ...shop.headers, ...theirs.headers } })).toMatchObject({
        status: 404,
        json: { message: 'There is no such sale at this salon.' },
      })
      expect((await receipt('not-an-id')).status).toBe(400)
    })
  },
  { shop: SHOP },
)
