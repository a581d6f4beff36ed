import { SunbedSettings, SunbedSettingsRequest } from '@salon/contracts/sunbed-safety'
import { createRouter, json, jsonBody } from '../../lib/openapi.ts'
import { staffRoute, type StaffEnv } from './staff-route.ts'
import type { SunbedLawSettings } from './sunbed-law.service.ts'

/** The salon's nation and sunbed safety settings under /api/staff/ (docs/product.md §10.4): staff read them, the owner changes them. */
export function createSunbedLawRoutes(settings: SunbedLawSettings) {
  return createRouter<StaffEnv>()
    .openapi(
      staffRoute('staff', {
        method: 'get',
        path: '/staff/sunbed-law',
        summary: "The salon's nation, what its sunbed law asks (with citations), the pause after a skin reaction and the yearly limit of sessions",
        responses: { 200: json(SunbedSettings, 'The settings') },
      }),
      async (c) => c.json(await settings.read(c.get('staff').shopId), 200),
    )
    .openapi(
      staffRoute('owner', {
        method: 'put',
        path: '/staff/sunbed-law',
        summary:
          "Set the salon's nation, the days a skin reaction pauses booking and the yearly limit; optionally ask every customer the health questions again",
        request: jsonBody(SunbedSettingsRequest),
        responses: { 200: json(SunbedSettings, 'Changed') },
      }),
      async (c) => c.json(await settings.change(c.get('staff'), c.req.valid('json')), 200),
    )
}
