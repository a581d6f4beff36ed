import { Link } from 'react-router'
import { Empty, StaffPage, staffMeta } from '../../features/staff/public.ts'
import type { Route } from './+types/not-found'

export const meta: Route.MetaFunction = () => staffMeta('Not found')

/** A staff address that names no page (an old link, or a page not built yet). */
export default function StaffNotFound() {
  return (
    <StaffPage title="There is no such page">
      <div className="card">
        <Empty title="This page is not here">
          <p>The link may be old or mistyped.</p>
          <Link to="/staff/" className="btn-primary mt-4">
            Back to today
          </Link>
        </Empty>
      </div>
    </StaffPage>
  )
}
