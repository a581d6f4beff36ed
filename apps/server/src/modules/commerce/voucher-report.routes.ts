import { ErrorResponse } from '@salon/contracts/errors'
import {
  CreditPurchaseResponse,
  CreditResponse,
  DeskCreditPurchaseRequest,
  StaffVouchersResponse,
  VoucherReport,
  VoucherReportQuery,
} from '@salon/contracts/vouchers'
import { z } from 'zod'
import { createRouter, errorResponses, json, jsonBody } from '../../lib/openapi.ts'
import { staffRoute, type StaffEnv } from '../shop/public.ts'
import type { BuyWithCredit } from './credit.service.ts'
import type { VoucherReports } from './voucher-report.service.ts'

const PRIVATE = { 'Cache-Control': 'private, no-store' }
const Sub = z.object({ sub: z.uuid({ message: 'must be a customer id' }) })

/**
 * The owner's list of gift vouchers and the vouchers report under /api/staff/ (docs/product.md "Gift vouchers"), and
 * a customer's credit from vouchers as the desk sees it on their record, and a package bought with it at the desk.
 */
export function createVoucherReportRoutes(
  reports: VoucherReports,
  credit: { creditOf: (shopId: string, sub: string) => Promise<CreditResponse>; buyWithCredit: BuyWithCredit },
) {
  return createRouter<StaffEnv>()
    .openapi(
      staffRoute('staff', {
        method: 'get',
        path: '/staff/customers/{sub}/credit',
        summary: "A customer's credit in pounds from gift vouchers, with each part's last day, as their record at the desk shows it",
        request: { params: Sub },
        responses: { 200: json(CreditResponse, 'The credit (none for a customer without any)') },
      }),
      async (c) => c.json(await credit.creditOf(c.get('staff').shopId, c.req.valid('param').sub), 200, PRIVATE),
    )
    .openapi(
      staffRoute('staff', {
        method: 'post',
        path: '/staff/customers/{sub}/credit/purchase',
        summary: 'A package bought for a customer with their gift voucher credit, at the desk, under the rule of their own purchase online',
        description: 'Only when the credit covers the price; the same idempotencyKey answers the same purchase. In the audit log.',
        request: { params: Sub, ...jsonBody(DeskCreditPurchaseRequest) },
        responses: {
          200: json(CreditPurchaseResponse, 'This key bought it before'),
          201: json(CreditPurchaseResponse, 'Bought: the minutes are on the balance, and the credit left'),
          ...errorResponses,
          404: json(ErrorResponse, 'No such customer, or no such package on sale'),
          409: json(ErrorResponse, 'The credit does not cover the package, or the key was used for another purchase'),
        },
      }),
      async (c) => {
        const { packageId, idempotencyKey } = c.req.valid('json')
        const staff = c.get('staff')
        const bought = await credit.buyWithCredit(staff.shopId, { sub: c.req.valid('param').sub }, idempotencyKey, packageId, staff)
        return c.json(bought, bought.created ? 201 : 200, PRIVATE)
      },
    )
    .openapi(
      staffRoute('owner', {
        method: 'get',
        path: '/staff/vouchers',
        summary: 'The gift vouchers issued, the newest first: when, how, value, what is left, last day and status; never the code',
        responses: { 200: json(StaffVouchersResponse, 'The vouchers') },
      }),
      async (c) => c.json(await reports.list(c.get('staff').shopId), 200, PRIVATE),
    )
    .openapi(
      staffRoute('owner', {
        method: 'get',
        path: '/staff/reports/vouchers',
        summary: 'Gift vouchers sold, redeemed, expired and refunded per month, and what is owed on them at each month’s end',
        request: { query: VoucherReportQuery },
        responses: { 200: json(VoucherReport, 'The report'), 422: json(ErrorResponse, 'A range of more than 24 months') },
      }),
      async (c) => c.json(await reports.report(c.get('staff').shopId, c.req.valid('query')), 200, PRIVATE),
    )
    .openapi(
      staffRoute('owner', {
        method: 'get',
        path: '/staff/exports/vouchers.csv',
        summary: 'The vouchers report as a CSV file',
        request: { query: VoucherReportQuery },
        responses: { 200: { content: { 'text/csv': { schema: z.string() } }, description: 'vouchers-{from}-to-{to}.csv' } },
      }),
      async (c) => {
        const file = await reports.csv(c.get('staff').shopId, c.req.valid('query'))
        return c.body(file.body, 200, {
          ...PRIVATE,
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="${file.filename}"`,
        })
      },
    )
}
