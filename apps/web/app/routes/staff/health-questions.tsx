import { data } from 'react-router'
import { healthQuestionsLookup } from '../../features/staff-desk/public.ts'
import type { Route } from './+types/health-questions'

// Not a page: the desk's booking form loads the version of the salon's health questions a new customer answers from here.

export function loader(): never {
  throw data(null, { status: 404 })
}

export const clientLoader = ({ request }: Route.ClientLoaderArgs) => healthQuestionsLookup(request)

export default function HealthQuestionsVersion() {
  return null
}
