import type { Db } from '@salon/db'
import type { Takings } from '../commerce/public.ts'
import { createOperationsRepository } from './operations.repository.ts'
import { createReports } from './reports.service.ts'
import { createReportsRoutes } from './reports.routes.ts'

/**
 * The reports module as the app uses it: the owner's reports and CSV exports under /api/staff/ (docs/product.md
 * §10.7), and the counts the server's metrics read. It reads what the modules below it keep (bookings, payments,
 * customers, messages) and changes none of it.
 */
export function createReportsModule(deps: { db: Db; takings: Pick<Takings, 'takings'>; now?: () => number }) {
  return {
    staffRoutes: createReportsRoutes(createReports(deps)),
    /** Messages and payments counted by how they stand, for the server's metrics. */
    operations: createOperationsRepository(deps.db),
  }
}
