import { and, desc, eq, schema } from '@salon/db'
import { beforeAll, expect, it } from 'vitest'
import { eventually } from '../../test/eventually.ts'
import { shopCustomer } from '../../test/factories/customers.ts'
import { buyPackage } from '../../test/factories/payments.ts'
import { otherShopOwner, staffUser, type StaffUser } from '../../test/factories/staff.ts'
import { anotherProcess, describeApi } from '../../test/harness.ts'

/** docs/product.md §10.4: the owner manages prices, packages, promo codes and refer-and-earn; each change is audited. */
describeApi('managing what the salon sells', (get) => {
  let owner: StaffUser
  let staff: StaffUser

  beforeAll(async () => {
    owner = await staffUser(get(), { role: 'owner', name: 'Olive Owner' })
    staff = await staffUser(get(), { role: 'staff' })
  })

  const call = (path: string, init: { method?: string; body?: unknown } = {}, headers = owner.headers) => get().api(path, { ...init, headers })
  const lastAudit = async (action: string) => {
    const [row] = await get()
      .db.select()
      .from(schema.staffAuditLog)
      .where(and(eq(schema.staffAuditLog.shopId, get().shop.id), eq(schema.staffAuditLog.action, action)))
      .orderBy(desc(schema.staffAuditLog.id))
      .limit(1)
    return row
  }
  const salon = async (app: { request: (path: string, init: RequestInit) => Response | Promise<Response> } = get().app) =>
    (await (await app.request('/api/website/salon', { headers: get().shop.headers })).json()) as {
      bedTypes: { code: string; perMinutePence: number }[]
      extras: { id: string; name: string; pricePence: number }[]
    }

  it('changes a price a minute and the extras, audited, and the site shows it at once in another process', async () => {
    const second = anotherProcess(get(), { publicCacheMs: 60_000 })
    await eventually(
      async () => second.publicContent.listening && get().app.publicContent.listening,
      (on) => on,
    )
    const [layDown] = get().shop.bedTypes
    const [goggles, balm] = get().shop.extras
    // Both processes keep the price list before the change.
    expect((await salon(second)).bedTypes.find((b) => b.code === layDown!.code)?.perMinutePence).toBe(layDown!.perMinutePence)

    const changed = await call('staff/prices', {
      method: 'PUT',
      body: {
        bedTypes: [{ code: layDown!.code, perMinutePence: 85 }],
        extras: [
          { id: balm!.id, name: 'Lip balm SPF 30', pricePence: 400 },
          { name: 'Towel', detail: 'Fresh for each session', pricePence: 150 },
        ],
      },
    })
    expect(changed.status).toBe(200)
    expect(changed.json.bedTypes.find((b: { code: string }) => b.code === layDown!.code).perMinutePence).toBe(85)
    const untracked = { vatRateBps: 2000, stock: null, lowStockAt: null }
    expect(changed.json.extras).toEqual([
      { id: balm!.id, name: 'Lip balm SPF 30', detail: '', pricePence: 400, ...untracked },
      { id: expect.any(String), name: 'Towel', detail: 'Fresh for each session', pricePence: 150, ...untracked },
    ])
    expect(changed.json.extras.map((e: { id: string }) => e.id)).not.toContain(goggles!.id)

    for (const app of [get().app, second]) {
      const shown = await eventually(
        () => salon(app),
        (s) => s.bedTypes.find((b) => b.code === layDown!.code)?.perMinutePence === 85,
      )
      expect(shown.extras.map((e) => [e.name, e.pricePence])).toEqual([
        ['Lip balm SPF 30', 400],
        ['Towel', 150],
      ])
    }
    const audit = await lastAudit('prices.changed')
    expect(audit).toMatchObject({ actorName: 'Olive Owner', actorRole: 'owner', subjectType: 'price-list' })
    expect(JSON.stringify(audit!.before)).toContain(`"perMinutePence":${layDown!.perMinutePence}`)
    expect(JSON.stringify(audit!.after)).toContain('"perMinutePence":85')
  })

  it.each([
    [
      'a price written as text',
      { bedTypes: [{ code: 'lay-down', perMinutePence: '1e3' }], extras: [] },
      'bedTypes.0.perMinutePence must be a whole number of pence',
    ],
    [
      'a fraction of a penny',
      { bedTypes: [{ code: 'lay-down', perMinutePence: 12.5 }], extras: [] },
      'bedTypes.0.perMinutePence must be a whole number of pence',
    ],
    ['a negative extra', { extras: [{ name: 'Goggles', pricePence: -1 }] }, 'extras.0.pricePence must not be negative'],
    [
      'over £1,000 a minute',
      { bedTypes: [{ code: 'lay-down', perMinutePence: 100_001 }], extras: [] },
      'bedTypes.0.perMinutePence must be at most 100000 pence (£1,000)',
    ],
    ['a free minute', { bedTypes: [{ code: 'lay-down', perMinutePence: 0 }], extras: [] }, 'bedTypes.0.perMinutePence must be at least 1 pence'],
    ['an unknown field', { extras: [], vat: true }, 'vat'],
  ])('refuses %s with a message, changing nothing', async (_label, body, message) => {
    const before = await call('staff/prices')
    const answer = await call('staff/prices', { method: 'PUT', body })
    expect(answer.status).toBe(400)
    expect(answer.json.message).toContain(message)
    expect((await call('staff/prices')).json).toEqual(before.json)
  })

  it('gives each product its VAT rate, and starts or stops counting its stock without undoing a sale', async () => {
    const [first] = (await call('staff/prices')).json.extras
    const keep = { id: first.id, name: first.name, pricePence: first.pricePence }
    const counted = await call('staff/prices', { method: 'PUT', body: { extras: [{ ...keep, vatRateBps: 500, countStock: true, lowStockAt: 2 }] } })
    expect(counted.json.extras).toEqual([expect.objectContaining({ id: first.id, vatRateBps: 500, stock: 0, lowStockAt: 2 })])
    await get().db.update(schema.priceExtras).set({ stock: 7 }).where(eq(schema.priceExtras.id, first.id))
    // Saved again without countStock (or with it on), the count is left as the sales and deliveries made it.
    const again = await call('staff/prices', { method: 'PUT', body: { extras: [{ ...keep, vatRateBps: 500, countStock: true }] } })
    expect(again.json.extras[0]).toMatchObject({ stock: 7, lowStockAt: 2 })
    const stopped = await call('staff/prices', { method: 'PUT', body: { extras: [{ ...keep, countStock: false, lowStockAt: null }] } })
    expect(stopped.json.extras[0]).toMatchObject({ vatRateBps: 2000, stock: null, lowStockAt: null })
    const refused = await call('staff/prices', { method: 'PUT', body: { extras: [{ ...keep, vatRateBps: 1750 }] } })
    expect(refused).toMatchObject({
      status: 400,
      json: { message: 'Please check the request: extras.0.vatRateBps must be 2000 (20%), 500 (5%) or 0 (zero-rated).' },
    })
  })

  it("refuses a bed type or extra that is not the salon's", async () => {
    const unknownType = await call('staff/prices', { method: 'PUT', body: { bedTypes: [{ code: 'spray-tan', perMinutePence: 50 }], extras: [] } })
    expect(unknownType).toMatchObject({ status: 400, json: { message: 'There is no bed type "spray-tan" at this salon.' } })
    const { shop } = await otherShopOwner(get())
    const theirs = await call('staff/prices', { method: 'PUT', body: { extras: [{ id: shop.extras[0]!.id, name: 'Taken', pricePence: 1 }] } })
    expect(theirs).toMatchObject({ status: 400, json: { message: `There is no extra with the id "${shop.extras[0]!.id}" on this salon's price list.` } })
  })

  it('lets staff read the price list and packages at the counter, but only the owner change them', async () => {
    expect((await call('staff/prices', {}, staff.headers)).status).toBe(200)
    expect((await call('staff/packages', {}, staff.headers)).status).toBe(200)
    const refused = await call('staff/prices', { method: 'PUT', body: { extras: [] } }, staff.headers)
    expect(refused).toMatchObject({ status: 403, json: { message: "Only the salon's owner can do this." } })
  })

  const newPackage = (overrides: Record<string, unknown> = {}) => ({
    name: 'Summer 45',
    description: '45 minutes for the summer.',
    minutes: 45,
    pricePence: 2700,
    validityDays: 90,
    bedTypes: [get().shop.bedTypes[0]!.code],
    ...overrides,
  })

  it('adds, changes and withdraws a package, which the website shows or stops showing at once; a bought package is kept', async () => {
    const created = await call('staff/packages', { body: newPackage({ highlight: true, sortOrder: 9 }) })
    expect(created.status).toBe(201)
    expect(created.json).toMatchObject({ name: 'Summer 45', minutes: 45, pricePence: 2700, onSale: true, highlight: true, sold: 0 })
    const id = created.json.id as string
    const onSite = async () => (await get().api('website/packages')).json.packages as { id: string; name: string; pricePence: number }[]
    expect((await onSite()).find((p) => p.id === id)).toMatchObject({ name: 'Summer 45', pricePence: 2700 })
    expect(await lastAudit('package.created')).toMatchObject({ subjectType: 'package', subjectId: id })

    const customer = await shopCustomer(get())
    await buyPackage(get(), customer, id)
    const changed = await call(`staff/packages/${id}`, { method: 'PUT', body: newPackage({ name: 'Summer 50', minutes: 50, pricePence: 3000 }) })
    expect(changed.json).toMatchObject({ name: 'Summer 50', minutes: 50, sold: 1 })
    expect((await onSite()).find((p) => p.id === id)).toMatchObject({ name: 'Summer 50', pricePence: 3000 })
    // The customer keeps what they bought: 45 minutes.
    const [payment] = await get().db.select().from(schema.payments).where(eq(schema.payments.packageId, id))
    expect(payment).toMatchObject({ lotMinutes: 45, pricePence: 2700 })

    const withdrawn = await call(`staff/packages/${id}`, { method: 'DELETE' })
    expect(withdrawn.json).toMatchObject({ id, onSale: false, sold: 1 })
    expect((await onSite()).map((p) => p.id)).not.toContain(id)
    const listed = (await call('staff/packages')).json.packages as { id: string; onSale: boolean }[]
    expect(listed.find((p) => p.id === id)).toMatchObject({ onSale: false })
    expect(await lastAudit('package.withdrawn')).toMatchObject({ subjectId: id, before: { onSale: true }, after: { onSale: false } })
  })

  it('refuses a bad package with a message, and another shop’s package as not found', async () => {
    const before = (await call('staff/packages')).json
    const unknownType = await call('staff/packages', { body: newPackage({ bedTypes: ['spray-tan'] }) })
    expect(unknownType).toMatchObject({ status: 400, json: { message: 'There is no bed type "spray-tan" at this salon.' } })
    const cheap = await call('staff/packages', { body: newPackage({ pricePence: 29 }) })
    expect(cheap).toMatchObject({ status: 400, json: { message: 'Please check the request: pricePence must be at least 30 pence.' } })
    expect((await call('staff/packages', { body: newPackage({ minutes: 0 }) })).status).toBe(400)
    expect((await call('staff/packages', { body: newPackage({ bedTypes: [] }) })).status).toBe(400)
    expect((await call('staff/packages')).json).toEqual(before)

    const { shop } = await otherShopOwner(get())
    const theirs = await call(`staff/packages/${shop.packages[0]!.id}`, { method: 'PUT', body: newPackage() })
    expect(theirs).toMatchObject({ status: 404, json: { message: 'There is no such package at this salon.' } })
    expect((await call(`staff/packages/${shop.packages[0]!.id}`, { method: 'DELETE' })).status).toBe(404)
  })

  const newCode = (overrides: Record<string, unknown> = {}) => ({
    code: 'spring-20',
    kind: 'percent',
    amount: 20,
    validFrom: '2026-01-01',
    validUntil: '2099-12-31',
    ...overrides,
  })

  it('adds a promo code a customer can then use at checkout, counts its uses, changes and deactivates it', async () => {
    const created = await call('staff/promo-codes', { body: newCode({ maxUses: 5 }) })
    expect(created.status).toBe(201)
    expect(created.json).toMatchObject({
      code: 'SPRING-20',
      kind: 'percent',
      amount: 20,
      validFrom: '2026-01-01',
      validUntil: '2099-12-31',
      startsAt: '2026-01-01T00:00:00+00:00',
      endsAt: '2100-01-01T00:00:00+00:00',
      maxUses: 5,
      maxUsesPerCustomer: 1,
      packageIds: null,
      active: true,
      uses: 0,
    })
    const id = created.json.id as string
    expect(await lastAudit('promo-code.created')).toMatchObject({ subjectType: 'promo-code', subjectId: id })

    const pkg = get().shop.packages[0]!
    const customer = await shopCustomer(get())
    const applied = await get().api(`apply/promocode/spring-20?packageId=${pkg.id}`, { headers: customer.headers })
    expect(applied).toMatchObject({ status: 200, json: { code: 'SPRING-20', discountPence: Math.round(pkg.pricePence * 0.2) } })
    await buyPackage(get(), customer, pkg.id, 'SPRING-20')
    const listed = (await call('staff/promo-codes')).json.promoCodes as { id: string; uses: number }[]
    expect(listed.find((p) => p.id === id)?.uses).toBe(1)

    const changed = await call(`staff/promo-codes/${id}`, { method: 'PUT', body: newCode({ kind: 'fixed', amount: 500, maxUsesPerCustomer: 2 }) })
    expect(changed.json).toMatchObject({ kind: 'fixed', amount: 500, maxUsesPerCustomer: 2, uses: 1 })
    const again = await get().api(`apply/promocode/SPRING-20?packageId=${pkg.id}`, { headers: customer.headers })
    expect(again.json).toMatchObject({ discountPence: 500 })

    const off = await call(`staff/promo-codes/${id}`, { method: 'DELETE' })
    expect(off.json).toMatchObject({ active: false, uses: 1 })
    const gone = await get().api(`apply/promocode/SPRING-20?packageId=${pkg.id}`, { headers: customer.headers })
    expect(gone.status).toBe(404)
    expect(await lastAudit('promo-code.deactivated')).toMatchObject({ subjectId: id, after: { active: false } })
  })

  it('stops a code at the end of its last day in the salon’s time zone', async () => {
    const created = await call('staff/promo-codes', { body: newCode({ code: 'JULY', validFrom: '2026-07-01', validUntil: '2026-07-31' }) })
    expect(created.json).toMatchObject({ startsAt: '2026-07-01T00:00:00+01:00', endsAt: '2026-08-01T00:00:00+01:00' })
    const [row] = await get().db.select().from(schema.promoCodes).where(eq(schema.promoCodes.id, created.json.id))
    expect(row!.validFrom.toISOString()).toBe('2026-06-30T23:00:00.000Z')
    expect(row!.validUntil.toISOString()).toBe('2026-07-31T23:00:00.000Z')
  })

  it.each([
    ['a code with a space', newCode({ code: 'NO SPACE' }), 'code must be 3 to 32 letters, digits or dashes'],
    ['a code too short', newCode({ code: 'AB' }), 'code must be 3 to 32 letters, digits or dashes'],
    ['a percentage over 100', newCode({ amount: 101 }), 'A percentage off must be from 1 to 100.'],
    ['nothing off', newCode({ amount: 0 }), 'amount must be at least 1 pence'],
    ['a date that does not exist', newCode({ validFrom: '2026-02-30' }), 'validFrom must be a real calendar date'],
    ['an end before the start', newCode({ validFrom: '2026-05-02', validUntil: '2026-05-01' }), 'The last day must be the same as the first day or after it.'],
    ['no uses', newCode({ maxUses: 0 }), 'maxUses must be at least 1'],
    ['an unknown package', newCode({ packageIds: ['nope'] }), 'These are not packages of this salon: nope.'],
  ])('refuses %s with a message', async (_label, body, message) => {
    const answer = await call('staff/promo-codes', { body })
    expect(answer.status).toBe(400)
    expect(answer.json.message).toContain(message)
  })

  it('refuses a second code spelt the same, in any case, when made or changed', async () => {
    expect((await call('staff/promo-codes', { body: newCode({ code: 'TWICE' }) })).status).toBe(201)
    const again = await call('staff/promo-codes', { body: newCode({ code: 'twice' }) })
    expect(again).toMatchObject({
      status: 409,
      json: { message: 'There is already a promo code TWICE at this salon. Please choose another code, or change that one.' },
    })
    const other = await call('staff/promo-codes', { body: newCode({ code: 'ONCE' }) })
    const renamed = await call(`staff/promo-codes/${other.json.id}`, { method: 'PUT', body: newCode({ code: 'Twice' }) })
    expect(renamed.status).toBe(409)
    expect((await call(`staff/promo-codes/${other.json.id}`, { method: 'PUT', body: newCode({ code: 'ONCE' }) })).status).toBe(200)
  })

  it('sets the refer-and-earn reward, audited, and refuses days of 0', async () => {
    expect((await call('staff/referral-reward')).json).toEqual({ minutes: 10, validityDays: 90 })
    const set = await call('staff/referral-reward', { method: 'PUT', body: { minutes: 0, validityDays: 30 } })
    expect(set).toMatchObject({ status: 200, json: { minutes: 0, validityDays: 30 } })
    expect((await call('staff/referral-reward')).json).toEqual({ minutes: 0, validityDays: 30 })
    expect(await lastAudit('referral-reward.changed')).toMatchObject({ before: { minutes: 10, validityDays: 90 }, after: { minutes: 0, validityDays: 30 } })
    const bad = await call('staff/referral-reward', { method: 'PUT', body: { minutes: 5, validityDays: 0 } })
    expect(bad).toMatchObject({ status: 400, json: { message: 'Please check the request: validityDays must be at least 1.' } })
    expect((await call('staff/referral-reward', { method: 'PUT', body: { minutes: -1, validityDays: 30 } })).status).toBe(400)
  })
})

