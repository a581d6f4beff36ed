// What the content module offers the rest of the server (docs/decisions/025-server-module-boundaries.md): the app
// import from here, never from the module's other files.
export { createContentModule } from './content.module.ts'
export { UPLOAD_PATH } from './content-management.routes.ts'
