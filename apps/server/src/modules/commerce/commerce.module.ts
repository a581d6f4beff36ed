import type { PaymentIntentRequest } from '@salon/contracts/commerce'
import type { Db } from '@salon/db'
import { createOfflinePayments } from '../../adapters/payments/offline.ts'
import type { PaymentProviderAdapter } from '../../adapters/payments/payments.ts'
import { verifyStripeWebhook } from '../../adapters/payments/stripe.ts'
import type { Logger } from '../../lib/logger.ts'
import type { JobQueue } from '../../lib/job-queue.ts'
import type { ContentUnchanged } from '../../lib/public-content.ts'
import type { RateLimiter } from '../../lib/rate-limit.ts'
import type { CustomersRepository, Identity, IdentityVerifier } from '../identity/public.ts'
import { createCommerceRepository, type CommerceRepository } from './commerce.repository.ts'
import { createCommerceRoutes } from './commerce.routes.ts'
import { createCounterRepository } from './counter.repository.ts'
import { createCounterRoutes } from './counter.routes.ts'
import { createCounterService } from './counter.service.ts'
import { createCounterRefunds } from './counter-refund.service.ts'
import { createRetailRepository } from './retail.repository.ts'
import { createRetailRoutes } from './retail.routes.ts'
import { createRetail } from './retail.service.ts'
import { createTakingsRepository } from './takings.repository.ts'
import { createTakings } from './takings.service.ts'
import { createLedgerRepository } from './ledger.repository.ts'
import { toLot } from './lots.ts'
import { createBalanceService } from './balance.service.ts'
import { createPaymentsService, shopOrRefuse, type PaymentsService } from './payments.service.ts'
import { createPromoService } from './promo.service.ts'
import { createReferralsService } from './referrals.service.ts'
import { createCatalogueManagement } from './catalogue.service.ts'
import { createManageRoutes } from './catalogue.routes.ts'
import { createPackagesRepository, type PackagesRepository } from './packages.repository.ts'
import { createPackagesRoutes } from './packages.routes.ts'
import { createRefunds } from './refunds.service.ts'
import { createRefundsRoutes } from './refunds.routes.ts'
import { createStripeWebhookRoutes, type WebhookFollower } from './stripe-webhook.routes.ts'
import { createVouchersRepository, type VouchersRepository } from './vouchers.repository.ts'
import { createCreditPurchases, createSessionCredit } from './credit.service.ts'
import { createCreditHolds, CREDIT_HOLD_SWEEP, type CreditHolds } from './credit-holds.service.ts'
import { createVoucherRoutes, createVoucherStaffRoutes } from './vouchers.routes.ts'
import { createDeskVouchers } from './vouchers-desk.service.ts'
import { createVoucherReportRoutes } from './voucher-report.routes.ts'
import { createVoucherReport } from './voucher-report.service.ts'
import { createVouchers, type Vouchers } from './vouchers.service.ts'

export interface CommerceModuleDeps {
  db: Db
  /** The job queue every process shares: card refunds are its jobs. */
  queue: JobQueue
  customers: CustomersRepository
  verifier: IdentityVerifier
  /** Card payments through Stripe; by default the built-in offline test processor, which takes no real payment. */
  payments?: PaymentProviderAdapter
  /** Checks the signature of Stripe's webhook; the webhook exists only with it. */
  stripeWebhookSecret?: string
  logger: Logger
  rateLimiter: RateLimiter
  kept: <T>(read: (shopId: string) => PromiseLike<T>) => (shopId: string) => Promise<T>
  unchanged: ContentUnchanged
  /** Whether requests come through one trusted reverse proxy (the address limits count the address it saw). */
  trustProxy?: boolean
  now?: () => number
}

/** Gift vouchers (docs/decisions/042), made before the payments that issue them. */
function vouchersOf(
  deps: CommerceModuleDeps,
  repo: CommerceRepository,
  vouchers: VouchersRepository,
  packages: PackagesRepository,
  providerKind: string,
  now: () => number,
) {
  return createVouchers({
    db: deps.db,
    vouchers,
    commerce: repo,
    packages,
    customers: deps.customers,
    rateLimiter: deps.rateLimiter,
    shopOf: (shopId) => shopOrRefuse(repo, shopId),
    providerKind,
    now,
  })
}

