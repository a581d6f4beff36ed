import { randomUUID } from 'node:crypto'
import { COUNTER_MIN_PENCE, type CounterMethod, type SaleItemRequest } from '@salon/contracts/staff-counter'
import type { CounterProduct, ProductSale, ProductSaleRequest, Receipt, StockChangeRequest, StockChangeResponse } from '@salon/contracts/staff-retail'
import type { Db } from '@salon/db'
import { HttpError } from '../../lib/errors.ts'
import { createJobQueue } from '../../lib/job-queue.ts'
import { toIsoWithOffset } from '../../lib/local-time.ts'
import { createAuditLog, type StaffActor } from '../shop/public.ts'
import type { CommerceRepository, PaymentRow } from './commerce.repository.ts'
import { lockTill } from './counter.repository.ts'
import { PAYMENT_JOBS } from './payments.service.ts'
import { pounds } from './promo.ts'
import { linesOfItems, receiptOf } from './receipt.ts'
import { createRetailRepository, type ProductRow, type RetailRepository, type SaleItemRow } from './retail.repository.ts'

export const RETAIL_MESSAGES = {
  noProduct: (id: string) => `There is no product "${id.slice(0, 64)}" on this salon's price list.`,
  outOfStock: (name: string) => `${name} is out of stock, so nothing was sold.`,
  fewLeft: (left: number, name: string) => `Only ${left} of ${name} left in stock, so nothing was sold.`,
  tooLittle: `A sale at the counter must come to at least ${pounds(COUNTER_MIN_PENCE)}.`,
  notCounted: (name: string) => `The salon does not count its stock of ${name}. The owner can start counting it under Manage → Prices.`,
  belowZero: (left: number, name: string) =>
    `There ${left === 1 ? 'is' : 'are'} ${left} of ${name} in stock, so at most ${left} can be taken off. Stock never goes below zero.`,
  otherSale: 'This idempotency key was used for a different sale. Please send a new key.',
  noCustomer: 'There is no such customer at this salon.',
  noSale: 'There is no such sale at this salon.',
  neverTaken: 'This payment was never taken, so it has no receipt.',
} as const

const METHOD_WORDS: Record<CounterMethod, string> = { cash: 'in cash', card_terminal: 'on the card terminal' }

/** Products of a sale, priced from the price list as it is now, in the order they were asked for. */
export interface Basket {
  lines: (Omit<SaleItemRow, 'id' | 'paymentId'> & { extraId: string })[]
  pence: number
}

export const isLow = (product: Pick<ProductRow, 'stock' | 'lowStockAt'>) =>
  product.stock !== null && (product.stock === 0 || (product.lowStockAt !== null && product.stock <= product.lowStockAt))

export const toCounterProduct = (row: ProductRow): CounterProduct => ({ ...row, low: isLow(row) })

/** "Tan lotion ×2, Goggles": a basket as one line, the payment's description. */
export const describeBasket = (basket: Basket) =>
  basket.lines.map((line) => (line.quantity === 1 ? line.description : `${line.description} ×${line.quantity}`)).join(', ')

/**
 * Products at the counter (docs/product.md §10.3): sold alone or with a package, their stock taken in the sale's
 * transaction and given back by its refund, the owner's deliveries and corrections of stock, and every sale's receipt.
 */
