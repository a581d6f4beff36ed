import { ErrorResponse } from '@salon/contracts/errors'
import { FailedJobsResponse, RetryJobResponse } from '@salon/contracts/staff-jobs'
import { z } from 'zod'
import { createRouter, json } from '../lib/openapi.ts'
import { staffRoute, type StaffEnv } from '../modules/shop/public.ts'
import type { FailedWork } from './failed-jobs.ts'

const PRIVATE = { 'Cache-Control': 'private, no-store' }
const JobId = z.object({ id: z.uuid({ message: 'must be the id of a failed piece of work' }) })

/** The salon's work that failed for good, and trying one again (owner only; docs/operations.md "Work that failed"). */
export function createFailedJobRoutes(work: FailedWork) {
  return createRouter<StaffEnv>()
    .openapi(
      staffRoute('owner', {
        method: 'get',
        path: '/staff/jobs/failed',
        summary: 'Work for the salon that failed on every try (a message, a receipt, a refund, a renewal), newest first',
        responses: { 200: json(FailedJobsResponse, 'The failed work') },
      }),
      async (c) => c.json({ jobs: await work.list(c.get('staff').shopId) }, 200, PRIVATE),
    )
    .openapi(
      staffRoute('owner', {
        method: 'post',
        path: '/staff/jobs/{id}/retry',
        summary: 'Try a failed piece of work again, now',
        request: { params: JobId },
        responses: {
          200: json(RetryJobResponse, 'Queued again'),
          404: json(ErrorResponse, 'No such failed work at this salon'),
          409: json(ErrorResponse, 'It is no longer failed'),
        },
      }),
      async (c) => c.json(await work.retry(c.get('staff'), c.req.valid('param').id), 200),
    )
}
