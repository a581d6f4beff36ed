import { PhotoIdStatus } from '@salon/contracts/staff-photo-id'
import { NO_SUCH_CUSTOMER } from '@salon/contracts/staff-customers'
import { RetentionDueResponse } from '@salon/contracts/staff-retention'
import { ErrorResponse } from '@salon/contracts/errors'
import { z } from 'zod'
import { HttpError } from '../../lib/errors.ts'
import { createRouter, json } from '../../lib/openapi.ts'
import { staffRoute, type ShopRepository, type StaffEnv } from '../shop/public.ts'
import type { Db } from '@salon/db'
import type { CustomersRepository } from './customers.repository.ts'
import { photoIdStatus } from './photo-id-checks.service.ts'
import type { Retention } from './retention.service.ts'

/** Counts of customers' data and whom it is about: never kept by a browser or anything between. */
const PRIVATE = { 'Cache-Control': 'private, no-store' }

const Sub = z.object({ sub: z.uuid({ message: 'must be a customer id' }) })

/**
 * The staff calls of the privacy notice's promises (docs/product.md §4.16, §10.5, §10.7): what the retention jobs
 * will delete at their next run (the owner), and whether a customer's photo ID has been checked (every member).
 */
export function createRetentionRoutes(deps: { db: Db; retention: Retention; customers: CustomersRepository; shops: ShopRepository }) {
  return createRouter<StaffEnv>()
    .openapi(
      staffRoute('owner', {
        method: 'get',
        path: '/staff/retention',
        summary: 'What the next run of the retention jobs will delete at this salon, and when it runs',
        description: 'Counts only: customers inactive for the privacy notice’s period, contact messages, offer sign-ups and withdrawn consents past theirs.',
        responses: { 200: json(RetentionDueResponse, 'What is due') },
      }),
      async (c) => c.json(await deps.retention.due(c.get('staff').shopId), 200, PRIVATE),
    )
    .openapi(
      staffRoute('staff', {
        method: 'get',
        path: '/staff/customers/{sub}/photo-id',
        summary: "Whether the desk must check the customer's photo ID before booking or selling, and the check recorded",
        request: { params: Sub },
        responses: { 200: json(PhotoIdStatus, 'Needed, or the check made'), 404: json(ErrorResponse, 'No such customer at this salon') },
      }),
      async (c) => {
        const { shopId } = c.get('staff')
        const { sub } = c.req.valid('param')
        if (!(await deps.customers.find(shopId, sub))) throw new HttpError(404, NO_SUCH_CUSTOMER)
        const shop = await deps.shops.findShop(shopId)
        return c.json(await photoIdStatus(deps.db, shopId, sub, shop?.timeZone ?? 'Europe/London'), 200, PRIVATE)
      },
    )
}
