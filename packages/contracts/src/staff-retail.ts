import { z } from 'zod'
import { strictBody } from './account.ts'
import { IdempotencyKey } from './commerce.ts'
import { PriceExtraItem } from './staff-catalogue.ts'
import { CounterMethod, SaleItems, SaleLine } from './staff-counter.ts'

export { MAX_ITEM_QUANTITY, MAX_SALE_LINES, SaleItemRequest, SaleItems, SaleLine } from './staff-counter.ts'

/**
 * Products sold at the counter (docs/product.md §10.3): the price list's extras (lotions, goggles, stickers) with a
 * VAT rate and a stock, sold alone or with a package; and the receipt of every sale. Money is integer pence.
 */

/** The most a product's stock may be moved by one change. */
export const MAX_STOCK_CHANGE = 10_000

/** POST /api/staff/counter/products: products sold alone, to a customer of the salon or to someone with no record. */
export const ProductSaleRequest = strictBody({
  sub: z.uuid({ message: 'must be a customer id' }).optional(),
  items: SaleItems,
  method: CounterMethod,
  idempotencyKey: IdempotencyKey,
})
export type ProductSaleRequest = z.infer<typeof ProductSaleRequest>

/** A product on the price list as the counter sells it: as the owner's price list gives it, and whether it is low. */
export const CounterProduct = PriceExtraItem.extend({
  /** Counted, and at or below its low-stock mark (or none left). */
  low: z.boolean(),
})
export type CounterProduct = z.infer<typeof CounterProduct>
export const CounterProductsResponse = z.object({ products: z.array(CounterProduct) })
export type CounterProductsResponse = z.infer<typeof CounterProductsResponse>

/** The answer to a sale of products. */
export const ProductSale = z.object({
  paymentId: z.string(),
  sub: z.string().nullable(),
  method: CounterMethod,
  status: z.enum(['succeeded', 'refunded']),
  description: z.string(),
  lines: z.array(SaleLine),
  amountPence: z.number().int(),
  recordedBy: z.string(),
  at: z.string(),
  /** Products of the sale now at or below their low-stock mark. */
  lowStock: z.array(CounterProduct),
  /** "£7.50 taken in cash. Receipt emailed to the customer." */
  message: z.string(),
})
export type ProductSale = z.infer<typeof ProductSale>

/** POST /api/staff/products/{id}/stock (owner): a delivery (+) or a correction (−), never below zero. */
export const StockChangeRequest = strictBody({
  change: z
    .number({ message: `must be a whole number from -${MAX_STOCK_CHANGE} to ${MAX_STOCK_CHANGE}, not 0` })
    .int({ message: `must be a whole number from -${MAX_STOCK_CHANGE} to ${MAX_STOCK_CHANGE}, not 0` })
    .min(-MAX_STOCK_CHANGE, { message: `must be a whole number from -${MAX_STOCK_CHANGE} to ${MAX_STOCK_CHANGE}, not 0` })
    .max(MAX_STOCK_CHANGE, { message: `must be a whole number from -${MAX_STOCK_CHANGE} to ${MAX_STOCK_CHANGE}, not 0` })
    .refine((n) => n !== 0, { message: `must be a whole number from -${MAX_STOCK_CHANGE} to ${MAX_STOCK_CHANGE}, not 0` }),
  reason: z.string({ message: 'must be text' }).trim().max(200, { message: 'must be at most 200 characters' }).optional(),
})
export type StockChangeRequest = z.infer<typeof StockChangeRequest>
export const StockChangeResponse = z.object({ product: CounterProduct, message: z.string() })
export type StockChangeResponse = z.infer<typeof StockChangeResponse>

/** A receipt (GET /api/staff/receipts/{paymentId}), as printed at the desk and emailed to the customer. */
export const Receipt = z.object({
  paymentId: z.string(),
  salon: z.object({ name: z.string(), address: z.array(z.string()), phone: z.string(), vatNumber: z.string().nullable() }),
  at: z.string(),
  /** "Saturday 28 November 2026" and "14:05", in the salon's time zone. */
  date: z.string(),
  time: z.string(),
  lines: z.array(SaleLine),
  discountPence: z.number().int(),
  promoCode: z.string().nullable(),
  totalPence: z.number().int(),
  /** How it was paid: "Cash", "Card terminal", "Card ending 4242" or "Card". */
  paidBy: z.string(),
  /** Test payments took no money. */
  test: z.boolean(),
  /** Only when the salon is VAT-registered: the VAT at each rate. */
  vat: z
    .object({
      number: z.string(),
      lines: z.array(z.object({ rateBps: z.number().int(), grossPence: z.number().int(), vatPence: z.number().int(), netPence: z.number().int() })),
      totalVatPence: z.number().int(),
    })
    .nullable(),
  status: z.enum(['paid', 'refunded']),
  customerName: z.string().nullable(),
  servedBy: z.string().nullable(),
})
export type Receipt = z.infer<typeof Receipt>
