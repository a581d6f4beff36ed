/** Amplify's sign-up and its confirmation, loaded once a customer starts to sign up or confirm (see amplify.ts). */
import {
  autoSignIn as amplifyAutoSignIn,
  confirmSignUp as amplifyConfirmSignUp,
  resendSignUpCode as amplifyResendSignUpCode,
  signUp as amplifySignUp,
} from 'aws-amplify/auth'

export const signUp = (input: { username: string; password: string; attributes: Record<string, string>; clientMetadata: Record<string, string> }) =>
  amplifySignUp({
    username: input.username,
    password: input.password,
    options: { userAttributes: input.attributes, clientMetadata: input.clientMetadata, autoSignIn: true },
  })

export const confirmSignUp = (username: string, confirmationCode: string, clientMetadata: Record<string, string>) =>
  amplifyConfirmSignUp({ username, confirmationCode, options: { clientMetadata } })

// Amplify swaps autoSignIn for the real one once a sign-up starts: read the live binding at call time.
export const autoSignIn = () => amplifyAutoSignIn()

export const resendSignUpCode = (username: string) => amplifyResendSignUpCode({ username })
