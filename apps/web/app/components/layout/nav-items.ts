/**
 * docs/product.md §2 header. `show` says who sees an item; `section` items scroll to a part of the home page;
 * 'upcoming' goes to the booking page and scrolls to its menu section.
 */
export type Audience = 'everyone' | 'signed-in' | 'signed-out'

export type NavItem =
  | { kind: 'link'; label: string; to: string; show: Audience }
  | { kind: 'section'; label: string; section: HomeSection; show: Audience }
  | { kind: 'upcoming'; label: string; show: Audience }
  | { kind: 'sign-out'; label: string; show: Audience }

export type HomeSection = 'sunbeds' | 'prices' | 'contact'

export const desktopNav: NavItem[] = [
  { kind: 'link', label: 'Book', to: '/book/', show: 'everyone' },
  { kind: 'section', label: 'Our Sunbeds', section: 'sunbeds', show: 'everyone' },
  { kind: 'link', label: 'Packages', to: '/book/package/', show: 'everyone' },
  { kind: 'link', label: 'Account', to: '/account/', show: 'everyone' },
  { kind: 'link', label: 'Blog', to: '/blog/', show: 'everyone' },
  { kind: 'upcoming', label: 'Upcoming Bookings', show: 'everyone' },
  { kind: 'section', label: 'Contact Us', section: 'contact', show: 'everyone' },
  { kind: 'link', label: 'Sign in', to: '/sign-in/', show: 'signed-out' },
  { kind: 'sign-out', label: 'Sign out', show: 'signed-in' },
]

export const mobileNav: NavItem[] = [
  { kind: 'link', label: 'Book', to: '/book/', show: 'everyone' },
  { kind: 'section', label: 'Our Sunbeds', section: 'sunbeds', show: 'everyone' },
  { kind: 'link', label: 'Packages', to: '/book/package/', show: 'everyone' },
  { kind: 'section', label: 'Price List', section: 'prices', show: 'everyone' },
  { kind: 'link', label: 'Account', to: '/account/', show: 'everyone' },
  { kind: 'link', label: 'Account Balance', to: '/account/balance/', show: 'signed-in' },
  { kind: 'link', label: 'Membership', to: '/account/membership/', show: 'signed-in' },
  { kind: 'link', label: 'Blog', to: '/blog/', show: 'everyone' },
  { kind: 'section', label: 'Contact Us', section: 'contact', show: 'everyone' },
  { kind: 'link', label: 'SIGN IN', to: '/sign-in/', show: 'signed-out' },
  { kind: 'upcoming', label: 'UPCOMING BOOKINGS', show: 'signed-in' },
  { kind: 'sign-out', label: 'SIGN OUT', show: 'signed-in' },
]

export const visibleTo = (items: NavItem[], signedIn: boolean) =>
  items.filter((item) => item.show === 'everyone' || item.show === (signedIn ? 'signed-in' : 'signed-out'))

/** docs/product.md §2: the menu section is scrolled to half a second after the booking page opens. */
export const MENU_SCROLL_DELAY_MS = 500
export const BOOKING_PATH = '/book/'
export const MENU_SECTION_ID = 'menu'
