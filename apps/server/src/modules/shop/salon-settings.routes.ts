import { CounterRules } from '@salon/contracts/staff-counter'
import { OpeningHoursRequest, SalonDetails, SalonSettings } from '@salon/contracts/staff-manage'
import { createRouter, json, jsonBody } from '../../lib/openapi.ts'
import type { SalonManagement } from './salon-settings.service.ts'
import { staffRoute, type StaffEnv } from './staff-route.ts'

/**
 * The salon's details and opening hours (docs/product.md §10.4) and the counter's discount limit (§10.3) under
 * /api/staff/: staff read them, the owner changes them.
 */
export function createSalonManageRoutes(salon: SalonManagement) {
  return createRouter<StaffEnv>()
    .openapi(
      staffRoute('staff', {
        method: 'get',
        path: '/staff/salon',
        summary: "The salon's details, time zone and opening hours",
        responses: { 200: json(SalonSettings, 'The salon as it is now') },
      }),
      async (c) => c.json(await salon.read(c.get('staff').shopId), 200),
    )
    .openapi(
      staffRoute('owner', {
        method: 'put',
        path: '/staff/salon',
        summary: "Change the salon's name, tagline, address, phone and email (shown on the customer site at once)",
        request: jsonBody(SalonDetails),
        responses: { 200: json(SalonSettings, 'Changed') },
      }),
      async (c) => c.json(await salon.changeDetails(c.get('staff'), c.req.valid('json')), 200),
    )
    .openapi(
      staffRoute('owner', {
        method: 'put',
        path: '/staff/salon/hours',
        summary: 'Set the opening hours of the whole week; a weekday left out is closed',
        request: jsonBody(OpeningHoursRequest),
        responses: { 200: json(SalonSettings, 'Changed') },
      }),
      async (c) => c.json(await salon.changeHours(c.get('staff'), c.req.valid('json').hours), 200),
    )
    .openapi(
      staffRoute('staff', {
        method: 'get',
        path: '/staff/counter-rules',
        summary: 'How far below the price list, in percent, staff may sell minutes at the counter',
        responses: { 200: json(CounterRules, 'The limit') },
      }),
      async (c) => c.json(await salon.counterRules(c.get('staff').shopId), 200),
    )
    .openapi(
      staffRoute('owner', {
        method: 'put',
        path: '/staff/counter-rules',
        summary: 'Set how far below the price list, in whole percent from 0 to 100, staff may sell; past it only the owner sells',
        request: jsonBody(CounterRules),
        responses: { 200: json(CounterRules, 'Changed') },
      }),
      async (c) => c.json(await salon.changeCounterRules(c.get('staff'), c.req.valid('json')), 200),
    )
}
