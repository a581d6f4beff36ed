/** Amplify's password reset, loaded once a customer starts to reset a forgotten password (see amplify.ts). */
import { confirmResetPassword as amplifyConfirmResetPassword, resetPassword as amplifyResetPassword } from 'aws-amplify/auth'

export const resetPassword = (username: string) => amplifyResetPassword({ username })

export const confirmResetPassword = (username: string, confirmationCode: string, newPassword: string) =>
  amplifyConfirmResetPassword({ username, confirmationCode, newPassword })
