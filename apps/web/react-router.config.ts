import type { Config } from '@react-router/dev/config'

export default {
  ssr: true,
  // Every page loads the routes' manifest (3 kB compressed, cached across pages) rather than asking the server for the
  // routes its links lead to once it has loaded: each such answer made React Router render the whole page again
  // (docs/speed.md).
  routeDiscovery: { mode: 'initial' },
} satisfies Config
