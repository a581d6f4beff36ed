import type { Db } from '@salon/db'
import type { ContentUnchanged } from '../../lib/public-content.ts'
import { shopAccess } from './shop-access.ts'
import { createShopRepository } from './shop.repository.ts'
import { createShopRoutes } from './shop.routes.ts'
import { createShopService } from './shop.service.ts'
import { auditEntries } from './audit-log.repository.ts'
import { createAuditRoutes } from './audit-log.routes.ts'
import { createSalonManagement } from './salon-settings.service.ts'
import { createSalonManageRoutes } from './salon-settings.routes.ts'
import { createRouter } from '../../lib/openapi.ts'
import type { StaffEnv } from './staff-route.ts'
import { createSunbedLawSettings } from './sunbed-law.service.ts'
import { createSunbedLawRoutes } from './sunbed-law.routes.ts'

/**
 * The shop module as the app uses it: the shops (and their client keys, which every API call is checked against),
 * and the salon's public details at GET website/salon, kept as public content is (`kept`, `unchanged`).
 */
export function createShopModule(deps: {
  db: Db
  kept: <T>(read: (shopId: string) => PromiseLike<T>) => (shopId: string) => Promise<T>
  unchanged: ContentUnchanged
}) {
  const shops = createShopRepository(deps.db)
  const service = createShopService(shops)
  return {
    shops,
    /** Refuses an API call without a good shop_id and api_key (401), and tells the routes the shop. */
    access: shopAccess(shops),
    routes: createShopRoutes({ ...service, salon: deps.kept(service.salon) }, { unchanged: deps.unchanged }),
    /** Under /api/staff/: the owner's audit log, the salon's details and opening hours, and its nation's sunbed law. */
    staffRoutes: createRouter<StaffEnv>()
      .route(
        '/',
        createAuditRoutes((shopId, options) => auditEntries(deps.db, shopId, options)),
      )
      .route('/', createSalonManageRoutes(createSalonManagement(deps.db)))
      .route('/', createSunbedLawRoutes(createSunbedLawSettings(deps.db))),
  }
}
