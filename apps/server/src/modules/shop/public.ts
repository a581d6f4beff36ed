// What the shop module offers the rest of the server (docs/decisions/025-server-module-boundaries.md): other modules
// and the app import from here, never from the module's other files.
export { hashApiKey, shopAccess, type ShopEnv, type ShopVariables } from './shop-access.ts'
export { createShopRepository, type ShopRepository } from './shop.repository.ts'
export { createShopRoutes } from './shop.routes.ts'
export { createShopService } from './shop.service.ts'