/** Gift vouchers' routes for visitors and customers, with credit paying for packages. */
function voucherRoutesOf(
  deps: CommerceModuleDeps,
  made: { repo: CommerceRepository; vouchersRepo: VouchersRepository; vouchers: Vouchers; payments: PaymentsService; now: () => number },
) {
  const { repo, vouchersRepo, vouchers, payments, now } = made
  const { db } = deps
  const trustProxy = deps.trustProxy ?? false
  const buyWithCredit = createCreditPurchases({
    db,
    commerce: repo,
    vouchers: vouchersRepo,
    customers: deps.customers,
    voucherService: vouchers,
    payments,
    now,
  })
  const desk = createDeskVouchers({ db, vouchers: vouchersRepo, commerce: repo, service: vouchers, shopOf: payments.shopOf, now })
  return {
    voucherRoutes: createVoucherRoutes({ vouchers, payments, commerce: repo, verifier: deps.verifier, trustProxy, buyWithCredit }),
    voucherStaffRoutes: createVoucherStaffRoutes(vouchers, desk, trustProxy).route(
      '/',
      createVoucherReportRoutes(createVoucherReport({ repo: vouchersRepo, shopOf: payments.shopOf, now }), {
        creditOf: async (shopId, sub) => vouchers.creditOf(shopId, sub, (await payments.shopOf(shopId)).timeZone),
        buyWithCredit,
      }),
    ),
  }
}

/**
 * The commerce module as the app uses it: packages (kept as public content is), payments, the balance's ledger,
 * promo codes and referrals under the API; the offline test processor when no card provider is given, and
 * Stripe's webhook when its secret is.
 */
/** The commerce module's services, each made once from the repositories and the others it needs. */
function commerceServices(deps: CommerceModuleDeps) {
  const { db } = deps
  const ledger = createLedgerRepository(db)
  const packages = createPackagesRepository(db)
  const offline = deps.payments ? undefined : createOfflinePayments(db, { now: deps.now })
  const now = deps.now ?? Date.now
  const repo = createCommerceRepository(db)
  const promo = createPromoService({ db, commerce: repo, now })
  const referrals = createReferralsService({ commerce: repo, ledger, customers: deps.customers, logger: deps.logger })
  const provider = deps.payments ?? offline!.adapter
  const vouchersRepo = createVouchersRepository(db)
  const vouchers = vouchersOf(deps, repo, vouchersRepo, packages, provider.kind, now)
  const payments = createPaymentsService({
    db,
    commerce: repo,
    ledger,
    promo,
    referrals,
    customers: deps.customers,
    provider,
    logger: deps.logger,
    rateLimiter: deps.rateLimiter,
    vouchers: vouchersRepo,
    issueVoucher: vouchers.issuePaid,
    now,
  })
  const balance = createBalanceService({ db, commerce: repo, ledger, customers: deps.customers, now })
  const retailRepo = createRetailRepository(db)
  const retail = createRetail({ db, commerce: repo, retail: retailRepo, now, shopOf: payments.shopOf })
  const counterRepo = createCounterRepository(db)
  const counter = createCounterService({
    db,
    commerce: repo,
    counter: counterRepo,
    ledger,
    customers: deps.customers,
    retail: { ...retail, itemsOf: retailRepo.itemsOf },
    shared: { verdictFor: promo.verdictFor, refuse: promo.refuse, creditPurchase: payments.creditPurchase, shopOf: payments.shopOf, toLot },
    now,
  })
  const takings = createTakings({ db, repo: createTakingsRepository(db), shopOf: payments.shopOf, now })
  return {
    ledger,
    packages,
    offline,
    now,
    repo,
    promo,
    referrals,
    provider,
    vouchersRepo,
    vouchers,
    payments,
    balance,
    retailRepo,
    retail,
    counterRepo,
    counter,
    takings,
  }
}

