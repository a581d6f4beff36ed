import { z } from 'zod'

/**
 * What the next run of the retention jobs will delete (docs/product.md §4.16, §10.7): GET /api/staff/retention, for
 * the owner. Counts only, never who: the jobs delete what the privacy notice says they do (packages/contracts/src/rules/retention.ts).
 */
const Due = z.object({
  /** How many will go at the next run. */
  count: z.number().int(),
  /** They go because their last activity, or the time that counts for them, is before this instant (ISO 8601 with the shop's offset). */
  before: z.string(),
})

export const RetentionDueResponse = z.object({
  /** When the daily jobs run next (ISO 8601 with the shop's offset): what is counted here is what is due then. */
  nextRunAt: z.string(),
  /** Customers who have not booked, bought or signed in for the period and have no minutes left: erased. */
  customers: Due,
  /** Contact-form messages past their period since they arrived or were last marked answered: deleted. */
  contactMessages: Due,
  /** Details left in the offer popup past their period: deleted. */
  offerLeads: Due,
  /** Withdrawn marketing consents whose time of withdrawal is past its period: the time is forgotten. */
  withdrawnConsents: Due,
})
export type RetentionDueResponse = z.infer<typeof RetentionDueResponse>
