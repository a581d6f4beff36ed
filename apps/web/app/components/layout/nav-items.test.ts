import { describe, expect, it } from 'vitest'
import { desktopNav, mobileNav, visibleTo } from './nav-items.ts'

const labels = (items: { label: string }[]) => items.map((i) => i.label)

describe('header items (docs/product.md §2)', () => {
  it('shows a signed-out visitor Sign in and no Sign out on desktop', () => {
    expect(labels(visibleTo(desktopNav, false))).toEqual(['Book', 'Our Sunbeds', 'Packages', 'Account', 'Blog', 'Upcoming Bookings', 'Contact Us', 'Sign in'])
  })

  it('shows a signed-in customer Sign out instead of Sign in on desktop', () => {
    expect(labels(visibleTo(desktopNav, true))).toEqual(['Book', 'Our Sunbeds', 'Packages', 'Account', 'Blog', 'Upcoming Bookings', 'Contact Us', 'Sign out'])
  })

  it('adds Price List and SIGN IN to the side menu for a signed-out visitor', () => {
    expect(labels(visibleTo(mobileNav, false))).toEqual(['Book', 'Our Sunbeds', 'Packages', 'Price List', 'Account', 'Blog', 'Contact Us', 'SIGN IN'])
  })

  it('adds Account Balance, Membership, UPCOMING BOOKINGS and SIGN OUT to the side menu for a signed-in customer', () => {
    const items = labels(visibleTo(mobileNav, true))
    expect(items).toEqual([
      'Book',
      'Our Sunbeds',
      'Packages',
      'Price List',
      'Account',
      'Account Balance',
      'Membership',
      'Blog',
      'Contact Us',
      'UPCOMING BOOKINGS',
      'SIGN OUT',
    ])
    expect(items).not.toContain('SIGN IN')
  })

  it('links Account Balance to /account/balance/ and scroll items to home-page sections', () => {
    expect(mobileNav.find((i) => i.label === 'Account Balance')).toMatchObject({ kind: 'link', to: '/account/balance/' })
    expect(mobileNav.find((i) => i.label === 'Price List')).toMatchObject({ kind: 'section', section: 'prices' })
    expect(desktopNav.find((i) => i.label === 'Our Sunbeds')).toMatchObject({ kind: 'section', section: 'sunbeds' })
    expect(desktopNav.find((i) => i.label === 'Contact Us')).toMatchObject({ kind: 'section', section: 'contact' })
  })

  it('gives every page link a trailing slash', () => {
    for (const item of [...desktopNav, ...mobileNav]) if (item.kind === 'link') expect(item.to).toMatch(/\/$/)
  })
})
