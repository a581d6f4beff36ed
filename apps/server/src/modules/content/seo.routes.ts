import type { BlogSummary } from '@salon/contracts/content'
import { Hono } from 'hono'
import { asTheVisitorSeesIt } from '../../web.ts'

/** The public pages search engines may list; the customer's own pages are left out (and disallowed in robots.txt). */
export const PUBLIC_PAGES = ['/', '/book/', '/book/package/', '/prices/', '/blog/', '/privacypolicy/'] as const

/** Pages that are a customer's own, or not pages at all: no search engine needs them. */
const PRIVATE_PATHS = [
  '/api/',
  '/cognito/',
  '/dev/',
  '/test-payments/',
  '/webhooks/',
  '/account/',
  '/payment/',
  '/gift-vouchers/',
  '/refer-earn/',
  '/upcoming-booking/',
  '/book/health/',
  '/booking/',
  '/confirmation/',
]

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!)

export interface SeoOptions {
  /** The shop the web app shows. */
  shopId: string
  blogs: (shopId: string) => PromiseLike<BlogSummary[]>
  /** The site's public address (PUBLIC_URL); by default the address the request came to. */
  siteUrl?: string
  trustProxy: boolean
  /** When the pages without dates of their own last changed: the server's start, which is when a new version went live. */
  startedAt: Date
}

/** robots.txt and sitemap.xml, so search engines find every public page and post, and nothing private. */
export function createSeoRoutes(options: SeoOptions) {
  const originOf = (request: Request) => options.siteUrl?.replace(/\/+$/, '') ?? new URL(asTheVisitorSeesIt(request, options.trustProxy).url).origin

  return new Hono()
    .get('/robots.txt', (c) => {
      const lines = ['User-agent: *', 'Allow: /', ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`), '', `Sitemap: ${originOf(c.req.raw)}/sitemap.xml`, '']
      c.header('Cache-Control', 'public, max-age=3600')
      return c.text(lines.join('\n'))
    })
    .get('/sitemap.xml', async (c) => {
      const origin = originOf(c.req.raw)
      const posts = await options.blogs(options.shopId)
      const newestPost = posts
        .map((p) => p.publishedAt)
        .sort()
        .at(-1)
      const started = options.startedAt.toISOString()
      // The home page and the blog list show the newest posts: they change when one is published.
      const latest = (...dates: (string | undefined)[]) =>
        dates
          .filter((d) => d !== undefined)
          .sort()
          .at(-1)!
      const entries = [
        ...PUBLIC_PAGES.map((page) => ({ loc: page, lastmod: page === '/' || page === '/blog/' ? latest(started, newestPost) : started })),
        ...posts.map((post) => ({ loc: `/blog/${encodeURIComponent(post.id)}/`, lastmod: post.publishedAt })),
      ]
      const xml = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        ...entries.map((e) => `  <url><loc>${escapeXml(`${origin}${e.loc}`)}</loc><lastmod>${e.lastmod}</lastmod></url>`),
        '</urlset>',
        '',
      ].join('\n')
      c.header('Cache-Control', 'public, max-age=3600')
      return c.body(xml, 200, { 'Content-Type': 'application/xml; charset=utf-8' })
    })
}
