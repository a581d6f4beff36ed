import type { RouteConfigEntry } from '@react-router/dev/routes'
import { describe, expect, it } from 'vitest'
import { createAnalytics, createGtagSink } from '../../lib/analytics.ts'
import routes from '../../routes.ts'

/**
 * Page views go to Google. Whatever address a page is opened at, with whatever its query or fragment carries,
 * nothing Google is handed may hold the customer's details: the sign-up confirmation page's address carries them.
 * Every route of the app is tried, so a new one is covered as soon as it is added.
 */
const ORIGIN = 'https://salon.example'
const personal = {
  phone: '+447700900123',
  email: 'amy.jones@example.com',
  firstName: 'Amelia',
  lastName: 'Worthington',
  dob: '1990-05-01',
  code: '482913',
}
const query = `?${new URLSearchParams(personal)}&ref=AMY123`
const fragment = `#code=${personal.code}`

/** Every path the app answers, its parameters filled in ("blog/:id" → "/blog/sample-post/", "*" → a missing page). */
function pathsOf(entries: RouteConfigEntry[], parent = ''): string[] {
  return entries.flatMap((entry) => {
    const segment = entry.index ? '' : (entry.path ?? '')
    const path = [parent, segment].filter(Boolean).join('/')
    const own = entry.path !== undefined || entry.index ? [path] : []
    return [...own, ...pathsOf(entry.children ?? [], path)]
  })
}
const pagePath = (path: string) => `/${path.replace(/:\w+/g, 'sample-post').replace('*', 'no-such-page')}/`.replace(/\/+/g, '/')

/** A browser window as gtag.js sees it, at `url`, having come from `referrer`. */
function fakeWindow(url: string, referrer: string) {
  const at = new URL(url)
  return {
    location: { href: at.href, origin: at.origin, pathname: at.pathname, search: at.search, hash: at.hash },
    document: {
      referrer,
      title: 'Confirm your mobile number · Bronze & Glow Tanning Studio',
      head: { appendChild: () => undefined },
      createElement: () => ({}),
    },
  } as unknown as Window & { dataLayer?: IArguments[] }
}

/** What the page sends Google for a visit that lands on `url` (from `referrer`) and then moves on to `next`. */
function sentFor(url: string, referrer: string, next: string) {
  const win = fakeWindow(url, referrer)
  const analytics = createAnalytics({ measurementId: 'G-TEST123', consent: () => 'granted', createSink: (id) => createGtagSink(id, win) })
  for (const address of [url, next]) {
    const to = new URL(address)
    Object.assign(win.location, { href: to.href, pathname: to.pathname, search: to.search, hash: to.hash })
    // The whole address, query and fragment too, and the document's title: the tracker is handed no more than this.
    analytics.pageView(to, win.document.title)
  }
  return (win.dataLayer ?? []).map((args) => Array.from(args))
}

const strings = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(strings) : []

const paths = pathsOf(routes).map(pagePath)

describe('page views carry no personal data', () => {
  it('reads every route of the app', () => {
    expect(paths).toEqual(expect.arrayContaining(['/', '/sign-up/confirm/', '/confirmation/success/', '/account/', '/blog/sample-post/']))
  })

  // How the visit arrived: the referrer the browser gives, and what the first page view may say of it.
  const referrers: Record<string, [string, string]> = {
    'from a page of the site': [`${ORIGIN}/sign-up/${query}`, `${ORIGIN}/sign-up/`],
    'from another site': [`https://mail.example/inbox/${query}`, 'https://mail.example/'],
    'with no referrer': ['', ''],
  }

  for (const [how, [referrer, namedReferrer]] of Object.entries(referrers)) {
    it.each(paths)(`%s with personal data in its address, ${how}`, (path) => {
      const next = path === '/prices/' ? '/blog/' : '/prices/'
      const sent = sentFor(`${ORIGIN}${path}${query}${fragment}`, referrer, `${ORIGIN}${next}${query}`)
      const values = sent.flatMap((args) => args.flatMap(strings))
      for (const value of values) {
        expect(value).not.toMatch(/[?#]/)
        for (const field of Object.values(personal)) {
          expect(value).not.toContain(field)
          expect(value).not.toContain(encodeURIComponent(field))
        }
      }

      // gtag.js fills page_location, page_referrer and page_title from the document itself unless it is given them:
      // the configuration and every page view give all three.
      const config = sent.find((args) => args[0] === 'config')
      expect(config?.[2]).toMatchObject({ send_page_view: false })
      const views = sent.filter((args) => args[0] === 'event' && args[1] === 'page_view').map((args) => args[2] as Record<string, unknown>)
      expect(views).toHaveLength(2)
      for (const fields of [config![2], ...views]) {
        expect(fields).toEqual(
          expect.objectContaining({ page_location: expect.any(String), page_referrer: expect.any(String), page_title: expect.any(String) }),
        )
      }
      expect(views[0]).toMatchObject({ page_path: path, page_location: `${ORIGIN}${path}`, page_referrer: namedReferrer })
      expect(views[1]).toMatchObject({ page_path: next, page_location: `${ORIGIN}${next}`, page_referrer: `${ORIGIN}${path}` })
    })
  }
})
