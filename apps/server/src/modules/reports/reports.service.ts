import { utcDay } from '@salon/contracts/dates'
import { PaymentMethod, REPORT_MAX_DAYS, type ExportName, type SalesReport, type SessionsReport } from '@salon/contracts/staff-reports'
import type { Db } from '@salon/db'
import type { Takings } from '../commerce/public.ts'
import { HttpError } from '../../lib/errors.ts'
import { localDateOf } from '../../lib/local-time.ts'
import { createAuditLog, type StaffActor } from '../shop/public.ts'
import { csvStream, type Cell } from './csv.ts'
import { createReportsRepository, type After, type DateRange } from './reports.repository.ts'

/** Rows read from the database at a time while a CSV file is sent. */
export const EXPORT_BATCH = 500

export const REPORT_MESSAGES = {
  order: 'The last date must not be before the first. Please check the dates.',
  tooLong: `A report covers at most ${REPORT_MAX_DAYS} days. Please choose a shorter range.`,
} as const

/** A range the owner may ask for: the last date not before the first, at most REPORT_MAX_DAYS days in all. */
export function checkRange(range: DateRange): DateRange {
  const days = (utcDay(range.to).getTime() - utcDay(range.from).getTime()) / 86_400_000 + 1
  if (days < 1) throw new HttpError(400, REPORT_MESSAGES.order, { field: 'to' })
  if (days > REPORT_MAX_DAYS) throw new HttpError(400, REPORT_MESSAGES.tooLong, { field: 'to' })
  return range
}

const pounds = (pence: number) => (pence / 100).toFixed(2)
const BOOKING_STATUS: Record<string, string> = {
  pending: 'Waiting for payment',
  booked: 'Booked',
  attended: 'Attended',
  no_show: 'No-show',
  cancelled: 'Cancelled',
}
const PAID_WITH: Record<string, string> = { balance: 'Minutes', in_salon: 'In the salon', card: 'Card', membership: 'Membership' }
const METHOD_NAME: Record<PaymentMethod, string> = { online_card: 'Card online', cash: 'Cash', card_terminal: 'Card terminal' }
const methodOf = (provider: string): PaymentMethod => (provider === 'cash' || provider === 'card_terminal' ? provider : 'online_card')
const PAYMENT_STATUS: Record<string, string> = { succeeded: 'Paid', refunded: 'Refunded', refused: 'Refused, to be given back' }
const PURPOSE: Record<string, string> = { package: 'Package', session: 'Session', minutes: 'Minutes', retail: 'Products' }

/** Reads a batch after another until one comes back short: a file is never read whole. */
async function* batches<T extends { key: string; id: string; date?: string }>(size: number, read: (after: After | null, size: number) => Promise<T[]>) {
  let after: After | null = null
  for (;;) {
    const batch = await read(after, size)
    if (batch.length) yield batch
    if (batch.length < size) return
    const last = batch.at(-1)!
    after = { key: last.key, id: last.id, date: last.date }
  }
}

export interface CsvFile {
  filename: string
  body: ReadableStream<Uint8Array>
}

/**
 * The owner's reports and CSV exports (docs/product.md §10.7): sessions per bed per day and per ISO week, sales
 * and takings, in the shop's local dates; the bookings, sales and marketing list as CSV files, read in batches as
 * they are sent. Every export is written to the audit log (who took which file, of which dates) before it is sent.
 */
