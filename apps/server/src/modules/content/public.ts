// What the content module offers the rest of the server (docs/decisions/025-server-module-boundaries.md): the app
// imports from here, never from the module's other files.
export { createContentRepository } from './content.repository.ts'
export { createContentRoutes } from './content.routes.ts'
export { createContentService } from './content.service.ts'
export { createSeoRoutes } from './seo.routes.ts'
