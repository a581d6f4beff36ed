import type { WebLoadContext } from '@salon/contracts/web'

// What the server hands every loader and action (apps/server's web handler builds it), declared once for all of them.
declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- an interface merge is how React Router types the context
  interface AppLoadContext extends WebLoadContext {}
}
