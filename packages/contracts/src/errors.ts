import { z } from 'zod'

/** What every refusal of the salon API carries: one sentence a person can act on. */
export const ErrorResponse = z.object({ message: z.string() })
export type ErrorResponse = z.output<typeof ErrorResponse>
