import { randomUUID } from 'node:crypto'
import { PHOTO_ID_NEEDED } from '@salon/contracts/rules/photo-id'
import { healthQuestionsVersion } from '@salon/contracts/rules/health-questions'
import { and, eq, schema } from '@salon/db'
import { beforeAll, expect, it } from 'vitest'
import { ALL_NO, newPhone, shopCustomer } from '../../test/factories/customers.ts'
import { fastPasswords, testClock } from '../../test/factories/doubles.ts'
import { staffUser, type StaffUser } from '../../test/factories/staff.ts'
import { deskShop } from '../../test/factories/shop.ts'
import { describeApi } from '../../test/harness.ts'

/** Monday 23 November 2026, 08:00 GMT */
const START = '2026-11-23T08:00:00Z'
const clock = testClock(START)
const BED = 'id-check-bed'
const SHOP = deskShop(BED)

/**
 * docs/product.md §10.2, §10.3: before staff book or sell for a customer whose date of birth no check has confirmed,
 * they check photo ID and say which kind of document they saw; it is recorded once (who, when, the kind), never a
 * number, and the customer is not asked again.
 */
describeApi(
  'the photo-ID check at the desk',
  (t) => {
    let staff: StaffUser
    let owner: StaffUser
    beforeAll(async () => {
      clock.set(START)
      staff = await staffUser(t(), { role: 'staff', name: 'Sam Staff', passwords: fastPasswords })
      owner = await staffUser(t(), { role: 'owner', name: 'Olive Owner', passwords: fastPasswords })
    })

    let hour = 10
    const walkIn = (customer: object, extra: object = {}, by: StaffUser = staff) =>
      t().api('staff/bookings', {
        body: { customer, bedId: BED, date: '2026-11-24', time: `${hour++}:00`, minutes: 6, paidWith: 'in_salon', ...extra },
        headers: by.headers,
      })
    const sell = (sub: string, extra: object = {}) =>
      t().api('staff/counter/sales', { body: { sub, packageId: 'starter-30', method: 'cash', idempotencyKey: randomUUID(), ...extra }, headers: staff.headers })
    const sellMinutes = (sub: string, extra: object = {}) =>
      t().api('staff/counter/minutes', {
        body: { sub, minutes: 10, pricePence: 600, method: 'cash', idempotencyKey: randomUUID(), ...extra },
        headers: staff.headers,
      })
    const status = (sub: string) => t().api(`staff/customers/${sub}/photo-id`, { headers: staff.headers })
    const checksOf = (sub: string) => t().db.select().from(schema.photoIdChecks).where(eq(schema.photoIdChecks.sub, sub))
    const bookingsOf = (sub: string) => t().db.select().from(schema.bookings).where(eq(schema.bookings.sub, sub))
    const paymentsOf = (sub: string) => t().db.select().from(schema.payments).where(eq(schema.payments.sub, sub))
    const refused = { status: 400, json: { message: PHOTO_ID_NEEDED, field: 'idCheck' } }

    it('refuses a desk booking without the check, changing nothing; records the check with it; and does not ask again', async () => {
      const customer = await shopCustomer(t())
      expect((await status(customer.sub)).json).toEqual({ sub: customer.sub, needed: true, check: null })

      expect(await walkIn({ sub: customer.sub })).toMatchObject(refused)
      expect(await bookingsOf(customer.sub)).toEqual([])
      expect(await checksOf(customer.sub)).toEqual([])

      const booked = await walkIn({ sub: customer.sub }, { idCheck: { document: 'driving_licence' } })
      expect(booked.status, JSON.stringify(booked.json)).toBe(201)
      expect(await checksOf(customer.sub)).toEqual([
        {
          shopId: t().shop.id,
          sub: customer.sub,
          document: 'driving_licence',
          checkedAt: new Date(clock.now()),
          checkedBy: staff.sub,
          checkedByName: 'Sam Staff',
          erasedAt: null,
        },
      ])
      expect((await status(customer.sub)).json).toEqual({
        sub: customer.sub,
        needed: false,
        check: { document: 'driving_licence', at: '2026-11-23T08:00:00+00:00', by: { sub: staff.sub, name: 'Sam Staff' } },
      })
      const [audited] = await t()
        .db.select()
        .from(schema.staffAuditLog)
        .where(and(eq(schema.staffAuditLog.action, 'customer.photo-id-checked'), eq(schema.staffAuditLog.subjectId, customer.sub)))
      expect(audited).toMatchObject({ actorSub: staff.sub, subjectType: 'customer', after: { checked: true } })

      // Checked once: the next booking and a sale need nothing, and a check sent anyway changes nothing.
      clock.advance(60_000)
      await t().db.delete(schema.bookings).where(eq(schema.bookings.sub, customer.sub))
      expect((await walkIn({ sub: customer.sub })).status).toBe(201)
      expect((await sell(customer.sub)).status).toBe(201)
      expect((await sell(customer.sub, { idCheck: { document: 'other' } })).status).toBe(201)
      expect(await checksOf(customer.sub)).toEqual([expect.objectContaining({ document: 'driving_licence', checkedAt: new Date(Date.parse(START)) })])
    })

    it('refuses a counter sale of a package or of minutes without the check, then records it with the first sale', async () => {
      const customer = await shopCustomer(t())
      expect(await sell(customer.sub)).toMatchObject(refused)
      expect(await sellMinutes(customer.sub)).toMatchObject(refused)
      expect(await paymentsOf(customer.sub)).toEqual([])

      const sold = await sellMinutes(customer.sub, { idCheck: { document: 'pass_card' } })
      expect(sold.status, JSON.stringify(sold.json)).toBe(201)
      expect(await checksOf(customer.sub)).toEqual([expect.objectContaining({ document: 'pass_card', checkedBy: staff.sub })])
      expect((await sell(customer.sub)).status).toBe(201)
      expect(await paymentsOf(customer.sub)).toHaveLength(2)
    })

    it('asks for the check of a customer signed up at the desk, and keeps no newcomer without it', async () => {
      const phone = newPhone()
      const newcomer = {
        firstName: 'Ivy',
        lastName: `Checkley${randomUUID().slice(0, 4)}`,
        phone: phone.typed,
        dob: '1990-02-03',
        skinType: 3,
        health: { version: healthQuestionsVersion(1), answers: ALL_NO },
      }
      expect(await walkIn({ new: newcomer })).toMatchObject(refused)
      expect(await t().db.select().from(schema.customers).where(eq(schema.customers.lastName, newcomer.lastName))).toEqual([])
      const booked = await walkIn({ new: newcomer }, { idCheck: { document: 'passport' } })
      expect(booked.status, JSON.stringify(booked.json)).toBe(201)
      expect(await checksOf(booked.json.booking.customer.sub)).toEqual([expect.objectContaining({ document: 'passport' })])
    })

    it('never takes a document’s number, nor a kind of document it does not know', async () => {
      const customer = await shopCustomer(t())
      const number = 'P1234567GBR'
      for (const idCheck of [
        { document: 'passport', number },
        { document: 'passport', documentNumber: number },
        { document: number },
        { document: 'library_card' },
      ]) {
        const sale = await sell(customer.sub, { idCheck })
        expect([idCheck, sale.status, sale.json.message]).toEqual([idCheck, 400, expect.stringMatching(/^Please check the request: idCheck/)])
        const booking = await walkIn({ sub: customer.sub }, { idCheck })
        expect([idCheck, booking.status]).toEqual([idCheck, 400])
      }
      expect(await checksOf(customer.sub)).toEqual([])
      expect((await sell(customer.sub, { idCheck: { document: 'passport' } })).status).toBe(201)
      // The record has no place for a number: these are all its columns.
      const [row] = await checksOf(customer.sub)
      expect(Object.keys(row!).sort()).toEqual(['checkedAt', 'checkedBy', 'checkedByName', 'document', 'erasedAt', 'shopId', 'sub'])
      expect(JSON.stringify(row)).not.toContain(number)
    })

    it('records one check when two desks sell to the same customer at once', async () => {
      const customer = await shopCustomer(t())
      const sales = await Promise.all([
        sell(customer.sub, { idCheck: { document: 'passport' } }),
        sell(customer.sub, { idCheck: { document: 'driving_licence' } }),
      ])
      expect(sales.map((s) => s.status)).toEqual([201, 201])
      expect(await checksOf(customer.sub)).toHaveLength(1)
      const checked = await t()
        .db.select()
        .from(schema.staffAuditLog)
        .where(and(eq(schema.staffAuditLog.action, 'customer.photo-id-checked'), eq(schema.staffAuditLog.subjectId, customer.sub)))
      expect(checked).toHaveLength(1)
    })

    it('erasing the customer clears the kind of document and keeps the fact that their age was checked', async () => {
      const customer = await shopCustomer(t())
      expect((await sell(customer.sub, { idCheck: { document: 'passport' } })).status).toBe(201)
      clock.advance(60_000)
      const erased = await t().api(`staff/customers/${customer.sub}`, { method: 'DELETE', body: { reason: 'Asked to be forgotten' }, headers: owner.headers })
      expect(erased.status, JSON.stringify(erased.json)).toBe(200)
      expect(await checksOf(customer.sub)).toEqual([
        expect.objectContaining({ document: null, erasedAt: new Date(clock.now()), checkedBy: staff.sub, checkedByName: 'Sam Staff' }),
      ])
      // An erased customer is no customer of the salon's any more.
      expect((await status(customer.sub)).status).toBe(404)
      expect((await status(randomUUID())).status).toBe(404)
    })
  },
  { shop: SHOP, deps: () => ({ now: clock.now, passwords: fastPasswords }) },
)
