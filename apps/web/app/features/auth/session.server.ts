import { redirect } from 'react-router'
import { parseCookies, sessionFromCookies, type CustomerSession } from './session-cookies.ts'

export type { CustomerSession }

/**
 * The current customer of a request, from the cookies Amplify keeps, or null when nobody is signed in.
 * Decoding is enough here: it decides what the page shows, while the API checks every token it is sent.
 */
export async function getSession(request: Request, clientId?: string): Promise<CustomerSession | null> {
  return sessionFromCookies(parseCookies(request.headers.get('cookie')), { clientId })
}

/** docs/product.md §2 guard: a valid current session passes; no session, or any error while checking, goes to /sign-in/. */
export async function requireSession(request: Request, check: (request: Request) => Promise<CustomerSession | null> = getSession): Promise<CustomerSession> {
  let session: CustomerSession | null = null
  try {
    session = await check(request)
  } catch {
    session = null
  }
  if (!session) throw redirect('/sign-in/')
  return session
}
