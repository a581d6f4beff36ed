import { data } from 'react-router'
import { photoIdLookup } from '../../features/staff-desk/public.ts'
import type { Route } from './+types/customer-photo-id'

// Not a page: the desk's booking and sale forms load the chosen customer's photo-ID status from here with a fetcher.

export function loader(): never {
  throw data(null, { status: 404 })
}

export const clientLoader = ({ request, params }: Route.ClientLoaderArgs) => photoIdLookup(request, params.sub)

export default function PhotoIdStatus() {
  return null
}
