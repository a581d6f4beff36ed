import { data } from 'react-router'
import { loadPrice } from '../features/booking/planner-data.ts'
import type { Route } from './+types/book-price'

// Not a page: the booking planner loads the price of a session from here with a fetcher, in the browser.

export function loader(): never {
  throw data(null, { status: 404 })
}

export const clientLoader = ({ request }: Route.ClientLoaderArgs) => loadPrice(new URL(request.url))

export default function Price() {
  return null
}
