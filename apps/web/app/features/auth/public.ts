// What the auth feature offers other features: the session, its messages, and the fields and checks of the
// customer's details, which the account pages share with sign-up.
export { afterSignIn } from './after-sign-in.ts'
export type { DeviceEntry } from './amplify.ts'
export { useAuth } from './auth-context.tsx'
export { usePrepareOnIntent } from './prepare-on-intent.ts'
export { currentIdToken } from './load-amplify.ts'
export { ACCOUNT_UPDATED, PASSWORD_CHANGED, plainErrorMessage } from './common-messages.ts'
export { NameAndEmailFields } from './name-and-email-fields.tsx'
export { PasswordRules } from './password-rules.tsx'
export { validateNewPassword } from './password-validation.ts'
export { dobProblem, emailProblem, nameProblem, skinTypeProblem } from './sign-up-validation.ts'
export { SkinTypeField } from './skin-type-field.tsx'
export { withoutEmpty, type FormErrors } from './validation.ts'
