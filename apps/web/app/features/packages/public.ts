import { lazy } from 'react'

// What the packages feature offers other features: the package a visitor chose before signing in, so signing
// in (or up) goes on to pay for it; and the offline card form, loaded only once a payment is started, for other
// features' card payments (a membership's).
export { packageWaitingPath, PAYMENT_PATH, SELECTED_PACKAGE } from './selected-package.ts'
export const CardForm = lazy(() => import('./card-form.tsx'))
