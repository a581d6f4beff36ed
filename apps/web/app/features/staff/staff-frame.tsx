import type { StaffMe } from '@salon/contracts/staff'
import { useState, type ReactNode } from 'react'
import { Link, useLocation, useNavigation } from 'react-router'
import { StaffIcon } from './staff-icon.tsx'
import { staffNavFor, TAB_COUNT, type StaffNavItem } from './staff-nav.ts'
import { StaffDialog } from './staff-ui.tsx'

const ROLE_LABEL = { owner: 'Owner', staff: 'Staff' } as const

interface StaffFrameProps {
  /** The member signed in; null on the refusal page (no navigation then). */
  me: StaffMe | null
  salonName: string
  onSignOut: () => void
  signingOut: boolean
  children: ReactNode
}

/**
 * The staff back office's frame: a top bar (the salon, the member's name and role, Sign out); the navigation as a
 * sidebar on a large screen and a tab bar at the bottom on a phone or tablet, where an owner's other places are
 * under "More". Owner-only places are not shown to staff (docs/product.md §10.1).
 */
export function StaffFrame({ me, salonName, onSignOut, signingOut, children }: StaffFrameProps) {
  const items = me ? staffNavFor(me.role) : []
  // A page's data loads before the page shows (its route's loader): meanwhile a bar runs along the top.
  const loading = useNavigation().state === 'loading'
  return (
    <div className="min-h-dvh bg-stone-100 lg:pl-64 print:bg-white print:pl-0">
      {loading && (
        <div role="progressbar" aria-label="Loading the page" className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-brand-teal/20">
          <div className="h-full w-1/3 animate-[staff-loading_1s_ease-in-out_infinite] bg-brand-teal motion-reduce:w-full motion-reduce:animate-none" />
        </div>
      )}
      <a href="#staff-main" className="sr-only z-50 rounded-full bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:top-3 focus:left-3">
        Skip to content
      </a>
      {me && <Sidebar items={items} salonName={salonName} />}
      <header className="sticky top-0 z-30 border-b border-cocoa-100 bg-white/95 backdrop-blur print:hidden">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
          <div className="min-w-0 flex-1">
            <p className="truncate font-display text-lg font-semibold text-cocoa-950 lg:hidden">{salonName}</p>
            <p className="hidden text-sm font-medium text-cocoa-600 lg:block">Staff back office</p>
          </div>
          {me && (
            <div className="flex min-w-0 items-center gap-2" data-testid="staff-member">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-glow-300 text-sm font-bold text-cocoa-950" aria-hidden="true">
                {initials(me.name)}
              </span>
              <span className="hidden min-w-0 flex-col leading-tight sm:flex">
                <span className="truncate text-sm font-semibold text-cocoa-950">{me.name}</span>
                <span className="text-xs text-cocoa-600">{ROLE_LABEL[me.role]}</span>
              </span>
              <span className="sr-only sm:hidden">
                {me.name}, {ROLE_LABEL[me.role]}
              </span>
            </div>
          )}
          <button type="button" onClick={onSignOut} disabled={signingOut} className="btn-outline min-h-10 px-4 text-sm">
            Sign out
          </button>
        </div>
      </header>
      <main id="staff-main" className={`mx-auto w-full max-w-6xl px-4 pt-5 sm:px-6 lg:pb-12 print:max-w-none print:p-0 ${me ? 'pb-28' : 'pb-12'}`}>
        {children}
      </main>
      {me && <TabBar items={items} />}
    </div>
  )
}

function initials(name: string) {
  const parts = name.trim().split(/\s+/)
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?'
}

/** Whether a place is the one open: the day sheet only at /staff/ itself, any other place with the pages under it. */
function isActive(item: StaffNavItem, pathname: string) {
  const path = pathname.endsWith('/') ? pathname : `${pathname}/`
  return item.to === '/staff/' ? path === '/staff/' : path.startsWith(item.to)
}

