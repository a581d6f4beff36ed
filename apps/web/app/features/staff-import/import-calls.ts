import type { ImportReport, ImportRequest } from '@salon/contracts/staff-import'
import { staffApi } from '../staff/public.ts'

/** The customer import's two calls (docs/product.md §10.5): a dry run that writes nothing, and the import itself. */
export const importCalls = {
  preview: (request: ImportRequest) => staffApi.post<ImportReport>('staff/customers/import/preview', request),
  import: (request: ImportRequest) => staffApi.post<ImportReport>('staff/customers/import', request),
}
