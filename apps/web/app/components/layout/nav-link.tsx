import type { MouseEvent, ReactNode } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { withTrailingSlash } from '../../lib/form-post.ts'
import { BOOKING_PATH, MENU_SCROLL_DELAY_MS, MENU_SECTION_ID, type NavItem } from './nav-items.ts'

function scrollToId(id: string) {
  document.getElementById(id)?.scrollIntoView({ block: 'start' })
}

interface NavLinkProps {
  item: NavItem
  className: string
  onNavigate?: () => void
  onSignOut: () => void
  /** Words after a link's label, such as the minutes on the balance. */
  detail?: string
  children?: ReactNode
}

/** One header or side-menu item; every kind works without JavaScript through its href. */
export function NavEntry({ item, className, onNavigate, onSignOut, detail }: NavLinkProps) {
  const location = useLocation()
  const navigate = useNavigate()
  // The server renders /book/ as "/book": React Router drops the trailing slash there, the browser keeps it.
  const pathname = withTrailingSlash(location.pathname)

  switch (item.kind) {
    case 'link': {
      const current = pathname === item.to
      return (
        <Link to={item.to} className={className} aria-current={current ? 'page' : undefined} onClick={onNavigate}>
          {item.label}
          {detail && <span className="font-normal text-cocoa-700">&nbsp;·&nbsp;{detail}</span>}
        </Link>
      )
    }
    case 'section':
      return (
        <Link to={{ pathname: '/', hash: `#${item.section}` }} className={className} onClick={onNavigate}>
          {item.label}
        </Link>
      )
    case 'upcoming': {
      const onClick = (event: MouseEvent) => {
        event.preventDefault()
        onNavigate?.()
        if (pathname === BOOKING_PATH) return scrollToId(MENU_SECTION_ID)
        // The half second counts from when the booking page is on screen: its data may take a while on a slow line.
        void Promise.resolve(navigate(BOOKING_PATH)).then(() => window.setTimeout(() => scrollToId(MENU_SECTION_ID), MENU_SCROLL_DELAY_MS))
      }
      return (
        <a href={`${BOOKING_PATH}#${MENU_SECTION_ID}`} className={className} onClick={onClick}>
          {item.label}
        </a>
      )
    }
    case 'sign-out':
      return (
        <button
          type="button"
          className={className}
          onClick={() => {
            onNavigate?.()
            onSignOut()
          }}
        >
          {item.label}
        </button>
      )
  }
}
