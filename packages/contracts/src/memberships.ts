import { z } from 'zod'
import { strictBody } from './account.ts'
import { IdempotencyKey } from './commerce.ts'
import { pence } from './staff-catalogue.ts'

/**
 * Monthly memberships (docs/product.md "Memberships"): the owner's plans under /api/staff/, and a customer's own
 * membership under /api/p_account/. Money is integer pence; request objects are strict.
 */

const whole = (min: number, max: number, what: string) =>
  z
    .number({ message: `must be a whole number of ${what}` })
    .int({ message: `must be a whole number of ${what}` })
    .min(min, { message: `must be at least ${min}` })
    .max(max, { message: `must be at most ${max}` })

export const AllowanceKind = z.enum(['minutes', 'sessions', 'unlimited'], { message: 'must be minutes, sessions or unlimited' })

export const MembershipPlanRequest = strictBody({
  name: z.string({ message: 'must be text' }).trim().min(1, { message: 'is required' }).max(60, { message: 'must be at most 60 characters' }),
  pricePence: pence(30, 100_000),
  allowanceKind: AllowanceKind,
  /** Minutes or sessions a month; left out (or null) for unlimited. */
  allowance: whole(1, 10_000, 'minutes or sessions').nullable().optional(),
  bedTypes: z.array(z.string().min(1).max(40), { message: 'must be a list of bed types' }).min(1, { message: 'must name at least one bed type' }).max(20),
  minimumPeriods: whole(0, 24, 'months'),
  maxPausePeriods: whole(0, 12, 'months'),
}).refine((p) => (p.allowanceKind === 'unlimited') === (p.allowance == null), {
  message: 'A plan of minutes or sessions needs how many a month; an unlimited plan has none.',
  path: ['allowance'],
})
export type MembershipPlanRequest = z.infer<typeof MembershipPlanRequest>

export const MembershipPlan = z.object({
  id: z.uuid(),
  name: z.string(),
  pricePence: z.number().int(),
  period: z.literal('month'),
  allowanceKind: AllowanceKind,
  allowance: z.number().int().nullable(),
  bedTypes: z.array(z.string()),
  minimumPeriods: z.number().int(),
  maxPausePeriods: z.number().int(),
  active: z.boolean(),
})
export type MembershipPlan = z.infer<typeof MembershipPlan>

export const MembershipPlansResponse = z.object({ plans: z.array(MembershipPlan) })
export type MembershipPlansResponse = z.infer<typeof MembershipPlansResponse>

export const MembershipStatus = z.enum(['pending', 'active', 'past_due', 'paused', 'cancelled'])

export const MembershipPayment = z.object({
  id: z.uuid(),
  period: z.number().int(),
  kind: z.enum(['join', 'renewal', 'card_change']),
  amountPence: z.number().int(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  error: z.string().nullable(),
  at: z.string(),
})

export const Membership = z.object({
  id: z.uuid(),
  planId: z.uuid(),
  planName: z.string(),
  pricePence: z.number().int(),
  allowanceKind: AllowanceKind,
  allowance: z.number().int().nullable(),
  bedTypes: z.array(z.string()),
  status: MembershipStatus,
  pausedReason: z.enum(['payment_failed', 'customer']).nullable(),
  cardLast4: z.string().nullable(),
  period: z.number().int(),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  /** When the next payment is due and how much, while renewals run; null once it is ending or ended. */
  nextPayment: z.object({ at: z.string(), amountPence: z.number().int() }).nullable(),
  /** When a cancellation takes effect. */
  endsAt: z.string().nullable(),
  /** The earliest a cancellation can take effect (the end of the month or of the minimum term). */
  earliestEnd: z.string().nullable(),
  pauseRequested: z.number().int(),
  pauseLeft: z.number().int(),
  /** Minutes or sessions left this month; null for unlimited, or before the first month starts. */
  leftThisMonth: z.number().int().nullable(),
  payments: z.array(MembershipPayment),
})
export type Membership = z.infer<typeof Membership>

export const MembershipResponse = z.object({ membership: Membership.nullable(), message: z.string().optional() })
export type MembershipResponse = z.infer<typeof MembershipResponse>

/** What the browser needs to pay by card: the offline processor's or Stripe's intent. */
export const MembershipCheckout = z.object({
  membership: Membership,
  payment: z.object({ id: z.uuid(), providerRef: z.string(), clientSecret: z.string(), amountPence: z.number().int(), publishableKey: z.string().nullable() }),
})
export type MembershipCheckout = z.infer<typeof MembershipCheckout>

export const JoinRequest = strictBody({ planId: z.uuid({ message: 'must be a membership plan id' }) })
export const PauseRequest = strictBody({ months: whole(1, 12, 'months') })
export const MembershipPaymentRequest = strictBody({ paymentId: z.uuid({ message: 'must be a payment id' }) })
export { IdempotencyKey }

/** A month of the shop's local calendar, YYYY-MM. */
const Month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'must be a month as YYYY-MM' })
export const MembershipReportQuery = strictBody({ from: Month, to: Month }).refine((q) => q.from <= q.to, {
  message: 'from must not be after to',
  path: ['from'],
})
export type MembershipReportQuery = z.infer<typeof MembershipReportQuery>

export const MembershipReportMonth = z.object({
  month: z.string(),
  /** Members at the month's end (active, past due or paused). */
  members: z.number().int(),
  joins: z.number().int(),
  cancellations: z.number().int(),
  /** Membership payments taken in the month, in pence. */
  revenuePence: z.number().int(),
})
export const MembershipReport = z.object({ months: z.array(MembershipReportMonth) })
export type MembershipReport = z.infer<typeof MembershipReport>
