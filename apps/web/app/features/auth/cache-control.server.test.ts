import type { RouteConfigEntry } from '@react-router/dev/routes'
import { describe, expect, it } from 'vitest'
import routes from '../../routes.ts'
import { cacheControl, isSharedPage, PRIVATE } from './cache-control.server.ts'

const CLIENT_ID = '5k1n7an5a1on0c1ien7id0demo'
const signedIn = `CognitoIdentityServiceProvider.${CLIENT_ID}.LastAuthUser=%2B447700900123; CognitoIdentityServiceProvider.${CLIENT_ID}.%2B447700900123.idToken=eyJ.x.y`

const request = (path: string, cookie?: string) => new Request(`https://salon.example${path}`, { headers: cookie ? { cookie } : {} })

/** Every page path in the route config, with the files of the layouts it sits in. */
function pages(entries: RouteConfigEntry[], parent = '', layouts: string[] = []): { path: string; file: string; layouts: string[] }[] {
  return entries.flatMap((entry) => {
    const path = entry.index ? parent : entry.path === undefined ? parent : `${parent}/${entry.path}`
    const own = entry.path === undefined && !entry.index ? [] : [{ path: path || '/', file: entry.file, layouts }]
    return [...own, ...pages(entry.children ?? [], path, entry.path === undefined && !entry.index ? [...layouts, entry.file] : layouts)]
  })
}

describe('which pages a cache must not keep', () => {
  const all = pages(routes).filter((page) => page.path !== '/*')

  it('every page behind the sign-in guard, and the pages that sign a customer in', () => {
    const guarded = all.filter((page) => page.layouts.includes('routes/protected.tsx')).map((page) => `${page.path}/`)
    expect(guarded).toEqual(expect.arrayContaining(['/account/', '/account/balance/', '/upcoming-booking/', '/payment/', '/refer-earn/']))
    for (const path of [...guarded, '/sign-in/', '/sign-up/', '/sign-up/confirm/', '/forgot-password/', '/gift-vouchers/', '/gift-vouchers/?paid=p1']) {
      expect(cacheControl(request(path)), path).toBe(PRIVATE)
    }
  })

  it('every page of the staff back office, its data and its sign-in and join pages (docs/product.md §10), whoever asks', () => {
    const staff = all.filter((page) => page.path === '/staff' || page.path.startsWith('/staff/')).map((page) => `${page.path}/`)
    expect(staff).toEqual(expect.arrayContaining(['/staff/', '/staff/sign-in/', '/staff/join/', '/staff/counter/', '/staff/team/']))
    for (const path of [...staff, '/staff', '/staff/customers/0b4f/', '/staff/_.data', '/staff/counter.data']) {
      expect(cacheControl(request(path)), path).toBe(PRIVATE)
    }
    expect(cacheControl(request('/staffing/'))).toBeNull()
  })

  it('their data requests too, in both forms React Router asks for them', () => {
    for (const path of [
      '/account/_.data',
      '/account.data',
      '/account/balance/_.data',
      '/sign-in.data',
      '/upcoming-booking/_.data?_routes=routes%2Fprotected',
    ]) {
      expect(cacheControl(request(path)), path).toBe(PRIVATE)
    }
  })

  it('any other page, and any page’s data, asked for with a customer’s session cookies', () => {
    for (const path of ['/book/', '/_root.data', '/prices.data', '/blog/_.data', '/no-such-page/', '/account/']) {
      expect(cacheControl(request(path, signedIn)), path).toBe(PRIVATE)
    }
  })

  it('a form sent to a public page with a customer’s session cookies: its answer is theirs', () => {
    const post = new Request('https://salon.example/?index', { method: 'POST', headers: { cookie: signedIn } })
    expect(isSharedPage(post)).toBe(false)
    expect(cacheControl(post)).toBe(PRIVATE)
  })

  it('a session cookie of any client of the pool counts, and so does one left behind without its user', () => {
    expect(cacheControl(request('/book/', 'CognitoIdentityServiceProvider.other-client.LastAuthUser=abc'))).toBe(PRIVATE)
    expect(cacheControl(request('/book/', `CognitoIdentityServiceProvider.${CLIENT_ID}.abc.refreshToken=r1`))).toBe(PRIVATE)
  })

  it('public pages for a signed-out visitor keep their caching', () => {
    const guarded = new Set(all.filter((page) => page.layouts.includes('routes/protected.tsx')).map((page) => page.path))
    const auth = new Set([
      '/sign-in',
      '/sign-up',
      '/sign-up/confirm',
      '/forgot-password',
      '/booking',
      '/confirmation',
      '/confirmation/success',
      '/gift-vouchers',
    ])
    const staff = (path: string) => path === '/staff' || path.startsWith('/staff/')
    // Open to a visitor (asked to sign in there), but its address holds the offer's token: never kept by a cache.
    const offer = '/waitlist-offer/:token'
    expect(cacheControl(request('/waitlist-offer/abc123/'))).toBe(PRIVATE)
    const open = all.filter((page) => !guarded.has(page.path) && !auth.has(page.path) && !staff(page.path) && page.path !== offer)
    expect(open.map((page) => page.path)).toEqual(expect.arrayContaining(['/', '/prices', '/blog', '/blog/:id', '/book', '/privacypolicy']))
    for (const { path } of open) {
      const url = path === '/' ? '/' : `${path.replace(':id', 'know-your-skin-type')}/`
      expect(cacheControl(request(url, 'analytics-consent=granted; _ga=GA1.1.1')), url).toBeNull()
    }
    expect(cacheControl(request('/_root.data'))).toBeNull()
  })
})

describe('the public pages, rendered the same for everyone', () => {
  const all = pages(routes).filter((page) => page.path !== '/*')

  it('are the home page, prices, the blog and its posts, the packages and the privacy notice, and nothing else', () => {
    const shared = all.filter((page) => isSharedPage(request(page.path === '/' ? '/' : `${page.path.replace(':id', 'know-your-skin-type')}/`)))
    expect(shared.map((page) => page.path).sort()).toEqual(['/', '/blog', '/blog/:id', '/book/package', '/prices', '/privacypolicy'])
  })

  it('are the same with a customer’s session cookies: nothing marks them private', () => {
    for (const path of ['/', '/prices/', '/blog/', '/blog/know-your-skin-type/', '/book/package/', '/privacypolicy/', '/?utm_source=flyer']) {
      expect(isSharedPage(request(path, signedIn)), path).toBe(true)
      expect(cacheControl(request(path, signedIn)), path).toBeNull()
    }
  })
})
