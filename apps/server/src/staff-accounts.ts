import type { Db } from '@salon/db'
import { DEMO_SHOP_ID } from '@salon/db/seed'
import { addStaffDirectly, argon2Passwords, createGroupsRepository, normalisePhone, type Invitee, type PasswordHasher } from './modules/identity/public.ts'
import { createShopRepository } from './modules/shop/public.ts'

/**
 * Puts an account on a shop's team without an invitation: the staff command's `add`, for a salon's first owner
 * (docs/product.md §10), and the demo seed's owner.
 */
export function addStaffMember(db: Db, poolId: string, input: Invitee & { shopId: string; password: string }, passwords: PasswordHasher = argon2Passwords) {
  return addStaffDirectly({ db, poolId, passwords, shops: createShopRepository(db) }, input)
}

/**
 * The demo salon's owner (DEMO_OWNER_PHONE, DEMO_OWNER_PASSWORD), made once: an owner already on the demo shop's
 * team is left as they are, so a restart neither resets their password nor signs them out. Processes started
 * together on one database each try: the one that loses the race finds the owner made, and starts as well.
 */
export async function seedDemoOwner(
  db: Db,
  settings: { USER_POOL_ID: string; DEMO_OWNER_PHONE: string; DEMO_OWNER_PASSWORD: string },
  passwords: PasswordHasher = argon2Passwords,
) {
  const phone = normalisePhone(settings.DEMO_OWNER_PHONE)
  if (!phone) throw new Error('DEMO_OWNER_PHONE must be a mobile number, for example 07700 900100.')
  const onTheDemoTeam = async () => {
    const existing = await db.query.identityUsers.findFirst({ where: (u, { and, eq }) => and(eq(u.poolId, settings.USER_POOL_ID), eq(u.phone, phone)) })
    const membership = existing && (await createGroupsRepository(db).activeMembership(existing.sub))
    return membership?.shopId === DEMO_SHOP_ID
  }
  if (await onTheDemoTeam()) return { created: false }
  try {
    await addStaffMember(
      db,
      settings.USER_POOL_ID,
      { shopId: DEMO_SHOP_ID, phone, name: 'Demo Owner', role: 'owner', password: settings.DEMO_OWNER_PASSWORD },
      passwords,
    )
  } catch (error) {
    if (await onTheDemoTeam()) return { created: false }
    throw error
  }
  return { created: true }
}
