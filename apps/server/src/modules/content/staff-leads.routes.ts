import { ErrorResponse } from '@salon/contracts/errors'
import { Lead, LeadHandledRequest, LeadKind, LeadsQuery, LeadsResponse } from '@salon/contracts/staff-reports'
import { z } from 'zod'
import { createRouter, json } from '../../lib/openapi.ts'
import { staffRoute, type StaffEnv } from '../shop/public.ts'
import type { StaffLeads } from './staff-leads.service.ts'

/** Leads hold personal data: never kept by a browser or anything between. */
const PRIVATE = { 'Cache-Control': 'private, no-store' }

const LeadParams = z.object({
  kind: LeadKind,
  id: z.coerce
    .number({ message: 'must be the id of an offer sign-up or message' })
    .int({ message: 'must be the id of an offer sign-up or message' })
    .positive({ message: 'must be the id of an offer sign-up or message' })
    .max(Number.MAX_SAFE_INTEGER, { message: 'must be the id of an offer sign-up or message' }),
})

/** The staff's calls for leads and messages (docs/product.md §10.6). */
export function createStaffLeadsRoutes(leads: StaffLeads) {
  return createRouter<StaffEnv>()
    .openapi(
      staffRoute('staff', {
        method: 'get',
        path: '/staff/leads',
        summary: "The offers popup's sign-ups and the contact form's messages, waiting (handled=false, the default) or handled, newest first",
        request: { query: LeadsQuery },
        responses: { 200: json(LeadsResponse, 'A page of fifty, and where the next begins') },
      }),
      async (c) => {
        const query = c.req.valid('query')
        const page = await leads.list(c.get('staff').shopId, { handled: query.handled === 'true', before: query.before })
        return c.json(page, 200, PRIVATE)
      },
    )
    .openapi(
      staffRoute('staff', {
        method: 'put',
        path: '/staff/leads/{kind}/{id}/handled',
        summary: 'Mark a sign-up or message handled (recording who and when), or waiting again',
        request: { params: LeadParams, body: { content: { 'application/json': { schema: LeadHandledRequest } }, required: true } },
        responses: { 200: json(Lead, 'The lead as it now is'), 404: json(ErrorResponse, 'No such lead at this salon') },
      }),
      async (c) => {
        const { kind, id } = c.req.valid('param')
        const lead = await leads.setHandled(c.get('staff'), kind, id, c.req.valid('json').handled)
        return c.json(lead, 200, PRIVATE)
      },
    )
}
