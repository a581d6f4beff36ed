import { redirect } from 'react-router'

/** The signed-in customer, as the pages need to know them. */
export interface CustomerSession {
  sub: string
  phone: string
  firstName: string | null
}

/**
 * The current customer of a request, or null when nobody is signed in.
 * Online accounts arrive with the identity service; until then every visitor is signed out.
 */
export async function getSession(_request: Request): Promise<CustomerSession | null> {
  return null
}

/** SPEC §2 guard: a valid current session passes; no session, or any error while checking, goes to /sign-in/. */
export async function requireSession(request: Request, check: typeof getSession = getSession): Promise<CustomerSession> {
  let session: CustomerSession | null = null
  try {
    session = await check(request)
  } catch {
    session = null
  }
  if (!session) throw redirect('/sign-in/')
  return session
}
