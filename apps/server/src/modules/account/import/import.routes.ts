import { ErrorResponse } from '@salon/contracts/errors'
import { ImportReport, ImportRequest } from '@salon/contracts/staff-import'
import { createRouter, json, jsonBody } from '../../../lib/openapi.ts'
import { staffRoute, type StaffEnv } from '../../shop/public.ts'
import type { CustomerImport } from './import.service.ts'

/** The import's calls: larger bodies than the rest of the API take (app.ts gives them their own limit). */
export const IMPORT_PATH = '/staff/customers/import'
export const IMPORT_PREVIEW_PATH = '/staff/customers/import/preview'

const refusals = {
  413: json(ErrorResponse, 'The file is over 10 MB, or holds more than 50,000 customers'),
  422: json(ErrorResponse, 'The file cannot be read as CSV, has no customers, or no column of mobile numbers or names'),
}

/** Importing customers from the salon's previous system, under /api/staff/ (docs/product.md §10.5): the owner only. */
export function createImportRoutes(customerImport: CustomerImport) {
  return createRouter<StaffEnv>()
    .openapi(
      staffRoute('owner', {
        method: 'post',
        path: IMPORT_PREVIEW_PATH,
        summary: 'A dry run of importing customers from a CSV file: what would be imported, and every row refused and why',
        description:
          'Nothing is written. Answers the columns suggested from the headers and those used (the mapping sent goes over the suggestion), the counts, every row refused with its row number and reasons, and a sample of the rows as they would be imported.',
        request: jsonBody(ImportRequest),
        responses: { 200: json(ImportReport, 'The dry run'), ...refusals },
      }),
      async (c) => c.json(await customerImport.preview(c.get('staff'), c.req.valid('json')), 200),
    )
    .openapi(
      staffRoute('owner', {
        method: 'post',
        path: IMPORT_PATH,
        summary: 'Import customers from a CSV file: new customers signed up at the salon, their minutes and upcoming sessions',
        description:
          'Writes the rows the dry run accepts, in batches; a customer record is written to by one import only, so sending the same file again (or twice at once) imports it once. One line in the audit log, with the counts.',
        request: jsonBody(ImportRequest),
        responses: { 200: json(ImportReport, 'What was imported, and every row refused and why'), ...refusals },
      }),
      async (c) => c.json(await customerImport.import(c.get('staff'), c.req.valid('json')), 200),
    )
}