/** Owners saving at the same moment: the database settles it, one after the other, never a 500. */
describeApi(
  'managing what the salon sells, at the same moment',
  (get) => {
    it('makes one promo code of ten made at once with the same spelling, and refuses the rest', async () => {
      const owner = await staffUser(get(), { role: 'owner' })
      const body = { code: 'RUSH', kind: 'fixed', amount: 100, validFrom: '2026-01-01', validUntil: '2099-12-31' }
      const answers = await Promise.all(Array.from({ length: 10 }, () => get().api('staff/promo-codes', { body, headers: owner.headers })))
      expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array(9).fill(409)])
      const rows = await get().db.select().from(schema.promoCodes).where(eq(schema.promoCodes.shopId, get().shop.id))
      expect(rows.filter((r) => r.code === 'RUSH')).toHaveLength(1)
    })

    it('keeps one whole price list of two saved at once, never a mixture', async () => {
      const owner = await staffUser(get(), { role: 'owner' })
      const list = (name: string, price: number) => ({
        bedTypes: get().shop.bedTypes.map((t) => ({ code: t.code, perMinutePence: price })),
        extras: [1, 2, 3].map((n) => ({ name: `${name} ${n}`, pricePence: price * n })),
      })
      for (let round = 0; round < 5; round++) {
        const answers = await Promise.all([
          get().api('staff/prices', { method: 'PUT', body: list('First', 50 + round), headers: owner.headers }),
          get().api('staff/prices', { method: 'PUT', body: list('Second', 80 + round), headers: owner.headers }),
        ])
        expect(answers.map((a) => a.status)).toEqual([200, 200])
        const now = (await get().api('staff/prices', { headers: owner.headers })).json
        const names = now.extras.map((e: { name: string }) => e.name.split(' ')[0])
        const prices = new Set(now.bedTypes.map((b: { perMinutePence: number }) => b.perMinutePence))
        expect(new Set(names).size).toBe(1)
        expect(names).toHaveLength(3)
        expect(prices.size).toBe(1)
        expect([...prices][0]).toBe(names[0] === 'First' ? 50 + round : 80 + round)
      }
    })
  },
  { postgresOnly: true },
)
