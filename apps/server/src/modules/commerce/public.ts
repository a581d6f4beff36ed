// What the commerce module offers the rest of the server (docs/decisions/025-server-module-boundaries.md): other modules and the app
// import from here, never from the module's other files.
export { createCommerceModule } from './commerce.module.ts'
export { COUNTER_MESSAGES, type CounterService } from './counter.service.ts'
export type { LedgerRepository, LotRow } from './ledger.repository.ts'
export { lockTill } from './counter.repository.ts'
export { fittingMinutes, planSpend, type Draw } from './lots.ts'
export { PAYMENT_JOBS } from './payments.service.ts'
export { readReceipt } from './retail.service.ts'
export { refusalMessage } from './promo.service.ts'
export type { RefusedReason } from './commerce.repository.ts'
export type { Takings } from './takings.service.ts'
export { VOUCHER_JOBS } from './vouchers.service.ts'
export type { SessionCredit } from './credit.service.ts'
