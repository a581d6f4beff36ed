import { data } from 'react-router'
import type { Route } from './+types/not-found'

export const meta: Route.MetaFunction = () => [{ title: 'Page not found' }, { name: 'robots', content: 'noindex' }]

/** Any path no other route claims: the layout's error boundary shows a helpful 404 with status 404. */
export function loader(_args: Route.LoaderArgs) {
  throw data('Not found', { status: 404 })
}

export default function NotFound() {
  return null
}
