import { randomUUID } from 'node:crypto'
import { and, desc, eq, schema } from '@salon/db'
import { beforeAll, expect, it } from 'vitest'
import { balanceOf, shopCustomer } from '../../test/factories/customers.ts'
import type { ShopInput } from '../../test/factories/shop.ts'
import { staffUser, type StaffUser } from '../../test/factories/staff.ts'
import { describeApi } from '../../test/harness.ts'

/** The photo ID seen at the desk, sent with every desk booking and sale here: asked once per customer. */
const PASSPORT = { document: 'passport' }

// The price list: lay-down 60p a minute, stand-up 70p, high-pressure 90p (the factory's bed types).
const SHOP = {
  packages: [{ id: 'course-60', name: 'Course of 60', minutes: 60, pricePence: 3600, validityDays: 90 }],
  promoCodes: [{ code: 'HALF', kind: 'percent', amount: 50 }],
} satisfies ShopInput

const key = () => randomUUID()
const TO_SELF = "Minutes for yourself, or for a customer with your own mobile number, must be sold by the salon's owner."

/**
 * docs/product.md §10.3: a member of staff sells neither to themselves nor further below the price list than the
 * owner allows; the owner may do both, and the audit log flags it.
 */
describeApi(
  'the counter’s limits: sales to oneself and prices below the price list',
  (t) => {
    let staff: StaffUser
    let owner: StaffUser

    beforeAll(async () => {
      staff = await staffUser(t(), { role: 'staff', name: 'Sam Staff' })
      owner = await staffUser(t(), { role: 'owner', name: 'Olive Owner' })
    })

    // The customer's photo ID is shown at their first sale (identity/photo-id-checks.service.ts).
    const sell = (body: object, by: StaffUser = staff) => t().api('staff/counter/sales', { body: { idCheck: PASSPORT, ...body }, headers: by.headers })
    const sellMinutes = (body: object, by: StaffUser = staff) => t().api('staff/counter/minutes', { body: { idCheck: PASSPORT, ...body }, headers: by.headers })
    const rules = (body?: object, by: StaffUser = owner) =>
      t().api('staff/counter-rules', body === undefined ? { headers: by.headers } : { method: 'PUT', body, headers: by.headers })
    const paymentsOf = (sub: string) => t().db.select().from(schema.payments).where(eq(schema.payments.sub, sub))
    const lastAudit = async (sub: string) =>
      (
        await t()
          .db.select()
          .from(schema.staffAuditLog)
          .where(and(eq(schema.staffAuditLog.shopId, t().shop.id), eq(schema.staffAuditLog.subjectId, sub)))
          .orderBy(desc(schema.staffAuditLog.id))
          .limit(1)
      )[0]

    /** A customer of the salon who has joined its staff: one account, so the customer's id is the member's own. */
    async function customerOnStaff(role: 'staff' | 'owner') {
      const customer = await shopCustomer(t(), { givenName: role === 'owner' ? 'Oona' : 'Stevie' })
      const member = await staffUser(t(), { role, phone: customer.phone, name: role === 'owner' ? 'Oona Owner' : 'Stevie Staff' })
      expect(member.sub).toBe(customer.sub)
      return { customer, member }
    }

    /** A record the desk made with the member's own mobile number: another id, the same person. */
    async function deskRecordWithPhoneOf(member: StaffUser) {
      const sub = randomUUID()
      await t()
        .db.insert(schema.customers)
        .values({ shopId: t().shop.id, sub, firstName: 'Sam', lastName: 'Staff', phone: member.phone, signupSource: 'in_salon' })
      return { sub }
    }

    it('refuses a member of staff selling minutes or a package to themselves, by their own account or a record with their mobile number', async () => {
      const { customer: self, member } = await customerOnStaff('staff')
      const desk = await deskRecordWithPhoneOf(staff)
      const attempts = [
        [sellMinutes({ sub: self.sub, minutes: 10, pricePence: 600, method: 'cash', idempotencyKey: key() }, member), self],
        [sell({ sub: self.sub, packageId: 'course-60', method: 'cash', idempotencyKey: key() }, member), self],
        [sellMinutes({ sub: desk.sub, minutes: 10, pricePence: 600, method: 'cash', idempotencyKey: key() }), desk],
        [sell({ sub: desk.sub, packageId: 'course-60', method: 'card_terminal', idempotencyKey: key() }), desk],
      ] as const
      for (const [attempt, whose] of attempts) {
        expect(await attempt).toMatchObject({ status: 403, json: { message: TO_SELF } })
        expect(await balanceOf(t(), whose)).toBe(0)
        expect(await paymentsOf(whose.sub)).toHaveLength(0)
      }
      // Another member of staff may sell to them.
      expect((await sellMinutes({ sub: self.sub, minutes: 10, pricePence: 600, method: 'cash', idempotencyKey: key() })).status).toBe(201)
      expect(await balanceOf(t(), self)).toBe(10)
    })

    it('refuses a member of staff selling 1,000 minutes for 30p, or any price further below the price list than the owner allows', async () => {
      const customer = await shopCustomer(t())
      const cheap = await sellMinutes({ sub: customer.sub, minutes: 1000, pricePence: 30, method: 'cash', idempotencyKey: key() })
      expect(cheap).toMatchObject({
        status: 403,
        json: {
          message:
            "£0.30 is more than 20% below the price list for these minutes: £600.00, 1000 minutes at 60p a minute (the cheapest sunbeds they can be used on). The lowest price staff may take is £480.00; for less, the salon's owner must approve the price and make the sale.",
        },
      })
      // Minutes for high-pressure beds only are priced at 90p a minute: £7.20 is the least for 10 of them.
      const dear = await sellMinutes({ sub: customer.sub, minutes: 10, pricePence: 719, bedTypes: ['high-pressure'], method: 'cash', idempotencyKey: key() })
      expect(dear).toMatchObject({ status: 403, json: { message: expect.stringContaining('The lowest price staff may take is £7.20;') } })
      expect(await balanceOf(t(), customer)).toBe(0)
      expect(await paymentsOf(customer.sub)).toHaveLength(0)
    })

    it('lets a member of staff sell within the limit, and a package with the salon’s own promo code, unflagged', async () => {
      const customer = await shopCustomer(t())
      // 10 minutes for every bed type: £6.00 on the price list, and 20% off is £4.80.
      const atLimit = await sellMinutes({ sub: customer.sub, minutes: 10, pricePence: 480, method: 'cash', idempotencyKey: key() })
      expect(atLimit.status).toBe(201)
      expect((await lastAudit(customer.sub))!.flags).toEqual([])
      expect(
        (await sellMinutes({ sub: customer.sub, minutes: 10, pricePence: 720, bedTypes: ['high-pressure'], method: 'cash', idempotencyKey: key() })).status,
      ).toBe(201)
      // A promo code is the owner's own offer, the same as online: half off a package is not the member's discount.
      const promo = await sell({ sub: customer.sub, packageId: 'course-60', promoCode: 'HALF', method: 'cash', idempotencyKey: key() })
      expect(promo).toMatchObject({ status: 201, json: { amountPence: 1800 } })
      expect((await lastAudit(customer.sub))!.flags).toEqual([])
      expect(await balanceOf(t(), customer)).toBe(80)
    })

    it('lets the owner sell to themselves and below the price list, with each sale flagged in the audit log', async () => {
      const { customer: self, member: selfOwner } = await customerOnStaff('owner')
      const mine = await sellMinutes({ sub: self.sub, minutes: 10, pricePence: 600, method: 'cash', idempotencyKey: key() }, selfOwner)
      expect(mine.status).toBe(201)
      const toSelf = await lastAudit(self.sub)
      expect(toSelf).toMatchObject({ action: 'counter.minutes', actorRole: 'owner', flags: ['sold-to-self'] })

      const customer = await shopCustomer(t())
      const cheap = await sellMinutes({ sub: customer.sub, minutes: 1000, pricePence: 30, method: 'cash', idempotencyKey: key() }, owner)
      expect(cheap).toMatchObject({ status: 201, json: { amountPence: 30, balance: 1000 } })
      const below = await lastAudit(customer.sub)
      expect(below).toMatchObject({ flags: ['below-price-list'], after: expect.objectContaining({ amountPence: 30, listPence: 60000 }) })

      const pkg = await sell({ sub: self.sub, packageId: 'course-60', method: 'card_terminal', idempotencyKey: key() }, selfOwner)
      expect(pkg.status).toBe(201)
      expect((await lastAudit(self.sub))!.flags).toEqual(['sold-to-self'])
      const both = await sellMinutes({ sub: self.sub, minutes: 100, pricePence: 30, method: 'cash', idempotencyKey: key() }, selfOwner)
      expect(both.status).toBe(201)
      expect((await lastAudit(self.sub))!.flags).toEqual(['sold-to-self', 'below-price-list'])
      expect(await balanceOf(t(), self)).toBe(170)

      // The owner sees the flags in the audit log, and may list the flagged entries alone.
      const log = await t().api('staff/audit', { headers: owner.headers })
      const entryOf = (id: number) => log.json.entries.find((e: { id: number }) => e.id === id)
      expect(entryOf(toSelf!.id)).toMatchObject({ action: 'counter.minutes', flags: ['sold-to-self'] })
      expect(entryOf(below!.id)).toMatchObject({ flags: ['below-price-list'] })
      expect(log.json.entries.filter((e: { flags: string[] }) => e.flags.length === 0).length).toBeGreaterThan(0)
      const flagged = await t().api('staff/audit?flagged=true', { headers: owner.headers })
      expect(flagged.status).toBe(200)
      expect(flagged.json.entries.length).toBeGreaterThanOrEqual(4)
      expect(flagged.json.entries.every((e: { flags: string[] }) => e.flags.length > 0)).toBe(true)
    })

    it('keeps the discount limit as the owner sets it: staff read it, only the owner changes it, a whole percent from 0 to 100, audited', async () => {
      expect(await rules(undefined, staff)).toMatchObject({ status: 200, json: { maxDiscountPercent: 20 } })
      expect(await rules({ maxDiscountPercent: 50 }, staff)).toMatchObject({ status: 403, json: { message: "Only the salon's owner can do this." } })
      for (const maxDiscountPercent of [-1, 101, 12.5, '20', null])
        expect(await rules({ maxDiscountPercent })).toMatchObject({
          status: 400,
          json: { message: 'Please check the request: maxDiscountPercent must be a whole number of percent from 0 to 100.' },
        })
      expect((await rules({ maxDiscountPercent: 20, other: 1 })).status).toBe(400)
      expect((await rules()).json).toEqual({ maxDiscountPercent: 20 })

      const customer = await shopCustomer(t())
      try {
        expect(await rules({ maxDiscountPercent: 50 })).toMatchObject({ status: 200, json: { maxDiscountPercent: 50 } })
        const changed = await lastAudit(t().shop.id)
        expect(changed).toMatchObject({ action: 'counter-rules.changed', before: { maxDiscountPercent: 20 }, after: { maxDiscountPercent: 50 } })
        expect((await sellMinutes({ sub: customer.sub, minutes: 10, pricePence: 300, method: 'cash', idempotencyKey: key() })).status).toBe(201)

        expect((await rules({ maxDiscountPercent: 0 })).status).toBe(200)
        expect(await sellMinutes({ sub: customer.sub, minutes: 10, pricePence: 599, method: 'cash', idempotencyKey: key() })).toMatchObject({
          status: 403,
          json: { message: expect.stringMatching(/^£5\.99 is below the price list .* The lowest price staff may take is £6\.00;/) },
        })
        expect((await rules({ maxDiscountPercent: 100 })).status).toBe(200)
        expect((await sellMinutes({ sub: customer.sub, minutes: 1000, pricePence: 30, method: 'cash', idempotencyKey: key() })).status).toBe(201)
        expect(await balanceOf(t(), customer)).toBe(1010)
      } finally {
        await rules({ maxDiscountPercent: 20 })
      }
    })
  },
  { shop: SHOP },
)
