// What the messages module offers the rest of the server (docs/decisions/025-server-module-boundaries.md): the app
// imports from here, never from the module's other files.
export { createMessagesModule } from './messages.module.ts'
export { EXPIRY_NOTICE_MS, MESSAGE_JOBS } from './messages.service.ts'
export { twilioSignature } from './twilio-webhooks.ts'
