// What the account module offers the rest of the server (docs/decisions/025-server-module-boundaries.md): the app
// import from here, never from the module's other files.
export { createAccountModule } from './account.module.ts'
export { IMPORT_PATH, IMPORT_PREVIEW_PATH } from './import/import.routes.ts'
export type { CustomerImport } from './import/import.service.ts'
export { formatReport, IMPORT_USAGE, parseImportArgs, UsageError } from './import/command-line.ts'
