import { z } from 'zod'

/** A card refund the salon owes (docs/product.md §4.14, §10.3): being tried, or failed after its last try. */
export const OwedRefund = z.object({
  paymentId: z.string(),
  amountPence: z.number().int(),
  description: z.string(),
  customerName: z.string(),
  phone: z.string().nullable(),
  sessionStartsAt: z.string().nullable(),
  owedAt: z.string(),
  /** Set when every try failed: the salon must act (try again, or refund by other means). */
  failedAt: z.string().nullable(),
  error: z.string().nullable(),
})
export type OwedRefund = z.infer<typeof OwedRefund>
export const OwedRefundsResponse = z.object({ refunds: z.array(OwedRefund) })
export type OwedRefundsResponse = z.infer<typeof OwedRefundsResponse>
