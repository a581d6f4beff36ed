import { data } from 'react-router'
import { loadFreeTimes } from '../features/booking/planner-data.ts'
import type { Route } from './+types/book-times'

// Not a page: the booking planner loads the free times from here with a fetcher, in the browser.

export function loader(): never {
  throw data(null, { status: 404 })
}

export const clientLoader = ({ request }: Route.ClientLoaderArgs) => loadFreeTimes(new URL(request.url))

export default function FreeTimes() {
  return null
}
