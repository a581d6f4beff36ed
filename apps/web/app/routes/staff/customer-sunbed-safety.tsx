import { data } from 'react-router'
import { sunbedSafetyLookup } from '../../features/staff-desk/public.ts'
import type { Route } from './+types/customer-sunbed-safety'

// Not a page: the desk's booking form loads the chosen customer's sunbed safety (are their health answers due?) from here with a fetcher.

export function loader(): never {
  throw data(null, { status: 404 })
}

export const clientLoader = ({ request, params }: Route.ClientLoaderArgs) => sunbedSafetyLookup(request, params.sub)

export default function SunbedSafetyStatus() {
  return null
}
