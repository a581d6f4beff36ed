import { useState } from 'react'
import { useLocation } from 'react-router'
import { useModalDialog } from '../ui/use-modal-dialog.ts'
import { Logo } from './logo.tsx'
import { desktopNav, mobileNav, visibleTo } from './nav-items.ts'
import { NavEntry } from './nav-link.tsx'

interface HeaderProps {
  shopName: string
  signedIn: boolean
  onSignOut: () => void
  /** The side menu opened: the page may load what its items show (the balance). */
  onMenuOpen?: () => void
  /** Extra words for side-menu links, by path: { '/account/balance/': '42 min' }. */
  linkDetails?: Record<string, string>
}

/**
 * Sign in and Sign out take the same room: a public page shows Sign in until the browser knows the visitor is signed
 * in (docs/decisions/026-shared-pages-for-signed-in-visitors.md), and the switch must not move the items beside it.
 */
const SESSION_SLOT = 'inline-block min-w-[6rem] text-center'
/** Sign in stays out of sight while the page, not yet knowing the session, is marked as a signed-in browser's (session-hint.ts). */
const WHILE_SIGNED_IN_UNKNOWN = '[html[data-session]_&]:invisible'

export function Header({ shopName, signedIn, onSignOut, onMenuOpen, linkDetails }: HeaderProps) {
  const { pathname } = useLocation()
  const onHome = pathname === '/'
  const tone = onHome ? 'light' : 'dark'
  const [menuOpen, setMenuOpen] = useState(false)

  const linkClass = `rounded-full px-3 py-2 text-sm font-semibold whitespace-nowrap transition-colors ${
    onHome ? 'text-white/90 hover:bg-white/10 hover:text-white' : 'text-cocoa-800 hover:bg-cocoa-100 hover:text-cocoa-950'
  } aria-[current=page]:underline aria-[current=page]:decoration-glow-500 aria-[current=page]:decoration-2 aria-[current=page]:underline-offset-8`

  return (
    <header
      className={
        onHome
          ? 'absolute inset-x-0 top-0 z-30 bg-gradient-to-b from-cocoa-950/70 to-transparent'
          : 'sticky top-0 z-30 border-b border-cocoa-100 bg-cream/90 backdrop-blur'
      }
    >
      <div className="container-page flex h-18 items-center justify-between gap-4">
        <Logo tone={tone} name={shopName} />
        <nav aria-label="Main" className="hidden xl:block">
          <ul className="flex items-center gap-0.5">
            {visibleTo(desktopNav, signedIn).map((item) => (
              <li key={item.label}>
                <NavEntry
                  item={item}
                  className={item.show === 'everyone' ? linkClass : `${linkClass} ${SESSION_SLOT} ${item.show === 'signed-out' ? WHILE_SIGNED_IN_UNKNOWN : ''}`}
                  onSignOut={onSignOut}
                />
              </li>
            ))}
          </ul>
        </nav>
        <button
          type="button"
          className={`flex size-11 items-center justify-center rounded-full xl:hidden ${onHome ? 'text-white hover:bg-white/10' : 'text-cocoa-900 hover:bg-cocoa-100'}`}
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onClick={() => {
            setMenuOpen(true)
            onMenuOpen?.()
          }}
        >
          <svg viewBox="0 0 24 24" className="size-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
            <path d="M4 7h16M4 12h16M4 17h16" />
          </svg>
        </button>
      </div>
      <SideMenu open={menuOpen} onClose={() => setMenuOpen(false)} signedIn={signedIn} onSignOut={onSignOut} linkDetails={linkDetails} />
    </header>
  )
}

interface SideMenuProps {
  open: boolean
  onClose: () => void
  signedIn: boolean
  onSignOut: () => void
  linkDetails?: Record<string, string>
}

function SideMenu({ open, onClose, signedIn, onSignOut, linkDetails }: SideMenuProps) {
  const ref = useModalDialog(open)
  return (
    <dialog
      ref={ref}
      aria-label="Menu"
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself) closes the menu.
        if (event.target === ref.current) onClose()
      }}
      className="fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-[min(86vw,22rem)] bg-cream p-0 text-cocoa-900 shadow-2xl backdrop:bg-cocoa-950/50"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between border-b border-cocoa-100 px-5 py-4">
          <span className="font-display text-lg font-semibold">Menu</span>
          <button type="button" className="flex size-11 items-center justify-center rounded-full hover:bg-cocoa-100" aria-label="Close menu" onClick={onClose}>
            <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
        <nav aria-label="Side menu" className="flex-1 overflow-y-auto px-3 py-3">
          <ul className="flex flex-col">
            {visibleTo(mobileNav, signedIn).map((item) => (
              <li key={item.label}>
                <NavEntry
                  item={item}
                  detail={item.kind === 'link' ? linkDetails?.[item.to] : undefined}
                  onNavigate={onClose}
                  onSignOut={onSignOut}
                  className="flex min-h-12 w-full items-center rounded-xl px-4 text-left text-base font-semibold text-cocoa-900 hover:bg-cocoa-100 aria-[current=page]:bg-cocoa-100"
                />
              </li>
            ))}
          </ul>
        </nav>
        <p className="border-t border-cocoa-100 px-5 py-4 text-sm text-cocoa-600">Over 18s only. Goggles are provided free with every session.</p>
      </div>
    </dialog>
  )
}
