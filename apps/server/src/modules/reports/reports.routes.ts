import { ReportRangeQuery, SalesReport, SessionsReport } from '@salon/contracts/staff-reports'
import type { Context } from 'hono'
import { z } from 'zod'
import { createRouter, json } from '../../lib/openapi.ts'
import { staffRoute, type StaffEnv } from '../shop/public.ts'
import type { CsvFile, Reports } from './reports.service.ts'

/** Reports and exports hold the salon's takings and customers' personal data: never kept by a browser or anything between. */
const PRIVATE = { 'Cache-Control': 'private, no-store' }

const csv = (description: string) => ({ 200: { content: { 'text/csv': { schema: z.string() } }, description } })

const sendCsv = (c: Context, file: CsvFile) =>
  c.body(file.body, 200, {
    ...PRIVATE,
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${file.filename}"`,
  })

/** The owner's reports and CSV exports under /api/staff/ (docs/product.md §10.7). */
export function createReportsRoutes(reports: Reports) {
  return createRouter<StaffEnv>()
    .openapi(
      staffRoute('owner', {
        method: 'get',
        // Not …/sessions: a path containing "/session" is one of the customer calls that need an identity token
        // (docs/product.md §7), which would answer a staff call without one with the customers' refusal.
        path: '/staff/reports/bed-sessions',
        summary: 'Sessions (attended, no-show, booked, cancelled) and minutes per sunbed, per local date and per ISO week',
        request: { query: ReportRangeQuery },
        responses: { 200: json(SessionsReport, 'The report') },
      }),
      async (c) => c.json(await reports.sessions(c.get('staff').shopId, c.req.valid('query')), 200, PRIVATE),
    )
    .openapi(
      staffRoute('owner', {
        method: 'get',
        path: '/staff/reports/sales',
        summary: 'Packages sold, promo codes used and money taken per method, net of refunds',
        request: { query: ReportRangeQuery },
        responses: { 200: json(SalesReport, 'The report') },
      }),
      async (c) => c.json(await reports.sales(c.get('staff').shopId, c.req.valid('query')), 200, PRIVATE),
    )
    .openapi(
      staffRoute('owner', {
        method: 'get',
        path: '/staff/exports/bookings.csv',
        summary: "The range's bookings as a CSV file, with the customers' names and contact details",
        request: { query: ReportRangeQuery },
        responses: csv('bookings-{from}-to-{to}.csv'),
      }),
      async (c) => sendCsv(c, await reports.bookingsCsv(c.get('staff'), c.req.valid('query'))),
    )
    .openapi(
      staffRoute('owner', {
        method: 'get',
        path: '/staff/exports/sales.csv',
        summary: "The range's payments as a CSV file: method, status, discount and refund",
        request: { query: ReportRangeQuery },
        responses: csv('sales-{from}-to-{to}.csv'),
      }),
      async (c) => sendCsv(c, await reports.salesCsv(c.get('staff'), c.req.valid('query'))),
    )
    .openapi(
      staffRoute('owner', {
        method: 'get',
        path: '/staff/exports/cash-ups.csv',
        summary: "The range's cash-ups as a CSV file: the float, each count against what was expected, and who closed the day",
        request: { query: ReportRangeQuery },
        responses: csv('cash-ups-{from}-to-{to}.csv'),
      }),
      async (c) => sendCsv(c, await reports.cashUpsCsv(c.get('staff'), c.req.valid('query'))),
    )
    .openapi(
      staffRoute('owner', {
        method: 'get',
        path: '/staff/exports/marketing.csv',
        summary: 'The customers who agreed to marketing and have not deleted their account, with when they agreed',
        request: { query: z.strictObject({}) },
        responses: csv('marketing-{today}.csv'),
      }),
      async (c) => sendCsv(c, await reports.marketingCsv(c.get('staff'))),
    )
}
