// What the reports module offers the rest of the server (docs/decisions/025-server-module-boundaries.md): the app
// imports from here, never from the module's other files.
export { createReportsModule } from './reports.module.ts'