export function createRetail(deps: {
  db: Db
  commerce: CommerceRepository
  retail: RetailRepository
  now: () => number
  shopOf: (shopId: string) => Promise<{ timeZone: string }>
}) {
  const { db, retail, commerce, now } = deps

  /** The products asked for at their prices now; an unknown product is refused. */
  async function basketOf(shopId: string, items: SaleItemRequest[], tx: Db): Promise<Basket> {
    const rows = await retail.productsById(
      shopId,
      items.map((item) => item.extraId),
      tx,
    )
    const lines = items.map((item, i) => {
      const row = rows.find((product) => product.id === item.extraId)
      if (!row) throw new HttpError(404, RETAIL_MESSAGES.noProduct(item.extraId), { field: 'items' })
      return { extraId: row.id, line: i + 1, description: row.name, quantity: item.quantity, unitPricePence: row.pricePence, vatRateBps: row.vatRateBps }
    })
    return { lines, pence: lines.reduce((sum, line) => sum + line.quantity * line.unitPricePence, 0) }
  }

  /**
   * Takes the basket's counted products out of stock, in the order of their ids so that two sales never wait on each
   * other; a product with too few left refuses the whole sale (the transaction undoes what was taken). Answers the
   * products as they are after it.
   */
  async function takeStock(shopId: string, basket: Basket, tx: Db): Promise<ProductRow[]> {
    const after: ProductRow[] = []
    for (const line of [...basket.lines].sort((a, b) => (a.extraId < b.extraId ? -1 : 1))) {
      const moved = await retail.moveStock(shopId, line.extraId, -line.quantity, tx)
      if (moved) {
        after.push(moved)
        continue
      }
      const [current] = await retail.productsById(shopId, [line.extraId], tx)
      if (current && current.stock !== null) {
        throw new HttpError(409, current.stock === 0 ? RETAIL_MESSAGES.outOfStock(current.name) : RETAIL_MESSAGES.fewLeft(current.stock, current.name))
      }
    }
    return after
  }

  /** Records the basket as the payment's products; answers them as sale lines. */
  async function recordItems(paymentId: string, basket: Basket, tx: Db) {
    const rows = basket.lines.map((line) => ({ ...line, id: randomUUID(), paymentId }))
    await retail.insertItems(rows, tx)
    return linesOfItems(rows)
  }

  /** The same key answers the same sale: products alone, by the same method, with the same products. */
  async function sameSale(row: PaymentRow, request: ProductSaleRequest, tx: Db) {
    const items = await retail.itemsOf(row.id, tx)
    const asked = [...request.items].sort((a, b) => (a.extraId < b.extraId ? -1 : 1))
    const had = [...items].sort((a, b) => ((a.extraId ?? '') < (b.extraId ?? '') ? -1 : 1))
    const same =
      row.purpose === 'retail' &&
      row.provider === request.method &&
      had.length === asked.length &&
      asked.every((item, i) => had[i]!.extraId === item.extraId && had[i]!.quantity === item.quantity)
    if (!same) throw new HttpError(409, RETAIL_MESSAGES.otherSale)
  }

  async function answer(row: PaymentRow, emailed: boolean, lowStock: ProductRow[]): Promise<ProductSale> {
    const shop = await deps.shopOf(row.shopId)
    const lines = linesOfItems(await retail.itemsOf(row.id))
    return {
      paymentId: row.id,
      sub: row.sub,
      method: row.provider as CounterMethod,
      status: row.status === 'refunded' ? 'refunded' : 'succeeded',
      description: row.description,
      lines,
      amountPence: row.amountPence,
      recordedBy: row.recordedBy!,
      at: toIsoWithOffset((row.succeededAt ?? row.createdAt).getTime(), shop.timeZone),
      lowStock: lowStock.filter(isLow).map(toCounterProduct),
      message: `${pounds(row.amountPence)} taken ${METHOD_WORDS[row.provider as CounterMethod]}.${emailed ? ' The receipt is on its way to the customer by email.' : ''}`,
    }
  }

  return {
    basketOf,
    takeStock,
    recordItems,

    /** GET /api/staff/counter/products: the price list's products with their stock. */
    products: async (shopId: string) => ({ products: (await retail.products(shopId)).map(toCounterProduct) }),

    /**
     * POST /api/staff/counter/products: products alone, to a customer (under their lock, as every sale) or to someone
     * with no record; under the till's lock, which also makes a key's second use find the first sale.
     */
    async sell(actor: StaffActor, request: ProductSaleRequest): Promise<{ sale: ProductSale; created: boolean }> {
      const shopId = actor.shopId
      const outcome = await db.transaction(async (tx) => {
        const at = new Date(now())
        const customer = request.sub ? await commerce.lockCustomer(shopId, request.sub, tx) : null
        if (request.sub && !customer) throw new HttpError(404, RETAIL_MESSAGES.noCustomer)
        await lockTill(tx, shopId)
        const again = request.sub
          ? await commerce.paymentByKey(shopId, request.sub, request.idempotencyKey, tx)
          : await retail.anonymousPaymentByKey(shopId, request.idempotencyKey, tx)
        if (again) {
          await sameSale(again, request, tx)
          return { row: again, emailed: false, after: [] as ProductRow[], created: false }
        }
        const basket = await basketOf(shopId, request.items, tx)
        if (basket.pence < COUNTER_MIN_PENCE) throw new HttpError(422, RETAIL_MESSAGES.tooLittle, { field: 'items' })
        const after = await takeStock(shopId, basket, tx)
        const row = (await commerce.insertPayment(
          {
            id: randomUUID(),
            shopId,
            sub: request.sub ?? null,
            idempotencyKey: request.idempotencyKey,
            provider: request.method,
            recordedBy: actor.sub,
            status: 'succeeded',
            succeededAt: at,
            createdAt: at,
            purpose: 'retail',
            packageId: null,
            description: describeBasket(basket),
            pricePence: basket.pence,
            discountPence: 0,
            amountPence: basket.pence,
          },
          tx,
        ))!
        await recordItems(row.id, basket, tx)
        const emailed = !!customer?.email
        if (emailed) await createJobQueue(tx, now).enqueue({ kind: PAYMENT_JOBS.receipt, key: `receipt:${row.id}`, payload: { paymentId: row.id } })
        await createAuditLog(tx).record(actor, {
          action: 'counter.products',
          subjectType: 'payment',
          subjectId: row.id,
          after: {
            paymentId: row.id,
            method: request.method,
            amountPence: row.amountPence,
            items: request.items,
            customer: request.sub ? 'on record' : 'none',
          },
        })
        return { row, emailed, after, created: true }
      })
      return { sale: await answer(outcome.row, outcome.emailed, outcome.after), created: outcome.created }
    },

    /** POST /api/staff/products/{id}/stock (owner): a delivery or a correction of a counted product's stock, audited. */
    async changeStock(actor: StaffActor, extraId: string, request: StockChangeRequest): Promise<StockChangeResponse> {
      return db.transaction(async (tx) => {
        const [before] = await retail.productsById(actor.shopId, [extraId], tx)
        if (!before) throw new HttpError(404, RETAIL_MESSAGES.noProduct(extraId))
        if (before.stock === null) throw new HttpError(409, RETAIL_MESSAGES.notCounted(before.name))
        const moved = await retail.moveStock(actor.shopId, extraId, request.change, tx)
        if (!moved) {
          const [current] = await retail.productsById(actor.shopId, [extraId], tx)
          throw new HttpError(409, RETAIL_MESSAGES.belowZero(current!.stock ?? 0, current!.name))
        }
        await createAuditLog(tx).record(actor, {
          action: 'products.stock-changed',
          subjectType: 'product',
          subjectId: extraId,
          before: { stock: moved.stock! - request.change },
          after: { stock: moved.stock, change: request.change },
          reason: request.reason || undefined,
        })
        return {
          product: toCounterProduct(moved),
          message: `${request.change > 0 ? `${request.change} added` : `${-request.change} taken off`}: ${moved.stock} of ${moved.name} in stock.`,
        }
      })
    },

    /** GET /api/staff/receipts/{paymentId}: a sale's receipt, the counter's or an online one, for this salon's staff. */
    async receipt(shopId: string, paymentId: string): Promise<Receipt> {
      const facts = await retail.receiptFacts(paymentId)
      if (!facts || facts.payment.shopId !== shopId) throw new HttpError(404, RETAIL_MESSAGES.noSale)
      if (!['succeeded', 'refunded'].includes(facts.payment.status) || facts.payment.refusedReason) throw new HttpError(409, RETAIL_MESSAGES.neverTaken)
      return receiptOf(facts)
    },
  }
}
export type Retail = ReturnType<typeof createRetail>

/** A payment's receipt as the messages module emails it; undefined for no such payment. */
export async function readReceipt(db: Db, paymentId: string): Promise<{ receipt: Receipt; counter: boolean } | undefined> {
  const facts = await createRetailRepository(db).receiptFacts(paymentId)
  return facts && { receipt: receiptOf(facts), counter: facts.payment.recordedBy !== null }
}
