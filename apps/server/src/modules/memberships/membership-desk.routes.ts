import { ErrorResponse } from '@salon/contracts/errors'
import { MembershipResponse } from '@salon/contracts/memberships'
import { z } from 'zod'
import { createRouter, json } from '../../lib/openapi.ts'
import { staffRoute, type StaffEnv } from '../shop/public.ts'
import type { MembershipDesk } from './membership-desk.service.ts'

const CustomerSub = z.object({ sub: z.uuid({ message: 'must be a customer id' }) })

/** A customer's membership on their page at the desk, for every member of staff (docs/product.md "Memberships"). */
export function createMembershipDeskRoutes(desk: MembershipDesk) {
  return createRouter<StaffEnv>().openapi(
    staffRoute('staff', {
      method: 'get',
      path: '/staff/customers/{sub}/membership',
      summary: "A customer's membership (their live one, else their latest): plan, status, this month, next payment and payments; null when they have none",
      request: { params: CustomerSub },
      responses: { 200: json(MembershipResponse, 'The membership'), 404: json(ErrorResponse, 'No such customer at this salon') },
    }),
    async (c) => c.json(await desk.ofCustomer(c.get('staff').shopId, c.req.valid('param').sub), 200),
  )
}
