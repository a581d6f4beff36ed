import { z } from 'zod'

/**
 * Work the server does later for the salon (a message, a receipt, a refund, a renewal) that failed on every try and
 * was given up: the owner sees it on the reports page and may have it tried again (docs/operations.md "Work that
 * failed"). GET /api/staff/jobs/failed and POST /api/staff/jobs/{id}/retry.
 */
export const FailedJob = z.object({
  id: z.string(),
  /** The kind of work, as the server names it (payment.receipt). */
  kind: z.string(),
  /** What it is, in words: "A receipt by email". */
  what: z.string(),
  /** When it was given up (ISO 8601). */
  failedAt: z.string(),
  tries: z.number().int(),
  /** Why the last try failed, as the server or the provider said it. */
  error: z.string().nullable(),
})
export type FailedJob = z.infer<typeof FailedJob>

export const FailedJobsResponse = z.object({ jobs: z.array(FailedJob) })
export type FailedJobsResponse = z.infer<typeof FailedJobsResponse>

export const RetryJobResponse = z.object({ message: z.string() })
export type RetryJobResponse = z.infer<typeof RetryJobResponse>
