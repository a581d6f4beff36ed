import { useEffect, useRef, type ReactNode } from 'react'
import { Link, useLocation } from 'react-router'
import { LoadError, OwnerOnly, StaffPage, type Part } from '../staff/public.ts'

/** The parts of Manage, each a page of its own (docs/product.md §10.4). */
export const MANAGE_PARTS = [
  { to: '/staff/manage/salon/', title: 'Salon and hours', detail: 'Your details, opening hours, closures and special hours' },
  { to: '/staff/manage/beds/', title: 'Sunbeds', detail: 'Add, edit or retire beds; time out of service' },
  { to: '/staff/manage/rules/', title: 'Booking rules', detail: 'Start times, notice, cancelling, paying, counter discounts' },
  { to: '/staff/manage/prices/', title: 'Prices and packages', detail: 'Prices, extras, packages, promo codes, refer and earn' },
  { to: '/staff/manage/vouchers/', title: 'Gift vouchers', detail: 'Amounts, packages as gifts, how long they last; the vouchers sold' },
  { to: '/staff/manage/memberships/', title: 'Membership plans', detail: 'Monthly plans: price, what a month gives, term and pauses' },
  { to: '/staff/manage/blog/', title: 'Blog', detail: 'Write, publish and take down posts' },
  { to: '/staff/manage/marketing/', title: 'Popup and reviews', detail: 'The offers popup and where reviews come from' },
  { to: '/staff/manage/sunbed-safety/', title: 'Sunbed safety', detail: 'Nation and its law, reaction pause, yearly limit' },
] as const

/** The strip of Manage's parts under a part's title, so the owner moves between them in one tap. */
function ManageNav() {
  const nav = useRef<HTMLElement>(null)
  // Link rather than NavLink: the router's chunk, which every customer page loads, then exports nothing more.
  const { pathname } = useLocation()
  // On a phone the strip scrolls: the part shown is brought into view.
  useEffect(() => {
    const strip = nav.current
    const current = strip?.querySelector<HTMLElement>('[aria-current="page"]')
    if (strip && current) strip.scrollLeft = current.offsetLeft - (strip.clientWidth - current.offsetWidth) / 2
  }, [])
  return (
    <nav ref={nav} aria-label="Manage" className="relative -mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex gap-2 pb-1">
        <li>
          <Link
            to="/staff/manage/"
            className="flex min-h-10 items-center rounded-full border border-cocoa-200 bg-white px-4 text-sm font-semibold whitespace-nowrap text-cocoa-700 hover:bg-cocoa-50"
          >
            ‹ All
          </Link>
        </li>
        {MANAGE_PARTS.map((part) => {
          const current = pathname.replace(/\/?$/, '/') === part.to
          return (
            <li key={part.to}>
              <Link
                to={part.to}
                aria-current={current ? 'page' : undefined}
                className={`flex min-h-10 items-center rounded-full border px-4 text-sm font-semibold whitespace-nowrap ${
                  current ? 'border-cocoa-900 bg-cocoa-900 text-cream' : 'border-cocoa-200 bg-white text-cocoa-700 hover:bg-cocoa-50'
                }`}
              >
                {part.title}
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}

/** A part of Manage: the owner's only; its title, the strip of parts, then its panels. */
export function ManagePage({ title, subtitle, actions, children }: { title: string; subtitle?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <OwnerOnly>
      <StaffPage title={title} subtitle={subtitle} actions={actions}>
        <ManageNav />
        {children}
      </StaffPage>
    </OwnerOnly>
  )
}

type Answers<P extends Record<string, Part<unknown>>> = { [K in keyof P]: P[K] extends Part<infer T> ? T : never }

/** A page's content once every part of its data has loaded (its route's loader); else the first failure, with Try again. */
export function WhenLoaded<P extends Record<string, Part<unknown>>>({ parts, children }: { parts: P; children: (data: Answers<P>) => ReactNode }) {
  const failed = Object.values(parts).find((part) => part.status === 'error')
  if (failed?.status === 'error') return <LoadError message={failed.message} />
  return <>{children(Object.fromEntries(Object.entries(parts).map(([key, part]) => [key, part.status === 'ready' ? part.data : undefined])) as Answers<P>)}</>
}
