import { ErrorResponse } from '@salon/contracts/errors'
import { OwedRefundsResponse } from '@salon/contracts/staff-refunds'
import { z } from 'zod'
import { createRouter, json } from '../../lib/openapi.ts'
import { staffRoute, type StaffEnv } from '../shop/public.ts'
import type { createRefunds } from './refunds.service.ts'

const PaymentId = z.object({ paymentId: z.uuid({ message: 'must be a payment id' }) })

/** The card refunds the salon owes, and trying a failed one again (owner, docs/product.md §10.3). */
export function createRefundsRoutes(refunds: ReturnType<typeof createRefunds>) {
  return createRouter<StaffEnv>()
    .openapi(
      staffRoute('owner', {
        method: 'get',
        path: '/staff/refunds',
        summary: 'Card refunds owed to customers: failed ones first, then those being tried',
        responses: { 200: json(OwedRefundsResponse, 'The refunds owed') },
      }),
      async (c) => {
        const rows = await refunds.owed(c.get('staff').shopId)
        return c.json(
          {
            refunds: rows.map((r) => ({
              ...r,
              sessionStartsAt: r.sessionStartsAt?.toISOString() ?? null,
              owedAt: r.owedAt!.toISOString(),
              failedAt: r.failedAt?.toISOString() ?? null,
            })),
          },
          200,
        )
      },
    )
    .openapi(
      staffRoute('owner', {
        method: 'post',
        path: '/staff/refunds/{paymentId}/retry',
        summary: 'Try a failed card refund again',
        request: { params: PaymentId },
        responses: { 202: { description: 'Asked for again' }, 404: json(ErrorResponse, 'No failed refund with this id at this salon') },
      }),
      async (c) => {
        await refunds.retry(c.get('staff'), c.req.valid('param').paymentId)
        return c.body(null, 202)
      },
    )
}