export function createReports(deps: { db: Db; takings: Pick<Takings, 'takings'>; now?: () => number; batchSize?: number }) {
  const now = deps.now ?? Date.now
  const batchSize = deps.batchSize ?? EXPORT_BATCH
  const reports = createReportsRepository(deps.db)

  const audit = (actor: StaffActor, name: ExportName, range?: DateRange) =>
    createAuditLog(deps.db).record(actor, { action: `export.${name}`, subjectType: 'export', subjectId: name, after: range ?? null })

  return {
    async sessions(shopId: string, asked: DateRange): Promise<SessionsReport> {
      const range = checkRange(asked)
      const [timeZone, days, weeks] = await Promise.all([reports.timeZone(shopId), reports.sessionsByDay(shopId, range), reports.sessionsByWeek(shopId, range)])
      const totals = { attended: 0, noShow: 0, booked: 0, cancelled: 0, minutes: 0, attendedMinutes: 0 }
      for (const day of days) for (const name of Object.keys(totals) as (keyof typeof totals)[]) totals[name] += day[name]
      return { ...range, timeZone, days, weeks, totals }
    },

    async sales(shopId: string, asked: DateRange): Promise<SalesReport> {
      const range = checkRange(asked)
      const [timeZone, packages, products, promoCodes, moved, desk] = await Promise.all([
        reports.timeZone(shopId),
        reports.packageSales(shopId, range),
        reports.productSales(shopId, range),
        reports.promoUses(shopId, range),
        reports.takings(shopId, range),
        deps.takings.takings(shopId, range),
      ])
      const takings = PaymentMethod.options.map((method) => {
        const row = moved.find((m) => m.method === method)
        const grossPence = row?.grossPence ?? 0
        const refundedPence = row?.refundedPence ?? 0
        return { method, payments: row?.payments ?? 0, grossPence, refundedPence, netPence: grossPence - refundedPence }
      })
      const sum = (name: 'grossPence' | 'refundedPence' | 'netPence') => takings.reduce((total, t) => total + t[name], 0)
      return {
        ...range,
        timeZone,
        packages,
        products,
        promoCodes,
        takings,
        totals: { grossPence: sum('grossPence'), refundedPence: sum('refundedPence'), netPence: sum('netPence') },
        cashUps: desk.cashUps,
      }
    },

    /** The range's cash-ups as a CSV file (docs/product.md §10.3), one row a day closed. */
    async cashUpsCsv(actor: StaffActor, asked: DateRange): Promise<CsvFile> {
      const range = checkRange(asked)
      await audit(actor, 'cash-ups', range)
      const { cashUps } = await deps.takings.takings(actor.shopId, range)
      const header = [
        'Date',
        'Float (£)',
        'Cash counted (£)',
        'Cash expected (£)',
        'Cash difference (£)',
        'Card terminal counted (£)',
        'Card terminal expected (£)',
        'Card terminal difference (£)',
        'Taken after the close (£)',
        'Closed by',
        'Closed at',
        'Note',
      ]
      async function* rows() {
        yield cashUps
      }
      return {
        filename: `cash-ups-${range.from}-to-${range.to}.csv`,
        body: csvStream(header, rows(), (c): Cell[] => [
          c.date,
          pounds(c.floatPence),
          pounds(c.cash.countedPence),
          pounds(c.cash.expectedPence),
          // What can be below zero is written as a number, which a spreadsheet reads as one (text starting "-" is defused).
          c.cash.differencePence / 100,
          pounds(c.card.countedPence),
          pounds(c.card.expectedPence),
          c.card.differencePence / 100,
          c.afterPence / 100,
          c.closedBy,
          c.closedAt,
          c.note,
        ]),
      }
    },

    async bookingsCsv(actor: StaffActor, asked: DateRange): Promise<CsvFile> {
      const range = checkRange(asked)
      await audit(actor, 'bookings', range)
      const header = [
        'Date',
        'Start',
        'End',
        'Minutes',
        'Sunbed',
        'Status',
        'Paid with',
        'Price (£)',
        'First name',
        'Last name',
        'Mobile',
        'Email',
        'Booked by',
        'Booked at',
      ]
      const rows = batches(batchSize, (after, size) => reports.bookingsBatch(actor.shopId, range, after, size))
      return {
        filename: `bookings-${range.from}-to-${range.to}.csv`,
        body: csvStream(header, rows, (b): Cell[] => [
          b.date,
          b.start,
          b.end,
          b.minutes,
          b.bed,
          BOOKING_STATUS[b.status] ?? b.status,
          PAID_WITH[b.paidWith] ?? b.paidWith,
          pounds(b.pricePence),
          b.firstName,
          b.lastName,
          b.phone,
          b.email,
          b.bookedBy ?? 'Online',
          b.bookedAt,
        ]),
      }
    },

    async salesCsv(actor: StaffActor, asked: DateRange): Promise<CsvFile> {
      const range = checkRange(asked)
      await audit(actor, 'sales', range)
      const header = [
        'Date',
        'Time',
        'Method',
        'Status',
        'For',
        'Description',
        'Price (£)',
        'Discount (£)',
        'Promo code',
        'Paid (£)',
        'Refunded on',
        'Refunded (£)',
        'First name',
        'Last name',
        'Mobile',
        'Email',
        'Taken by',
      ]
      const rows = batches(batchSize, (after, size) => reports.salesBatch(actor.shopId, range, after, size))
      return {
        filename: `sales-${range.from}-to-${range.to}.csv`,
        body: csvStream(header, rows, (p): Cell[] => [
          p.date,
          p.time,
          METHOD_NAME[methodOf(p.provider)],
          PAYMENT_STATUS[p.status] ?? p.status,
          PURPOSE[p.purpose] ?? p.purpose,
          p.description,
          pounds(p.pricePence),
          pounds(p.discountPence),
          p.promoCode,
          pounds(p.amountPence),
          p.refundedOn,
          p.refundedOn ? pounds(p.refundedPence ?? p.amountPence) : null,
          p.firstName,
          p.lastName,
          p.phone,
          p.email,
          p.recordedBy ?? 'Online',
        ]),
      }
    },

    async marketingCsv(actor: StaffActor): Promise<CsvFile> {
      await audit(actor, 'marketing')
      const today = localDateOf(now(), await reports.timeZone(actor.shopId))
      const header = [
        'First name',
        'Last name',
        'Email',
        'Mobile',
        'Offers from this salon',
        'Agreed to offers from this salon at',
        'News and offers from the group',
        'Agreed to news and offers from the group at',
      ]
      const rows = batches(batchSize, (after, size) => reports.marketingBatch(actor.shopId, after, size))
      return {
        filename: `marketing-${today}.csv`,
        body: csvStream(header, rows, (c): Cell[] => [
          c.firstName,
          c.lastName,
          c.email,
          c.phone,
          c.appMarketing,
          c.appMarketing ? c.appTimestamp : null,
          c.masterMarketing,
          c.masterMarketing ? c.masterTimestamp : null,
        ]),
      }
    },
  }
}
export type Reports = ReturnType<typeof createReports>
