import { ErrorResponse } from '@salon/contracts/errors'
import { CounterProductsResponse, ProductSale, ProductSaleRequest, Receipt, StockChangeRequest, StockChangeResponse } from '@salon/contracts/staff-retail'
import { z } from 'zod'
import { createRouter, json, jsonBody } from '../../lib/openapi.ts'
import { staffRoute, type StaffEnv } from '../shop/public.ts'
import type { Retail } from './retail.service.ts'

const ProductId = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { message: 'must be the id of a product on the price list' }) })
const PaymentId = z.object({ paymentId: z.uuid({ message: 'must be the id of a sale' }) })

/** Products at the counter and receipts, under /api/staff/ (docs/product.md §10.3). */
export function createRetailRoutes(retail: Retail) {
  return createRouter<StaffEnv>()
    .openapi(
      staffRoute('staff', {
        method: 'get',
        path: '/staff/counter/products',
        summary: "The price list's products, with their VAT rates and stock",
        responses: { 200: json(CounterProductsResponse, 'The products, in the price list’s order') },
      }),
      async (c) => c.json(await retail.products(c.get('staff').shopId), 200),
    )
    .openapi(
      staffRoute('staff', {
        method: 'post',
        path: '/staff/counter/products',
        summary: 'Sell products at the counter, to a customer or to someone with no record',
        description:
          'Each product at its price on the price list, taken out of stock in the same transaction: a product with too few left refuses the whole sale. The same idempotencyKey answers the same sale. A customer with an email address is emailed the receipt.',
        request: jsonBody(ProductSaleRequest),
        responses: {
          200: json(ProductSale, 'This idempotency key already made this sale: the same sale'),
          201: json(ProductSale, 'Sold'),
          404: json(ErrorResponse, 'No such customer or product at this salon'),
          409: json(ErrorResponse, 'Too few in stock, or the key was used for a different sale'),
          422: json(ErrorResponse, 'The sale comes to less than £0.30'),
        },
      }),
      async (c) => {
        const { sale, created } = await retail.sell(c.get('staff'), c.req.valid('json'))
        return created ? c.json(sale, 201) : c.json(sale, 200)
      },
    )
    .openapi(
      staffRoute('owner', {
        method: 'post',
        path: '/staff/products/{id}/stock',
        summary: "Add a delivery to a product's stock, or correct it; never below zero",
        request: { params: ProductId, ...jsonBody(StockChangeRequest) },
        responses: {
          200: json(StockChangeResponse, 'The product with its stock now'),
          404: json(ErrorResponse, 'No such product at this salon'),
          409: json(ErrorResponse, 'Its stock is not counted, or would go below zero'),
        },
      }),
      async (c) => c.json(await retail.changeStock(c.get('staff'), c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi(
      staffRoute('staff', {
        method: 'get',
        path: '/staff/receipts/{paymentId}',
        summary: "A sale's receipt, to print at the desk: the salon, the lines, the total, how it was paid and, for a VAT-registered salon, the VAT",
        request: { params: PaymentId },
        responses: {
          200: json(Receipt, 'The receipt'),
          404: json(ErrorResponse, 'No such sale at this salon'),
          409: json(ErrorResponse, 'A payment never taken has no receipt'),
        },
      }),
      async (c) => {
        c.header('Cache-Control', 'private, no-store')
        return c.json(await retail.receipt(c.get('staff').shopId, c.req.valid('param').paymentId), 200)
      },
    )
}
