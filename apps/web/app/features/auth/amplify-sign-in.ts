/** Amplify's sign-in with a password, loaded once a customer starts to sign in (see amplify.ts). */
import { signIn as amplifySignIn } from 'aws-amplify/auth'

/**
 * Sign-ins use Amplify's default, USER_SRP_AUTH: the password never leaves the browser. An account made before
 * SRP sign-in has no verifier yet; the pool says so, and that one sign-in is made with the password instead,
 * which gives the account its verifier (docs/decisions/017).
 */
const PASSWORD_FLOW = { authFlowType: 'USER_PASSWORD_AUTH' } as const
const needsPasswordFlowOnce = (error: unknown) =>
  (error as { name?: string } | null)?.name === 'NotAuthorizedException' && /USER_PASSWORD_AUTH once more/.test((error as Error).message)

export async function signIn(username: string, password: string) {
  try {
    return await amplifySignIn({ username, password })
  } catch (error) {
    if (!needsPasswordFlowOnce(error)) throw error
    return amplifySignIn({ username, password, options: PASSWORD_FLOW })
  }
}
