import type { Account, AccountResponse } from '@salon/contracts/account'
import type { PublicConfig } from '@salon/contracts/web'
import { ApiError } from '../../lib/api.ts'
import { browserApi } from '../../lib/browser-api.ts'
import { endSession } from './end-session.ts'
import { loadAmplify } from './load-amplify.ts'
import { hasSessionCookie } from './session-cookies.ts'

/**
 * The browser half of the docs/product.md §2 guard: the session must give an identity token (Amplify refreshes an expired
 * one) and the API must accept it. A 401 means the session was revoked or has expired: it is signed out here too.
 * Resolves to the customer's account; rejects on any failure, and the guard then sends the visitor to sign in.
 */
export async function confirmSession(config: PublicConfig): Promise<Account> {
  if (!hasSessionCookie(document.cookie, config.identity.userPoolClientId)) throw new Error('No session')
  const auth = await loadAmplify(config.identity)
  const { tokens } = await auth.fetchAuthSession()
  const idToken = tokens?.idToken?.toString()
  if (!idToken) {
    await endSession(auth).catch(() => undefined)
    throw new Error('The session has ended')
  }
  try {
    return (await browserApi.get<AccountResponse>('p_account')).account
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) await endSession(auth).catch(() => undefined)
    throw error
  }
}
