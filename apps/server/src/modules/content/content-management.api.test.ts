import type { ReviewsResponse } from '@salon/contracts/content'
import { and, desc, eq, schema } from '@salon/db'
import { beforeAll, expect, it } from 'vitest'
import { eventually } from '../../test/eventually.ts'
import { otherShopOwner, staffUser, type StaffUser } from '../../test/factories/staff.ts'
import { anotherProcess, describeApi, type TestApp } from '../../test/harness.ts'

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82])
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70])
const WEBP = Uint8Array.from([...Buffer.from('RIFF'), 30, 0, 0, 0, ...Buffer.from('WEBPVP8 ')])
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
const HTML = Buffer.from('<!doctype html><script>alert(1)</script>')

async function lastAudit(t: TestApp, action: string) {
  const [row] = await t.db
    .select()
    .from(schema.staffAuditLog)
    .where(and(eq(schema.staffAuditLog.shopId, t.shop.id), eq(schema.staffAuditLog.action, action)))
    .orderBy(desc(schema.staffAuditLog.id))
    .limit(1)
  return row
}

/** docs/product.md §10.4: the owner writes the blog, uploads its pictures, sets the offers popup and the reviews. */
describeApi(
  'managing what the salon publishes',
  (get) => {
    let owner: StaffUser

    beforeAll(async () => {
      owner = await staffUser(get(), { role: 'owner', name: 'Olive Owner' })
    })

    const call = (path: string, init: { method?: string; body?: unknown } = {}) => get().api(path, { ...init, headers: owner.headers })
    const upload = (bytes: Uint8Array, contentType = 'image/png', headers: Record<string, string> = owner.headers) =>
      get().app.request('/api/staff/uploads', {
        method: 'POST',
        headers: { ...get().shop.headers, ...headers, 'content-type': contentType },
        body: Buffer.from(bytes),
      })
    const publicBlogs = async (app: TestApp['app'] = get().app) =>
      ((await (await app.request('/api/blogs', { headers: get().shop.headers })).json()) as { blogs: { id: string; title: string }[] }).blogs
    const post = (overrides: Record<string, unknown> = {}) => ({
      slug: 'summer-glow',
      title: 'Your summer glow',
      summary: 'Keep it going.',
      bodyMarkdown: '## Before\n\nExfoliate the day before.',
      author: 'Olive Owner',
      ...overrides,
    })

    it('keeps a draft off the blog, the post page and the sitemap; publishing shows it at once in another process', async () => {
      const second = anotherProcess(get(), { publicCacheMs: 60_000 })
      await eventually(
        async () => second.publicContent.listening && get().app.publicContent.listening,
        (on) => on,
      )
      const before = await publicBlogs(second)

      const draft = await call('staff/blog', { body: post() })
      expect(draft.status).toBe(201)
      expect(draft.json.post).toMatchObject({ slug: 'summer-glow', status: 'draft', title: 'Your summer glow' })
      expect(await lastAudit(get(), 'blog.drafted')).toMatchObject({ subjectType: 'blog-post', subjectId: 'summer-glow' })
      expect((await call('staff/blog')).json.posts.map((p: { slug: string }) => p.slug)).toContain('summer-glow')
      expect((await publicBlogs(second)).map((b) => b.id)).toEqual(before.map((b) => b.id))
      expect((await get().api('blogs/details/summer-glow')).status).toBe(404)
      expect(await (await get().app.request('/sitemap.xml')).text()).not.toContain('summer-glow')

      const published = await call('staff/blog/summer-glow', { method: 'PUT', body: post({ status: 'published' }) })
      expect(published.json.post).toMatchObject({ status: 'published' })
      expect(Date.now() - Date.parse(published.json.post.publishedAt)).toBeLessThan(60_000)
      expect(await lastAudit(get(), 'blog.published')).toMatchObject({ subjectId: 'summer-glow', before: { status: 'draft' }, after: { status: 'published' } })
      for (const app of [get().app, second]) {
        const shown = await eventually(
          () => publicBlogs(app),
          (blogs) => blogs.some((b) => b.id === 'summer-glow'),
        )
        expect(shown[0]).toMatchObject({ id: 'summer-glow', title: 'Your summer glow' })
      }
      const page = await get().api('blogs/details/summer-glow')
      expect(page.json.blog.html).toContain('<h2>Before</h2>')
      expect(await (await get().app.request('/sitemap.xml')).text()).toContain('summer-glow')

      // A published post is unpublished before it may be deleted.
      const refused = await call('staff/blog/summer-glow', { method: 'DELETE' })
      expect(refused).toMatchObject({ status: 409, json: { message: 'Only a draft can be deleted. Unpublish the post first.' } })
      const unpublished = await call('staff/blog/summer-glow/unpublish', { body: {} })
      expect(unpublished.json.post.status).toBe('draft')
      expect(
        (
          await eventually(
            () => publicBlogs(second),
            (blogs) => !blogs.some((b) => b.id === 'summer-glow'),
          )
        ).map((b) => b.id),
      ).not.toContain('summer-glow')
      expect((await call('staff/blog/summer-glow', { method: 'DELETE' })).status).toBe(204)
      expect((await call('staff/blog/summer-glow')).status).toBe(404)
      expect(await lastAudit(get(), 'blog.deleted')).toMatchObject({ subjectId: 'summer-glow' })
    })

    it('refuses a second post at the same address, made or renamed, and bad posts with a message', async () => {
      expect((await call('staff/blog', { body: post({ slug: 'twice' }) })).status).toBe(201)
      const again = await call('staff/blog', { body: post({ slug: 'twice' }) })
      expect(again).toMatchObject({ status: 409, json: { message: 'There is already a post at /blog/twice/. Please choose another address for this one.' } })
      expect((await call('staff/blog', { body: post({ slug: 'once' }) })).status).toBe(201)
      const renamed = await call('staff/blog/once', { method: 'PUT', body: post({ slug: 'twice' }) })
      expect(renamed.status).toBe(409)
      const moved = await call('staff/blog/once', { method: 'PUT', body: post({ slug: 'once-more', title: 'Moved' }) })
      expect(moved.json.post).toMatchObject({ slug: 'once-more', title: 'Moved' })

      const bad = await call('staff/blog', { body: post({ slug: 'Not A Slug' }) })
      expect(bad.status).toBe(400)
      expect(bad.json.message).toContain('slug must be lower-case letters and digits in words joined by single dashes')
      expect((await call('staff/blog', { body: post({ slug: 'dated', publishedAt: '2026-02-30T09:00:00Z' }) })).status).toBe(400)
      expect((await call('staff/blog', { body: post({ slug: 'cover', coverImage: 'javascript:alert(1)' }) })).status).toBe(400)
      expect((await call('staff/blog', { body: post({ slug: 'nameless', title: '' }) })).json.message).toBe('Please check the request: title is required.')
      const { shop } = await otherShopOwner(get())
      expect((await call(`staff/blog/${shop.posts[0]!.id}-elsewhere`)).status).toBe(404)
    })

    it('previews Markdown as the public post page renders it, sanitised', async () => {
      const preview = await call('staff/blog/preview', { body: { bodyMarkdown: '## Hello\n\n<script>alert(1)</script>\n\n**bold** [x](javascript:alert(1))' } })
      expect(preview.status).toBe(200)
      expect(preview.json.html).toContain('<h2>Hello</h2>')
      expect(preview.json.html).toContain('<strong>bold</strong>')
      expect(preview.json.html).not.toContain('<script')
      expect(preview.json.html).not.toContain('javascript:')
    })

    it('keeps an uploaded JPEG, PNG or WebP and serves it for a year, never as a page', async () => {
      for (const [bytes, type, ext] of [
        [PNG, 'image/png', 'png'],
        [JPEG, 'image/jpeg', 'jpg'],
        [WEBP, 'image/webp', 'webp'],
      ] as const) {
        // The declared type is ignored: the first bytes decide.
        const answer = await upload(bytes, 'application/octet-stream')
        expect(answer.status).toBe(201)
        const body = (await answer.json()) as { id: string; url: string; contentType: string; bytes: number }
        expect(body).toMatchObject({ contentType: type, bytes: bytes.length, url: `/uploads/${get().shop.id}/${body.id}.${ext}` })
        const served = await get().app.request(body.url)
        expect(served.status).toBe(200)
        expect(served.headers.get('content-type')).toBe(type)
        expect(served.headers.get('x-content-type-options')).toBe('nosniff')
        expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
        expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes)
        // The same picture under another extension is not there.
        expect((await get().app.request(body.url.replace(`.${ext}`, ext === 'png' ? '.jpg' : '.png'))).status).toBe(404)
        expect((await get().app.request(body.url.replace(get().shop.id, 'another-salon'))).status).toBe(404)
      }
      expect(await lastAudit(get(), 'upload.added')).toMatchObject({ subjectType: 'upload' })
    })

    it('refuses an upload that is not a picture, whatever it claims, one over 2 MB and an empty one', async () => {
      const count = await get().db.$count(schema.uploads)
      for (const bytes of [SVG, HTML]) {
        const answer = await upload(bytes, 'image/png')
        expect(answer.status).toBe(415)
        expect(await answer.json()).toEqual({ message: 'Please upload a JPEG, PNG or WebP picture.' })
      }
      const big = new Uint8Array(2 * 1024 * 1024 + 1)
      big.set(PNG)
      expect((await upload(big)).status).toBe(413)
      const exactly = new Uint8Array(2 * 1024 * 1024)
      exactly.set(PNG)
      expect((await upload(exactly)).status).toBe(201)
      expect((await upload(new Uint8Array(0))).status).toBe(400)
      expect(await get().db.$count(schema.uploads)).toBe(count + 1)
      expect((await get().app.request(`/uploads/${get().shop.id}/not-a-picture.png`)).status).toBe(404)
      // The rest of the API keeps its own limit.
      const large = await get().api('staff/popup', { method: 'PUT', raw: JSON.stringify({ text: 'x'.repeat(70_000) }), headers: owner.headers })
      expect(large.status).toBe(413)
    })

    it('refuses an upload by a member of staff, or without a token', async () => {
      const member = await staffUser(get(), { role: 'staff' })
      expect((await upload(PNG, 'image/png', member.headers)).status).toBe(403)
      expect((await upload(PNG, 'image/png', {})).status).toBe(401)
    })

    it('sets the offers popup, audited; the site reads it at once', async () => {
      const popup = async () => (await get().api('website/popup')).json
      expect(await popup()).toEqual({
        enabled: true,
        label: "Members' offers",
        headline: 'Be first to hear about our deals',
        text: 'Package discounts, quiet-hour prices and new beds, a few times a month. Nothing else.',
        offer: '',
      })
      const next = { enabled: false, label: 'Autumn', headline: 'Ten per cent off', text: 'Our autumn offer.', offer: '10% off with AUTUMN10' }
      const set = await call('staff/popup', { method: 'PUT', body: next })
      expect(set).toMatchObject({ status: 200, json: next })
      expect(await eventually(popup, (p) => p.headline === 'Ten per cent off')).toEqual(next)
      expect((await call('staff/popup')).json).toEqual(next)
      expect(await lastAudit(get(), 'popup.changed')).toMatchObject({ before: { headline: 'Be first to hear about our deals' }, after: next })
      const bad = await call('staff/popup', { method: 'PUT', body: { ...next, headline: '' } })
      expect(bad).toMatchObject({ status: 400, json: { message: 'Please check the request: headline is required.' } })
    })

    it("adds and hides the salon's own reviews, which the site shows or stops showing at once", async () => {
      const shown = async () => ((await get().api('google/reviews')).json as ReviewsResponse).reviews.map((r) => r.text)
      const added = await call('staff/reviews', { body: { authorName: 'Dee G.', rating: 5, text: 'Best salon in town.', publishedOn: '2026-06-01' } })
      expect(added.status).toBe(201)
      expect(added.json).toMatchObject({ authorName: 'Dee G.', rating: 5, hidden: false, publishedAt: '2026-06-01T12:00:00.000Z' })
      expect(await eventually(shown, (texts) => texts.includes('Best salon in town.'))).toContain('Best salon in town.')

      const hidden = await call(`staff/reviews/${added.json.id}`, { method: 'PUT', body: { hidden: true } })
      expect(hidden.json.hidden).toBe(true)
      expect(await eventually(shown, (texts) => !texts.includes('Best salon in town.'))).not.toContain('Best salon in town.')
      expect(await lastAudit(get(), 'review.hidden')).toMatchObject({ subjectId: added.json.id })
      const listed = (await call('staff/reviews-source')).json
      expect(listed).toMatchObject({ source: 'salon', googlePlaceId: null, googleAvailable: false })
      expect(listed.reviews.find((r: { id: string }) => r.id === added.json.id)).toMatchObject({ hidden: true })

      expect((await call('staff/reviews', { body: { authorName: 'X', rating: 6, text: 'Too many stars' } })).status).toBe(400)
      const { shop } = await otherShopOwner(get())
      const theirs = await call(`staff/reviews/${shop.reviews[0]!.id}`, { method: 'PUT', body: { hidden: true } })
      expect(theirs).toMatchObject({ status: 404, json: { message: 'There is no such review at this salon.' } })
    })

    it('refuses Google reviews while the server has no Google Places key', async () => {
      const answer = await call('staff/reviews-source', { method: 'PUT', body: { source: 'google', googlePlaceId: 'ChIJN1t_tDeuEmsRUsoyG83frY4' } })
      expect(answer).toMatchObject({
        status: 409,
        json: {
          message: "Google reviews need the server's Google Places API key (GOOGLE_PLACES_API_KEY). Until it is set, the salon's own reviews are shown.",
        },
      })
      expect((await call('staff/reviews-source')).json.source).toBe('salon')
    })
  },
  { deps: () => ({ publicCacheMs: 60_000 }) },
)

