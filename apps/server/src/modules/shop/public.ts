// What the shop module offers the rest of the server (docs/decisions/025-server-module-boundaries.md): other modules and the app
// import from here, never from the module's other files.
export { type ShopEnv, type ShopVariables, hashApiKey } from './shop-access.ts'
export { createShopModule } from './shop.module.ts'
export { createShopRepository, type ShopRepository } from './shop.repository.ts'
export { createAuditLog, type AuditEntry, type AuditLog } from './audit-log.repository.ts'
export { ONLY_OWNER, requireRole, staffResponses, staffRoute, type StaffActor, type StaffEnv, type StaffRole, type StaffVariables } from './staff-route.ts'
export { lawView, sunbedSettingsOf, type SunbedSafetySettings } from './sunbed-law.service.ts'
