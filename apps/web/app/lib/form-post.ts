import { useLocation } from 'react-router'

/**
 * Every form on the site posts, so nothing typed ever lands in the address bar or a Referer. Once the page's
 * scripts run they handle the form; a form sent before that reaches the server, and these are the words it answers with.
 */
export const NOT_READY_MESSAGE = 'The page had not finished loading, so nothing was sent. Please try again.'

/** The answer to a form the page could not act on yet: the message, and the fields worth keeping. */
export interface NotReady {
  notReady: true
  values: Record<string, string>
}

/**
 * Where a page's own form posts: this page's address, with its query and the trailing slash every page
 * address has here. React Router's server rendering sees the path without that slash (the browser with it),
 * so its default action would differ between the two and post to an address without the slash.
 */
export function usePageAction() {
  const { pathname, search } = useLocation()
  return `${withTrailingSlash(pathname)}${search}`
}

export const withTrailingSlash = (pathname: string) => (pathname.endsWith('/') ? pathname : `${pathname}/`)
