// What the commerce module offers the rest of the server (docs/decisions/025-server-module-boundaries.md): other
// modules and the app import from here, never from the module's other files.
export { createCommerceRepository } from './commerce.repository.ts'
export { createCommerceRoutes } from './commerce.routes.ts'
export { createCommerceService, type CommerceService } from './commerce.service.ts'
export { createLedgerRepository, type LedgerRepository, type LotRow } from './ledger.repository.ts'
export { fittingMinutes, planSpend, type Draw } from './lots.ts'
export { createPackagesRepository } from './packages.repository.ts'
export { createPackagesRoutes } from './packages.routes.ts'
export { createStripeWebhookRoutes } from './stripe-webhook.routes.ts'