export function createCommerceModule(deps: CommerceModuleDeps) {
  const { db } = deps
  const {
    ledger,
    packages,
    offline,
    now,
    repo,
    promo,
    referrals,
    provider,
    vouchersRepo,
    vouchers,
    payments,
    balance,
    retailRepo,
    retail,
    counterRepo,
    counter,
    takings,
  } = commerceServices(deps)
  const secret = deps.stripeWebhookSecret
  // Other modules' payments (a membership's) are told of a provider's success too, after the commerce module's own.
  const followers: ((ref: string) => Promise<unknown>)[] = []
  const eventFollowers: WebhookFollower[] = []
  const succeeded = async (ref: string) => {
    await payments.providerSucceeded(ref)
    for (const follow of followers) await follow(ref)
  }
  const refunds = createRefunds({ db, provider, queue: deps.queue, now })
  // Card payments holding gift voucher credit that end unpaid give it back (docs/decisions/053).
  const holds = createCreditHolds({ db, commerce: repo, vouchers: vouchersRepo, provider, refreshed: payments.refreshed, logger: deps.logger, now })
  for (const type of ['payment_intent.payment_failed', 'payment_intent.canceled'])
    eventFollowers.push({ type, object: 'payment_intent', handle: holds.providerEnded })
  return {
    /** The sweep of card payments that held credit and were never paid, as a job on the shared queue. */
    creditHoldJobs: { handlers: { [CREDIT_HOLD_SWEEP.kind]: holds.sweep }, periodic: [CREDIT_HOLD_SWEEP] },
    /** Card refunds owed, as jobs that retry until the provider confirms (docs/product.md §4.14). */
    refunds,
    refundRoutes: createRefundsRoutes(refunds),
    /** What the app calls itself: a payment the provider says succeeded, and the sweep of expired minutes. */
    commerce: { providerSucceeded: payments.providerSucceeded, expireDue: balance.expireDue },
    ledger,
    /** Sessions paid with gift voucher credit, online and at the desk (the booking module pays and gives back). */
    sessionCredit: createSessionCredit(vouchersRepo),
    /** Sales at the counter, refunds and corrections of a balance, the day's takings (docs/product.md §10.3). */
    counter,
    /** The desk's takings and cash-ups, which the owner's reports read too. */
    takings,
    counterRoutes: createCounterRoutes(
      counter,
      takings,
      createCounterRefunds({ db, commerce: repo, counter: counterRepo, ledger, retail: retailRepo, vouchers: vouchersRepo, now }),
    ),
    /** Products sold at the counter, their stock, and every sale's receipt (docs/product.md §10.3). */
    retailRoutes: createRetailRoutes(retail),
    packagesRoutes: createPackagesRoutes({ ...packages, activePackages: deps.kept(packages.activePackages) }, { unchanged: deps.unchanged }),
    routes: createCommerceRoutes({ promo, payments: checkoutsEndingEarlierHolds(payments, holds), balance, referrals }, deps.verifier),
    /** Gift vouchers for visitors and customers; under /api/staff/ the owner's settings and the desk's sales, look-ups and redemptions. */
    ...voucherRoutesOf(deps, { repo, vouchersRepo, vouchers, payments, now }),
    /** The owner's prices, packages, promo codes and refer-and-earn under /api/staff/ (docs/product.md §10.4). */
    manageRoutes: createManageRoutes(createCatalogueManagement({ db })),
    /** The offline test processor's API, a card processor of its own (as Stripe's API is), when no provider is given. */
    testProcessorRoutes: offline?.routes(succeeded, holds.providerEnded),
    /** The card provider every module pays through: Stripe when given, else the offline test processor. */
    provider,
    /** Another module's payments made through the provider: told when the provider reports one succeeded. */
    followPayments: (follow: (ref: string) => Promise<unknown>) => void followers.push(follow),
    /** Another module's Stripe events (a membership's invoices and subscription), which the webhook hands on once verified. */
    followStripeEvents: (follow: WebhookFollower) => void eventFollowers.push(follow),
    /** POST /stripe: Stripe's events, signed with the webhook secret. */
    webhookRoutes: secret
      ? createStripeWebhookRoutes({
          verify: (raw, signature) => verifyStripeWebhook(secret, raw, signature, deps.now ? Math.floor(deps.now() / 1000) : undefined),
          onSucceeded: succeeded,
          followers: () => eventFollowers,
          logger: deps.logger,
        })
      : undefined,
  }
}

/**
 * A customer's checkout with gift voucher credit ends their earlier ones still holding it first (docs/decisions/053):
 * the newest checkout is the one they are paying.
 */
function checkoutsEndingEarlierHolds<
  P extends { createPayment: (shopId: string, identity: Identity, key: string, request: PaymentIntentRequest) => Promise<unknown> },
>(payments: P, holds: CreditHolds): P {
  return {
    ...payments,
    createPayment: async (shopId: string, identity: Identity, key: string, request: PaymentIntentRequest) => {
      if (request.useCredit) await holds.releaseEarlier(shopId, identity.sub, key)
      return payments.createPayment(shopId, identity, key, request)
    },
  }
}
