import { schema, type Db } from '@salon/db'
import { and, eq, lt, sql } from 'drizzle-orm'
import { SETUP_BED_TYPES, type SalonSetup } from '@salon/contracts/salon-setup'

/** The site's salon: the shop this installation serves, and the key its web app sends. */
export interface SiteSalon {
  shopId: string
  webApiKey: string
}

/** What setting up a salon writes (docs/product.md §11): the only SQL of the set-up. */
export function createSalonSetupRepository(db: Db) {
  return {
    /** The salon this installation serves, once one is set up. */
    async site(): Promise<SiteSalon | undefined> {
      const [row] = await db.select({ shopId: schema.siteSalon.shopId, webApiKey: schema.siteSalon.webApiKey }).from(schema.siteSalon)
      return row
    },

    /** Marks the salon as the one this installation serves; false when another already is (two set-ups at once: one wins). */
    async claimSite(site: SiteSalon, at: Date): Promise<boolean> {
      const made = await db
        .insert(schema.siteSalon)
        .values({ ...site, setUpAt: at })
        .onConflictDoNothing()
        .returning({ shopId: schema.siteSalon.shopId })
      return made.length > 0
    },

    async shopExists(id: string): Promise<boolean> {
      const [row] = await db.select({ id: schema.shops.id }).from(schema.shops).where(eq(schema.shops.id, id))
      return row !== undefined
    },

    async shopIds(): Promise<string[]> {
      const rows = await db.select({ id: schema.shops.id }).from(schema.shops).orderBy(schema.shops.id).limit(20)
      return rows.map((row) => row.id)
    },

    async anyShop(): Promise<boolean> {
      const [row] = await db.select({ id: schema.shops.id }).from(schema.shops).limit(1)
      return row !== undefined
    },

    /** The shop and everything it needs to take bookings; false when the id is taken. */
    async insertSalon(id: string, setup: SalonSetup, apiKeyHash: string, at: Date): Promise<boolean> {
      const made = await db
        .insert(schema.shops)
        .values({ id, ...setup.salon, nation: setup.nation, createdAt: at })
        .onConflictDoNothing()
        .returning({ id: schema.shops.id })
      if (!made.length) return false
      await db.insert(schema.shopApiKeys).values({ shopId: id, keyHash: apiKeyHash, label: 'Web app', createdAt: at })
      await db.insert(schema.openingHours).values(setup.hours.map((day) => ({ shopId: id, ...day })))
      const types = [...new Set(setup.beds.map((bed) => bed.type))]
      await db.insert(schema.bedTypes).values(
        types.map((code, i) => ({
          shopId: id,
          code,
          name: SETUP_BED_TYPES[code].name,
          description: SETUP_BED_TYPES[code].description,
          perMinutePence: setup.prices[code]!,
          sortOrder: i + 1,
        })),
      )
      await db.insert(schema.beds).values(
        setup.beds.map((bed, i) => ({
          id: `${id}-bed-${i + 1}`,
          shopId: id,
          type: bed.type,
          name: bed.name,
          description: '',
          picture: SETUP_BED_TYPES[bed.type].picture,
          minMinutes: bed.minMinutes,
          maxMinutes: bed.maxMinutes,
          sortOrder: i + 1,
        })),
      )
      // The booking rules and refer-and-earn settings a new salon starts with are the columns' defaults
      // (docs/product.md §11); the owner changes them in the back office.
      await db.insert(schema.bookingRules).values({ shopId: id })
      await db.insert(schema.commerceSettings).values({ shopId: id })
      return true
    },

    /** Keeps the code texted to a number, replacing any earlier one. */
    async keepCode(phone: string, codeHash: string, expiresAt: Date): Promise<void> {
      await db
        .insert(schema.salonSetupCodes)
        .values({ phone, codeHash, expiresAt, attempts: 0 })
        .onConflictDoUpdate({ target: schema.salonSetupCodes.phone, set: { codeHash, expiresAt, attempts: 0 } })
    },

    /**
     * Counts one try of a number's code, and gives its hash while it may still be tried: at most `tries` tries, before
     * it expires. Counted in the same statement, so tries sent at once cannot each see the count before the others.
     */
    async tryCode(phone: string, tries: number, at: Date): Promise<string | undefined> {
      const [row] = await db
        .update(schema.salonSetupCodes)
        .set({ attempts: sql`${schema.salonSetupCodes.attempts} + 1` })
        .where(and(eq(schema.salonSetupCodes.phone, phone), lt(schema.salonSetupCodes.attempts, tries), sql`${schema.salonSetupCodes.expiresAt} > ${at}`))
        .returning({ codeHash: schema.salonSetupCodes.codeHash })
      return row?.codeHash
    },

    async forgetCodes(): Promise<void> {
      await db.delete(schema.salonSetupCodes)
    },
  }
}
export type SalonSetupRepository = ReturnType<typeof createSalonSetupRepository>
