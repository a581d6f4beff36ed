import type { Db } from '@salon/db'
import type { Takings } from '../commerce/public.ts'
import { createReports } from './reports.service.ts'
import { createReportsRoutes } from './reports.routes.ts'

/**
 * The reports module as the app uses it: the owner's reports and CSV exports under /api/staff/ (docs/product.md
 * §10.7). It reads what the modules below it keep (bookings, payments, customers) and changes none of it.
 */
export function createReportsModule(deps: { db: Db; takings: Pick<Takings, 'takings'>; now?: () => number }) {
  return { staffRoutes: createReportsRoutes(createReports(deps)) }
}
