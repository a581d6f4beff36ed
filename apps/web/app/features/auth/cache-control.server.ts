import { AUTH_COOKIE_PREFIX, parseCookies } from './session-cookies.ts'

/** A response that only this browser may keep, and only until it has shown it. */
export const PRIVATE = 'private, no-store'

/**
 * The pages behind the sign-in guard (routes/protected.tsx), the pages that sign a customer in or reset a
 * password, the pages of one customer's booking, and the gift voucher checkout (open to visitors, but a buyer's). Written without the trailing slash.
 */
const PRIVATE_PAGES = new Set([
  '/account',
  '/account/balance',
  '/account/membership',
  '/book/health',
  '/upcoming-booking',
  '/payment',
  '/gift-vouchers',
  '/refer-earn',
  '/sign-in',
  '/sign-up',
  '/sign-up/confirm',
  '/forgot-password',
  '/booking',
  '/confirmation',
  '/confirmation/success',
])

/** What is read of a request here: a Fetch request, or the server's view of one it answers from memory. */
export interface PageRequest {
  method: string
  url: string
  headers: Pick<Headers, 'get'>
}

/** The page a request is for: React Router asks for a page's data at /page/_.data or /page.data, and for the home page's at /_root.data. */
function pagePath(pathname: string): string {
  const page = pathname
    .replace(/\/_\.data$/, '')
    .replace(/^\/_root\.data$/, '/')
    .replace(/\.data$/, '')
  return page.length > 1 ? page.replace(/\/+$/, '') : page
}

/**
 * The pages of the salon's public content, which the server keeps and sends to every visitor (apps/server/src/web.ts
 * `isSharedPage` lists the same): the home page, prices, the blog and its posts, the packages and the privacy notice.
 */
const SHARED_PAGES = /^\/(?:prices|blog(?:\/[^/]+)?|book\/package|privacypolicy)?$/

/**
 * Whether this request is for the HTML of a public page, which is rendered the same for everyone, signed in or
 * not (docs/decisions/026-shared-pages-for-signed-in-visitors.md): the customer's own parts of it (the header's
 * Account Balance, Sign out) come from the browser once the page has loaded. Not its data (a navigation in the
 * browser, which is the customer's), nor a form sent to it, whose answer is the sender's.
 */
export function isSharedPage(request: PageRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  const { pathname } = new URL(request.url)
  return !pathname.endsWith('.data') && SHARED_PAGES.test(pagePath(pathname))
}

/**
 * The Cache-Control a server-rendered response must carry, or null to leave it as it is. A public page is the same
 * for everyone, whatever cookies come with the request (the server gives it its shared caching). Any other page
 * rendered for a signed-in customer shows who they are, so a request with Amplify's session cookies is private;
 * so are the customer's own pages and the sign-in pages, whoever asks.
 */
export function cacheControl(request: PageRequest): string | null {
  if (isSharedPage(request)) return null
  const cookies = parseCookies(request.headers.get('cookie'))
  for (const name of cookies.keys()) if (name.startsWith(`${AUTH_COOKIE_PREFIX}.`)) return PRIVATE
  const page = pagePath(new URL(request.url).pathname)
  // The staff back office (docs/product.md §10), every page of it, and a waitlist offer's page (its address holds the
  // offer's token), whoever asks.
  return PRIVATE_PAGES.has(page) || page === '/staff' || page.startsWith('/staff/') || page.startsWith('/waitlist-offer/') ? PRIVATE : null
}
