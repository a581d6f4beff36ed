import { Link } from 'react-router'
import { MANAGE_PARTS } from '../../features/staff-manage/public.ts'
import { OwnerOnly, StaffPage, staffMeta } from '../../features/staff/public.ts'
import type { Route } from './+types/manage'

export const meta: Route.MetaFunction = () => staffMeta('Manage')

/** docs/product.md §10.4: everything the owner sets about the salon, one part a page. */
export default function ManageOverview() {
  return (
    <OwnerOnly>
      <StaffPage title="Manage" subtitle="Everything customers see on the website and how they book. Changes show on the website at once.">
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {MANAGE_PARTS.map((part) => (
            <li key={part.to}>
              <Link
                to={part.to}
                className="card flex h-full min-h-24 items-center justify-between gap-3 p-5 transition-colors hover:border-brand-teal hover:bg-brand-teal/5"
              >
                <span className="min-w-0">
                  <span className="block text-lg font-semibold text-cocoa-950">{part.title}</span>
                  <span className="mt-0.5 block text-sm text-cocoa-600">{part.detail}</span>
                </span>
                <span aria-hidden="true" className="text-2xl text-cocoa-400">
                  ›
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </StaffPage>
    </OwnerOnly>
  )
}
