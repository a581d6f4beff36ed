import { z } from 'zod'
import { CashUp } from './staff-counter.ts'
import { LocalDate } from './local-date.ts'

/**
 * The staff back office's leads and messages (docs/product.md §10.6), and the owner's reports and CSV exports
 * (§10.7): the calls under /api/staff/leads, /api/staff/reports and /api/staff/exports, shared by the server and
 * the staff pages.
 */

/* ---------- Leads and messages (§10.6) ---------- */

/** `offer`: a sign-up from the offers popup (popup_leads); `message`: a message from the contact form (contact_messages). */
export const LeadKind = z.enum(['offer', 'message'], { message: 'must be offer or message' })
export type LeadKind = z.infer<typeof LeadKind>

export const Lead = z.object({
  kind: LeadKind,
  /** The row's id within its kind: `kind` and `id` together name a lead. */
  id: z.number().int(),
  /** When it was sent (ISO 8601). */
  at: z.string(),
  /** The sender's name (a first name for an offer sign-up). */
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** The contact form's message; null for an offer sign-up. */
  message: z.string().nullable(),
  /** The consent wording an offer sign-up agreed to; null for a message. */
  consentText: z.string().nullable(),
  /** When the sender ticked the consent box (ISO 8601). */
  consentAt: z.string(),
  /** When a member of staff marked it handled (ISO 8601), and their name; both null while it waits. */
  handledAt: z.string().nullable(),
  handledBy: z.string().nullable(),
})
export type Lead = z.infer<typeof Lead>

/** A page of leads: pass `nextBefore` as `before` for the next, older page; null when there is none. */
export const LeadsResponse = z.object({ leads: z.array(Lead), nextBefore: z.string().nullable() })
export type LeadsResponse = z.infer<typeof LeadsResponse>

/** The position of a lead in the list, newest first: microseconds since 1970, its kind and its id. */
export const LEAD_CURSOR = /^\d{1,20}-(offer|message)-\d{1,19}$/

export const LeadsQuery = z.strictObject({
  /** false (the default): those still waiting; true: those handled. */
  handled: z.enum(['true', 'false'], { message: 'must be true or false' }).optional(),
  before: z.string().regex(LEAD_CURSOR, { message: 'must be the nextBefore of an earlier page' }).optional(),
})

export const LeadHandledRequest = z.strictObject({ handled: z.boolean({ message: 'must be true or false' }) })
export type LeadHandledRequest = z.infer<typeof LeadHandledRequest>

/* ---------- Reports and exports (§10.7) ---------- */

/** The longest range a report or export covers, in days, first and last included. */
export const REPORT_MAX_DAYS = 366

/** A range of the shop's local dates, `from` to `to`, both included. */
export const ReportRangeQuery = z.strictObject({ from: LocalDate, to: LocalDate })
export type ReportRangeQuery = z.infer<typeof ReportRangeQuery>

const SessionCounts = {
  /** Sessions the customer came to. */
  attended: z.number().int(),
  /** Sessions the customer missed (marked no-show by staff). */
  noShow: z.number().int(),
  /** Sessions still booked: not yet marked attended or no-show. */
  booked: z.number().int(),
  cancelled: z.number().int(),
  /** Minutes of the sessions not cancelled (attended, no-show and booked). */
  minutes: z.number().int(),
  /** Minutes of the sessions attended: the bed's time in use. */
  attendedMinutes: z.number().int(),
}

export const SessionsReportRow = z.object({ bedId: z.string(), bedName: z.string(), ...SessionCounts })

export const SessionsReport = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  /** Per local date and bed, dates in order, only the days a bed had a session. */
  days: z.array(SessionsReportRow.extend({ date: z.string() })),
  /** Per ISO week (`2026-W44`, starting Monday `weekStart`) and bed, the weeks cut to the range. */
  weeks: z.array(SessionsReportRow.extend({ week: z.string(), weekStart: z.string() })),
  totals: z.object(SessionCounts),
})
export type SessionsReport = z.infer<typeof SessionsReport>

/** How money came in: a card online (the card provider), cash or the card terminal at the counter. */
export const PaymentMethod = z.enum(['online_card', 'cash', 'card_terminal'])
export type PaymentMethod = z.infer<typeof PaymentMethod>

export const SalesReport = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  /**
   * Packages sold in the range and kept (not given back), per package, with what was paid for them after discounts
   * (products sold with a package are counted under `products`); minutes sold loose at the counter are one more row,
   * with `packageId` null.
   */
  packages: z.array(z.object({ packageId: z.string().nullable(), name: z.string(), count: z.number().int(), revenuePence: z.number().int() })),
  /** Products sold at the counter and kept, alone or with a package, per product: how many and for how much. */
  products: z.array(z.object({ extraId: z.string().nullable(), name: z.string(), quantity: z.number().int(), revenuePence: z.number().int() })),
  /** Promo codes used on those sales, per code, and the discount they gave. */
  promoCodes: z.array(z.object({ code: z.string(), uses: z.number().int(), discountPence: z.number().int() })),
  /**
   * Money per method, always the three: `payments` and `grossPence`, what came in during the range; `refundedPence`,
   * what was given back during it (on the day of the refund, whenever the payment was); `netPence`, the difference.
   */
  takings: z.array(
    z.object({ method: PaymentMethod, payments: z.number().int(), grossPence: z.number().int(), refundedPence: z.number().int(), netPence: z.number().int() }),
  ),
  totals: z.object({ grossPence: z.number().int(), refundedPence: z.number().int(), netPence: z.number().int() }),
  /** The range's cash-ups at the desk, by date (docs/product.md §10.3). */
  cashUps: z.array(CashUp),
})
export type SalesReport = z.infer<typeof SalesReport>

/** The CSV files the owner downloads (UTF-8 with a byte-order mark, CRLF lines, RFC 4180 quoting). */
export const EXPORTS = ['bookings', 'sales', 'cash-ups', 'marketing'] as const
export type ExportName = (typeof EXPORTS)[number]
