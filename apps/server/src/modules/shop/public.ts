// What the shop module offers the rest of the server (docs/decisions/025-server-module-boundaries.md): other modules and the app
// import from here, never from the module's other files.
export { type ShopEnv, type ShopVariables, hashApiKey } from './shop-access.ts'
export { createShopModule } from './shop.module.ts'
export type { ShopRepository } from './shop.repository.ts'
