// What the packages feature offers other features: the package a visitor chose before signing in, so signing
// in (or up) goes on to pay for it.
export { packageWaitingPath, PAYMENT_PATH, SELECTED_PACKAGE } from './selected-package.ts'