const googleAnswer = (placeId: string): ReviewsResponse => ({
  source: 'google',
  rating: 4.7,
  total: 120,
  url: `https://maps.example/${placeId}`,
  reviews: [{ id: `places/${placeId}/reviews/1`, authorName: 'Amy T.', rating: 5, text: `Reviewed at ${placeId}`, publishedAt: '2026-05-01T09:00:00Z' }],
})
const asked: string[] = []

/** With the server's Google key, the salon chooses its place, or its own reviews. */
describeApi(
  "choosing where the salon's reviews come from",
  (get) => {
    it('shows the Google reviews of the place the salon chose, asks afresh for a new place, and its own when it chooses them', async () => {
      const owner = await staffUser(get(), { role: 'owner' })
      const call = (body: unknown) => get().api('staff/reviews-source', { method: 'PUT', body, headers: owner.headers })
      const reviews = async () => (await get().api('google/reviews')).json as ReviewsResponse
      // A salon that never chose gets the server's setting: here, no place, so its own reviews.
      expect((await reviews()).source).toBe('salon')
      expect((await get().api('staff/reviews-source', { headers: owner.headers })).json.googleAvailable).toBe(true)

      const missing = await call({ source: 'google' })
      expect(missing).toMatchObject({ status: 400, json: { message: "Please give the salon's Google Places id to show its Google reviews." } })
      const chosen = await call({ source: 'google', googlePlaceId: 'ChIJ-first-place-0001' })
      expect(chosen.json).toMatchObject({ source: 'google', googlePlaceId: 'ChIJ-first-place-0001' })
      expect((await reviews()).reviews[0]!.text).toBe('Reviewed at ChIJ-first-place-0001')
      const moved = await call({ source: 'google', googlePlaceId: 'ChIJ-second-place-002' })
      expect(moved.status).toBe(200)
      expect((await reviews()).reviews[0]!.text).toBe('Reviewed at ChIJ-second-place-002')
      expect(asked).toEqual(['ChIJ-first-place-0001', 'ChIJ-second-place-002'])

      const own = await call({ source: 'salon' })
      expect(own.json).toMatchObject({ source: 'salon', googlePlaceId: 'ChIJ-second-place-002' })
      expect((await reviews()).source).toBe('salon')
      const [audit] = await get()
        .db.select()
        .from(schema.staffAuditLog)
        .where(and(eq(schema.staffAuditLog.shopId, get().shop.id), eq(schema.staffAuditLog.action, 'reviews.source-changed')))
        .orderBy(desc(schema.staffAuditLog.id))
        .limit(1)
      expect(audit).toMatchObject({ before: { source: 'google', googlePlaceId: 'ChIJ-second-place-002' }, after: { source: 'salon' } })
    })
  },
  {
    deps: () => ({
      reviewsSource: (_shopId: string, placeId?: string) =>
        placeId
          ? {
              async fetchReviews() {
                asked.push(placeId)
                return googleAnswer(placeId)
              },
            }
          : undefined,
    }),
  },
)

/** Owners saving at the same moment: the database settles it, never a 500. */
describeApi(
  'writing the blog at the same moment',
  (get) => {
    it('makes one post of ten made at once at the same address, and refuses the rest', async () => {
      const owner = await staffUser(get(), { role: 'owner' })
      const body = { slug: 'same-moment', title: 'At once', bodyMarkdown: 'Hello', author: 'Olive Owner' }
      const answers = await Promise.all(Array.from({ length: 10 }, () => get().api('staff/blog', { body, headers: owner.headers })))
      expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array(9).fill(409)])
    })
  },
  { postgresOnly: true },
)