function Sidebar({ items, salonName }: { items: StaffNavItem[]; salonName: string }) {
  const { pathname } = useLocation()
  return (
    <aside className="fixed inset-y-0 left-0 z-40 hidden w-64 flex-col bg-cocoa-950 text-cream lg:flex print:hidden">
      <div className="border-b border-white/10 px-6 py-5">
        <p className="text-xs font-semibold tracking-widest text-glow-400 uppercase">Staff</p>
        <p className="mt-1 font-display text-xl leading-snug font-semibold">{salonName}</p>
      </div>
      <nav aria-label="Staff" className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="flex flex-col gap-1">
          {items.map((item) => {
            const active = isActive(item, pathname)
            return (
              <li key={item.to}>
                <Link
                  to={item.to}
                  aria-current={active ? 'page' : undefined}
                  className={`flex min-h-11 items-center gap-3 rounded-xl px-3 text-base font-medium transition-colors ${
                    active ? 'bg-white/12 text-white' : 'text-cocoa-200 hover:bg-white/6 hover:text-white'
                  }`}
                >
                  <StaffIcon name={item.icon} className="size-5" />
                  {item.label}
                </Link>
              </li>
            )
          })}
        </ul>
      </nav>
      <a href="/" className="border-t border-white/10 px-6 py-4 text-sm text-cocoa-200 hover:text-white">
        Open the customer site
      </a>
    </aside>
  )
}

function TabBar({ items }: { items: StaffNavItem[] }) {
  const [moreOpen, setMoreOpen] = useState(false)
  const { pathname } = useLocation()
  const tabs = items.slice(0, TAB_COUNT)
  const more = items.slice(TAB_COUNT)
  const inMore = more.some((item) => isActive(item, pathname))
  const tabClass = (active: boolean) =>
    `flex min-h-16 flex-col items-center justify-center gap-0.5 text-xs font-semibold ${active ? 'text-cocoa-950' : 'text-cocoa-600'}`
  return (
    <>
      <nav
        aria-label="Staff"
        className="fixed inset-x-0 bottom-0 z-40 border-t border-cocoa-100 bg-white pb-[env(safe-area-inset-bottom)] lg:hidden print:hidden"
      >
        <ul className={`mx-auto grid max-w-2xl ${more.length > 0 ? 'grid-cols-5' : 'grid-cols-4'}`}>
          {tabs.map((item) => {
            const active = isActive(item, pathname)
            return (
              <li key={item.to}>
                <Link to={item.to} aria-current={active ? 'page' : undefined} className={tabClass(active)}>
                  <span className={`rounded-full px-4 py-1 ${active ? 'bg-glow-300' : ''}`}>
                    <StaffIcon name={item.icon} />
                  </span>
                  {item.label}
                </Link>
              </li>
            )
          })}
          {more.length > 0 && (
            <li>
              <button type="button" className={`${tabClass(inMore)} w-full`} onClick={() => setMoreOpen(true)} aria-haspopup="dialog">
                <span className={`rounded-full px-4 py-1 ${inMore ? 'bg-glow-300' : ''}`}>
                  <StaffIcon name="more" />
                </span>
                More
              </button>
            </li>
          )}
        </ul>
      </nav>
      <StaffDialog open={moreOpen} title="More" onClose={() => setMoreOpen(false)}>
        <ul className="-mx-2 flex flex-col gap-1 pb-2">
          {more.map((item) => (
            <li key={item.to}>
              <Link
                to={item.to}
                onClick={() => setMoreOpen(false)}
                aria-current={isActive(item, pathname) ? 'page' : undefined}
                className={`flex min-h-12 items-center gap-3 rounded-xl px-3 text-base font-medium ${isActive(item, pathname) ? 'bg-glow-300/40' : 'hover:bg-cocoa-50'}`}
              >
                <StaffIcon name={item.icon} className="size-5" />
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </StaffDialog>
    </>
  )
}
