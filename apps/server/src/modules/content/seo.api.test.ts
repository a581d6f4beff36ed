import { expect, it } from 'vitest'
import { describeApi } from '../../test/harness.ts'
import { PUBLIC_PAGES } from './seo.routes.ts'

const POSTS = [
  { id: 'first-session', title: 'Your first session', publishedAt: new Date('2026-03-12T10:00:00Z') },
  { id: 'skin-types', title: 'Skin types', publishedAt: new Date('2026-04-09T09:30:00Z') },
  { id: 'not-yet', title: 'Coming up', publishedAt: new Date('2099-01-01T00:00:00Z') },
]

describeApi(
  'robots.txt and sitemap.xml',
  (t) => {
    const get = (path: string, headers: Record<string, string> = {}) => t().app.request(`http://salon.example${path}`, { headers })

    it('the sitemap lists every public page and every published post, with last-modified dates', async () => {
      const response = await get('/sitemap.xml')
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8')
      const xml = await response.text()
      const entries = [...xml.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod><\/url>/g)].map(([, loc, lastmod]) => ({ loc, lastmod }))
      expect(entries.map((e) => e.loc)).toEqual([
        ...PUBLIC_PAGES.map((page) => `https://www.glow.example${page}`),
        'https://www.glow.example/blog/skin-types/',
        'https://www.glow.example/blog/first-session/',
      ])
      expect(entries.find((e) => e.loc!.endsWith('/blog/first-session/'))!.lastmod).toBe('2026-03-12T10:00:00.000Z')
      for (const e of entries) expect(Number.isNaN(Date.parse(e.lastmod!))).toBe(false)
      expect(xml).not.toContain('not-yet')
      expect(xml).not.toMatch(/account|payment|refer-earn/)
    })

    it('robots.txt lets search engines read the public pages, not the customer’s own, and names the sitemap', async () => {
      const text = await (await get('/robots.txt')).text()
      expect(text).toMatch(/^User-agent: \*\nAllow: \/\n/)
      for (const path of ['/api/', '/account/', '/payment/', '/refer-earn/', '/upcoming-booking/', '/book/health/'])
        expect(text).toContain(`Disallow: ${path}\n`)
      expect(text).toContain('Sitemap: https://www.glow.example/sitemap.xml\n')
    })
  },
  {
    shop: { posts: POSTS },
    deps: () => ({ siteUrl: 'https://www.glow.example/' }),
  },
)

describeApi('robots.txt without a configured address', (t) => {
  it('names the sitemap at the address the request came to', async () => {
    const text = await (await t().app.request('http://salon.example:3000/robots.txt')).text()
    expect(text).toContain('Sitemap: http://salon.example:3000/sitemap.xml\n')
  })
})
