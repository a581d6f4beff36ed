import { ErrorResponse } from '@salon/contracts/errors'
import { NewInSalonCustomer } from '@salon/contracts/staff-day'
import {
  AddCustomerResponse,
  BlockRequest,
  BlockResponse,
  CustomerDetailsRequest,
  CustomerDetailsResponse,
  CustomerNoteRequest,
  CustomerNoteResponse,
  CustomerSearchQuery,
  CustomerSearchResponse,
  EraseRequest,
  EraseResponse,
  StaffCustomerResponse,
} from '@salon/contracts/staff-customers'
import { z } from 'zod'
import { createRouter, json, jsonBody } from '../../lib/openapi.ts'
import { staffRoute, type StaffEnv } from '../shop/public.ts'
import type { StaffCustomers } from './staff-customers.service.ts'

const Sub = z.object({ sub: z.uuid({ message: 'must be a customer id' }) })
const missing = { 404: json(ErrorResponse, 'No such customer at this salon (or erased)') }

/** The customers' calls under /api/staff/ (docs/product.md §10.5). */
export function createStaffCustomersRoutes(customers: StaffCustomers) {
  return createRouter<StaffEnv>()
    .openapi(
      staffRoute('staff', {
        method: 'post',
        path: '/staff/customers',
        summary: 'Sign a customer up at the desk, without a booking: 18 or over, a skin type, a UK mobile number once per salon',
        request: jsonBody(NewInSalonCustomer),
        responses: {
          201: json(AddCustomerResponse, 'Signed up'),
          409: json(ErrorResponse, 'A customer of the salon has this mobile number already (`customerSub` names them)'),
          422: json(ErrorResponse, 'Under 18 today'),
        },
      }),
      async (c) => c.json(await customers.addCustomer(c.get('staff'), c.req.valid('json')), 201),
    )
    .openapi(
      staffRoute('staff', {
        method: 'post',
        path: '/staff/customers/{sub}/notes',
        summary: "Keep a note with a customer's record, with who wrote it and when",
        request: { params: Sub, ...jsonBody(CustomerNoteRequest) },
        responses: { 201: json(CustomerNoteResponse, 'Kept'), ...missing },
      }),
      async (c) => c.json(await customers.addNote(c.get('staff'), c.req.valid('param').sub, c.req.valid('json').text), 201),
    )
    .openapi(
      staffRoute('staff', {
        method: 'get',
        path: '/staff/customers',
        summary: 'Find customers by name, mobile number (however written) or email address',
        description: 'At most 50, by last name; erased customers never appear. A query under 2 characters is refused.',
        request: { query: CustomerSearchQuery },
        responses: { 200: json(CustomerSearchResponse, 'The customers found') },
      }),
      async (c) => c.json(await customers.search(c.get('staff').shopId, c.req.valid('query').query), 200),
    )
    .openapi(
      staffRoute('staff', {
        method: 'get',
        path: '/staff/customers/{sub}',
        summary: "A customer's record: profile, consents (read only), block, lots, bookings, payments and the ledger",
        request: { params: Sub },
        responses: { 200: json(StaffCustomerResponse, 'The record'), ...missing },
      }),
      async (c) => c.json(await customers.profile(c.get('staff').shopId, c.req.valid('param').sub), 200),
    )
    .openapi(
      staffRoute('staff', {
        method: 'put',
        path: '/staff/customers/{sub}',
        summary: "Correct a customer's details at the desk: any of the name, mobile number, email, date of birth and skin type",
        description:
          "A field left out stays as it is; an email of \"\" or null is removed. The sign-up's rules hold (18 or over today, a UK mobile number once per salon). Marketing choices are the customer's own and are refused. An online account's profile changes with the record, so the customer's next sign-in carries it. Upcoming sessions that a new date of birth or skin type now breaks a rule of are listed, never cancelled.",
        request: { params: Sub, ...jsonBody(CustomerDetailsRequest) },
        responses: {
          200: json(CustomerDetailsResponse, 'Corrected (or already so)'),
          ...missing,
          409: json(
            ErrorResponse,
            "Another customer of the salon (or another online account) has this mobile number; or the customer's account is in a Cognito pool the salon cannot write",
          ),
          422: json(ErrorResponse, "Under 18 today; or an online account's email removed"),
        },
      }),
      async (c) => c.json(await customers.correctDetails(c.get('staff'), c.req.valid('param').sub, c.req.valid('json')), 200),
    )
    .openapi(
      staffRoute('owner', {
        method: 'put',
        path: '/staff/customers/{sub}/block',
        summary: 'Put a customer on hold: booking and buying online are refused until unblocked',
        request: { params: Sub, ...jsonBody(BlockRequest) },
        responses: { 200: json(BlockResponse, 'On hold (a second call changes the reason)'), ...missing },
      }),
      async (c) => c.json(await customers.block(c.get('staff'), c.req.valid('param').sub, c.req.valid('json').reason), 200),
    )
    .openapi(
      staffRoute('owner', {
        method: 'delete',
        path: '/staff/customers/{sub}/block',
        summary: 'Take a customer off hold',
        request: { params: Sub },
        responses: { 200: json(BlockResponse, 'No longer on hold'), ...missing },
      }),
      async (c) => c.json(await customers.unblock(c.get('staff'), c.req.valid('param').sub), 200),
    )
    .openapi(
      staffRoute('owner', {
        method: 'get',
        path: '/staff/customers/{sub}/export',
        summary: "The customer's data, as the customer's own download gives it (UK GDPR right of access)",
        request: { params: Sub },
        responses: { 200: json(z.record(z.string(), z.unknown()), 'The data'), ...missing },
      }),
      async (c) => {
        const { sub } = c.req.valid('param')
        const data = await customers.export(c.get('staff'), sub)
        c.header('Content-Disposition', `attachment; filename="customer-${sub}.json"`)
        c.header('Cache-Control', 'no-store')
        return c.json(data, 200)
      },
    )
    .openapi(
      staffRoute('owner', {
        method: 'delete',
        path: '/staff/customers/{sub}',
        summary: 'Erase a customer, as their own account deletion does (UK GDPR right to erasure)',
        request: { params: Sub, ...jsonBody(EraseRequest) },
        responses: { 200: json(EraseResponse, 'Erased'), ...missing },
      }),
      async (c) => c.json(await customers.erase(c.get('staff'), c.req.valid('param').sub, c.req.valid('json').reason), 200),
    )
}
