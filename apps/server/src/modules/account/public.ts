// What the account module offers the rest of the server (docs/decisions/025-server-module-boundaries.md): the app
// imports from here, never from the module's other files.
export { createAccountRoutes } from './account.routes.ts'
export { createAccountService } from './account.service.ts'
