import type { StaffRole } from '@salon/contracts/staff'
import { addStaffMember } from '../../staff-accounts.ts'
import type { TestApp } from '../harness.ts'
import { bearer, cognitoClient, newPhone, signIn } from './customers.ts'
import type { PasswordHasher } from '../../modules/identity/public.ts'
import { createShop } from './shop.ts'
import { POOL_ID } from './sign-up.ts'

const STAFF_PASSWORD = 'Counter-staff-2026'

export type StaffUser = Awaited<ReturnType<typeof staffUser>>

/**
 * A member of a shop's team (the test app's shop unless another is named), put on it as the staff command does,
 * and signed in through the identity service with the official client: their tokens carry cognito:groups. A suite
 * whose app hashes passwords with a stand-in passes the same one.
 */
export async function staffUser(t: TestApp, input: { role?: StaffRole; shopId?: string; name?: string; phone?: string; passwords?: PasswordHasher } = {}) {
  const phone = input.phone ?? newPhone().e164
  const role = input.role ?? 'staff'
  const shopId = input.shopId ?? t.shop.id
  const member = await addStaffMember(
    t.db,
    POOL_ID,
    { shopId, phone, name: input.name ?? (role === 'owner' ? 'Olive Owner' : 'Sam Staff'), role, password: STAFF_PASSWORD },
    input.passwords,
  )
  const tokens = await signIn(cognitoClient(t.app), phone, STAFF_PASSWORD)
  return { ...member, phone, password: STAFF_PASSWORD, tokens, headers: bearer(tokens) }
}

/**
 * Another shop on the test app's database, with an owner of its own: their token must open nothing at the test app's
 * shop. A suite whose app hashes passwords with a stand-in passes the same one.
 */
export async function otherShopOwner(t: TestApp, passwords?: PasswordHasher) {
  const shop = await createShop(t.db)
  return { shop, owner: await staffUser(t, { role: 'owner', shopId: shop.id, passwords }) }
}
