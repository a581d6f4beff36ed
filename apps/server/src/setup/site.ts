import type { Db } from '@salon/db'
import { DEMO_API_KEY, DEMO_SHOP_ID } from '@salon/db/seed'
import { createSalonSetupRepository } from './salon-setup.repository.ts'

/** The salon this server serves, and the key its web app sends; or none yet, and the set-up page is served. */
export type SiteChoice = { shopId: string; apiKey: string } | { setUp: true }

/**
 * Which salon the server serves (docs/product.md §11): SHOP_ID and API_KEY when set; else the salon set up here (by
 * the set-up page or `npm run salon -- create`); else the demo salon, when it exists. With no shop in the database
 * at all, none: the server serves the set-up page. A SHOP_ID that names no shop of a database that has others is a
 * mistake in the settings, and stops the start with the shops there are.
 */
export async function chooseSite(db: Db, settings: { SHOP_ID?: string; API_KEY?: string }): Promise<SiteChoice> {
  const repo = createSalonSetupRepository(db)
  const site = await repo.site()
  const shopId = settings.SHOP_ID ?? site?.shopId ?? ((await repo.shopExists(DEMO_SHOP_ID)) ? DEMO_SHOP_ID : undefined)
  if (!shopId || !(await repo.shopExists(shopId))) {
    if (!(await repo.anyShop())) return { setUp: true }
    throw new Error(`SHOP_ID is ${shopId ?? 'unset'}, but there is no shop with that id. Set SHOP_ID to one of: ${(await repo.shopIds()).join(', ')}.`)
  }
  const apiKey = settings.API_KEY ?? (site?.shopId === shopId ? site.webApiKey : undefined) ?? (shopId === DEMO_SHOP_ID ? DEMO_API_KEY : undefined)
  if (!apiKey) throw new Error(`API_KEY is unset: set it to the web app key made for the shop ${shopId} when it was set up.`)
  return { shopId, apiKey }
}
