// What the hosted sign-in module offers the rest of the server (docs/decisions/025-server-module-boundaries.md):
// the app imports from here, never from the module's other files.
export { createHostedSignIn, removeExpiredSignIns, type HostedSignInOptions, type SocialProviderSettings } from './hosted-sign-in.module.ts'
