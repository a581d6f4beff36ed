import type { CounterRules } from '@salon/contracts/staff-counter'
import type { OpeningDay, SalonDetails, SalonSettings } from '@salon/contracts/staff-manage'
import type { Db } from '@salon/db'
import { HttpError } from '../../lib/errors.ts'
import { createAuditLog } from './audit-log.repository.ts'
import { salonSettingsRepository, type ShopRow } from './salon-settings.repository.ts'
import type { StaffActor } from './staff-route.ts'

const detailsOf = (shop: ShopRow): SalonDetails => ({
  name: shop.name,
  tagline: shop.tagline,
  addressLine1: shop.addressLine1,
  addressLine2: shop.addressLine2,
  town: shop.town,
  postcode: shop.postcode,
  phone: shop.phone,
  email: shop.email,
  vatNumber: shop.vatNumber,
})

/** The shop's row, locked until the transaction ends: changes to its details or its week happen one after another. */
async function lockedShop(tx: Db, shopId: string) {
  const shop = await salonSettingsRepository(tx).lockShop(shopId)
  if (!shop) throw new HttpError(404, 'This shop does not exist.')
  return shop
}

const counterRulesOf = (shop: ShopRow): CounterRules => ({ maxDiscountPercent: shop.counterMaxDiscountPercent })

/**
 * The owner's changes to the salon's details and opening hours (docs/product.md §10.4), and to how far below the
 * price list staff may sell at the counter (§10.3). Each is made in one
 * transaction with its audit entry; the database's notifications drop the public content and free times every
 * process keeps, so the customer site shows the change at once.
 */
export function createSalonManagement(db: Db) {
  async function settings(tx: Db, shop: ShopRow): Promise<SalonSettings> {
    return { details: detailsOf(shop), timeZone: shop.timeZone, openingHours: await salonSettingsRepository(tx).openingHours(shop.id) }
  }

  return {
    async read(shopId: string): Promise<SalonSettings> {
      const shop = await salonSettingsRepository(db).shop(shopId)
      if (!shop) throw new HttpError(404, 'This shop does not exist.')
      return settings(db, shop)
    },

    async changeDetails(actor: StaffActor, details: SalonDetails): Promise<SalonSettings> {
      return db.transaction(async (tx) => {
        const before = await lockedShop(tx, actor.shopId)
        const after = await salonSettingsRepository(tx).update(actor.shopId, details)
        await createAuditLog(tx).record(actor, {
          action: 'salon.details-changed',
          subjectType: 'shop',
          subjectId: actor.shopId,
          before: detailsOf(before),
          after: detailsOf(after),
        })
        return settings(tx, after)
      })
    },

    /** The whole week at once: the days given open at those times, every other weekday is closed. */
    async changeHours(actor: StaffActor, hours: OpeningDay[]): Promise<SalonSettings> {
      return db.transaction(async (tx) => {
        const shop = await lockedShop(tx, actor.shopId)
        const repo = salonSettingsRepository(tx)
        const before = await repo.openingHours(actor.shopId)
        await repo.replaceOpeningHours(actor.shopId, hours)
        const result = await settings(tx, shop)
        await createAuditLog(tx).record(actor, {
          action: 'salon.hours-changed',
          subjectType: 'shop',
          subjectId: actor.shopId,
          before: { openingHours: before },
          after: { openingHours: result.openingHours },
        })
        return result
      })
    },

    async counterRules(shopId: string): Promise<CounterRules> {
      const shop = await salonSettingsRepository(db).shop(shopId)
      if (!shop) throw new HttpError(404, 'This shop does not exist.')
      return counterRulesOf(shop)
    },

    async changeCounterRules(actor: StaffActor, rules: CounterRules): Promise<CounterRules> {
      return db.transaction(async (tx) => {
        const before = await lockedShop(tx, actor.shopId)
        const after = await salonSettingsRepository(tx).update(actor.shopId, { counterMaxDiscountPercent: rules.maxDiscountPercent })
        await createAuditLog(tx).record(actor, {
          action: 'counter-rules.changed',
          subjectType: 'shop',
          subjectId: actor.shopId,
          before: counterRulesOf(before),
          after: counterRulesOf(after),
        })
        return counterRulesOf(after)
      })
    },
  }
}
export type SalonManagement = ReturnType<typeof createSalonManagement>
