import { describe, expect, it } from 'vitest'
import { afterStaffSignIn, query, signInPath } from './staff-api.ts'
import { STAFF_NAV, staffNavFor } from './staff-nav.ts'

describe('the staff sign-in and where it leads (docs/product.md §10.10)', () => {
  it('goes back to the staff page that sent the member to sign in', () => {
    expect(signInPath('/staff/counter/?date=2026-11-26')).toBe('/staff/sign-in/?next=%2Fstaff%2Fcounter%2F%3Fdate%3D2026-11-26')
    expect(afterStaffSignIn('?next=%2Fstaff%2Fcounter%2F%3Fdate%3D2026-11-26')).toBe('/staff/counter/?date=2026-11-26')
    expect(afterStaffSignIn('?next=/staff/customers/0b4f/')).toBe('/staff/customers/0b4f/')
  })

  it('leads to the day sheet from the day sheet, or with nothing to go back to', () => {
    expect(signInPath('/staff/')).toBe('/staff/sign-in/')
    expect(afterStaffSignIn('')).toBe('/staff/')
  })

  it('never leads outside the staff pages, nor back to the sign-in', () => {
    for (const next of [
      'https://example.com/staff/',
      '//example.com/staff/',
      '/account/',
      '/staff/sign-in/',
      '/staff//example.com',
      '/staff/\\example.com',
      '/staffing/',
    ]) {
      expect(afterStaffSignIn(query({ next })), next).toBe('/staff/')
    }
    expect(signInPath('/account/')).toBe('/staff/sign-in/')
  })

  it('writes a query string from the values given, leaving out empty ones', () => {
    expect(query({ date: '2026-11-26', query: 'jo bloggs', none: '', missing: undefined, nothing: null })).toBe('?date=2026-11-26&query=jo+bloggs')
    expect(query({ date: undefined })).toBe('')
  })
})

describe("the staff pages' places by role (docs/product.md §10.1)", () => {
  it('shows the owner every place, and staff the day sheet, the counter, customers and leads only', () => {
    expect(staffNavFor('owner').map((item) => item.label)).toEqual(['Today', 'Counter', 'Customers', 'Leads', 'Reports', 'Refunds', 'Manage', 'Team', 'Audit'])
    expect(staffNavFor('staff').map((item) => item.label)).toEqual(['Today', 'Counter', 'Customers', 'Leads'])
  })

  it('addresses every place under /staff/ with its trailing slash', () => {
    for (const item of STAFF_NAV) expect(item.to).toMatch(/^\/staff\/([a-z-]+\/)?$/)
  })
})
