import { randomUUID } from 'node:crypto'
import { beforeAll, expect, it } from 'vitest'
import { shopCustomer, type ShopCustomer } from '../../test/factories/customers.ts'
import { otherShopOwner, staffUser, type StaffUser } from '../../test/factories/staff.ts'
import { describeApi } from '../../test/harness.ts'

interface Operation {
  method: string
  path: string
  role: 'owner' | 'staff' | undefined
}

/**
 * docs/product.md §10: every call under /api/staff/ refuses whoever may not use it. The calls are read from the
 * OpenAPI document, so a staff call cannot be added without being tried here: with no token, a customer's token,
 * another shop's owner, a removed member's token still within its hour, and a member of staff where only the
 * owner may act.
 */
describeApi('staff calls refuse everyone who may not use them', (get) => {
  let operations: Operation[]
  let customer: ShopCustomer
  let owner: StaffUser
  let staff: StaffUser
  let removed: StaffUser
  let stranger: StaffUser

  beforeAll(async () => {
    const t = get()
    const document = (await t.api('openapi.json')).json as { paths: Record<string, Record<string, { 'x-staff-role'?: 'owner' | 'staff' }>> }
    operations = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/staff/'))
      .flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ method: method.toUpperCase(), path, role: op['x-staff-role'] })))
    ;[customer, owner, staff, removed, { owner: stranger }] = await Promise.all([
      shopCustomer(t),
      staffUser(t, { role: 'owner' }),
      staffUser(t, { role: 'staff' }),
      staffUser(t, { role: 'staff' }),
      otherShopOwner(t),
    ])
    const removal = await t.api(`staff/team/${removed.sub}`, { method: 'DELETE', headers: owner.headers })
    expect(removal.status).toBe(204)
  })

  /** The call with its path's parameters filled in and an empty body: the refusal comes before the request is looked at. */
  const call = (op: Operation, headers: Record<string, string>) =>
    get().api(op.path.replace(/\{[^}]+\}/g, randomUUID()).replace(/^\//, ''), {
      method: op.method,
      headers,
      ...(['POST', 'PUT', 'PATCH'].includes(op.method) ? { body: {} } : {}),
    })

  it('finds the staff calls in the OpenAPI document, each naming the role that may use it', () => {
    expect(operations.length).toBeGreaterThanOrEqual(6)
    // The desk's own calls about a customer, which both roles use.
    for (const path of ['/staff/customers/{sub}', '/staff/customers/{sub}/notes']) {
      expect(operations.filter((op) => op.path === path && op.method !== 'GET' && op.role === 'staff')).toHaveLength(1)
    }
    for (const op of operations) expect([op.method, op.path, op.role]).toEqual([op.method, op.path, expect.stringMatching(/^(owner|staff)$/)])
  })

  it('refuses a call without a token with 401', async () => {
    for (const op of operations) {
      const answer = await call(op, {})
      expect([op.method, op.path, answer.status, answer.json?.message]).toEqual([op.method, op.path, 401, "Please sign in as a member of the salon's staff."])
    }
  })

  it("refuses a customer's token, another shop's owner and a removed member with 403", async () => {
    for (const op of operations) {
      for (const [who, headers] of [
        ['customer', customer.headers],
        ["another shop's owner", stranger.headers],
        ['removed member', removed.headers],
      ] as const) {
        const answer = await call(op, headers)
        expect([op.method, op.path, who, answer.status, answer.json?.message]).toEqual([
          op.method,
          op.path,
          who,
          403,
          "This account is not on this salon's staff.",
        ])
      }
    }
  })

  it('refuses a member of staff where only the owner may act, with 403', async () => {
    const ownerOnly = operations.filter((op) => op.role === 'owner')
    expect(ownerOnly.length).toBeGreaterThan(0)
    for (const op of ownerOnly) {
      const answer = await call(op, staff.headers)
      expect([op.method, op.path, answer.status, answer.json?.message]).toEqual([op.method, op.path, 403, "Only the salon's owner can do this."])
    }
  })

  it('lets a member of staff past the check on the calls staff may use', async () => {
    for (const op of operations.filter((o) => o.role === 'staff')) {
      const answer = await call(op, staff.headers)
      expect([op.method, op.path, [401, 403].includes(answer.status)]).toEqual([op.method, op.path, false])
    }
  })
})
