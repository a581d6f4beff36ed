import { AUTH_COOKIE_PREFIX } from './session-cookies.ts'

/**
 * Set on <html> before the first paint when this browser holds a customer's session cookies. A public page is
 * rendered signed out for everyone (docs/decisions/026-shared-pages-for-signed-in-visitors.md): with this mark the
 * header keeps the room of Sign in empty until the page's scripts know who is signed in, rather than offering a
 * signed-in customer to sign in. Without JavaScript nothing sets it, and the signed-out header shows.
 */
export const SESSION_HINT = 'data-session'

/** The inline script that sets the mark: the same for everyone, so a kept page may carry it (allowed by its hash). */
export const SESSION_HINT_SCRIPT = `if(/(?:^|;\\s*)${AUTH_COOKIE_PREFIX}\\.[^.=;]+\\.LastAuthUser=[^;\\s]/.test(document.cookie))document.documentElement.setAttribute('${SESSION_HINT}','')`

/** The page's scripts know who is signed in: the header shows what the session says from now on. */
export function dropSessionHint(): void {
  document.documentElement.removeAttribute(SESSION_HINT)
}
