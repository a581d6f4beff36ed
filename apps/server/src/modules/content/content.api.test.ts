import { eq, schema, sql } from '@salon/db'
import { describe, expect, it } from 'vitest'
import { createShop } from '../../test/factories/shop.ts'
import { describeApi } from '../../test/harness.ts'
import { eventually } from '../../test/eventually.ts'

const post = (shopId: string, id: string, bodyMarkdown: string, publishedAt: Date) => ({
  shopId,
  id,
  title: `Post ${id}`,
  summary: 'A short summary',
  bodyMarkdown,
  coverImage: '/images/blog/test.svg',
  author: 'Test Author',
  publishedAt,
})

describeApi('blogs', (t) => {
  it('lists published posts newest first', async () => {
    const shop = await createShop(t().db, {
      posts: [
        { id: 'middle', publishedAt: new Date('2026-02-01T10:00:00Z') },
        { id: 'newest', publishedAt: new Date('2026-03-01T10:00:00Z') },
        { id: 'oldest', publishedAt: new Date('2026-01-01T10:00:00Z') },
      ],
    })
    const { status, json } = await t().api('blogs', { headers: shop.headers })
    expect(status).toBe(200)
    expect(json.blogs.map((b: { id: string }) => b.id)).toEqual(['newest', 'middle', 'oldest'])
    const newest = shop.posts[1]!
    expect(json.blogs[0]).toEqual({
      id: 'newest',
      title: newest.title,
      summary: newest.summary,
      coverImage: newest.coverImage,
      author: newest.author,
      publishedAt: newest.publishedAt.toISOString(),
    })
  })

  it('a post just published goes to the top of the list', async () => {
    await t()
      .db.insert(schema.blogPosts)
      .values(post(t().shop.id, 'fresh-off-the-press', 'Hello', new Date(Date.now() - 1000)))
    const { json } = await t().api('blogs')
    expect(json.blogs[0]).toMatchObject({ id: 'fresh-off-the-press', title: 'Post fresh-off-the-press', author: 'Test Author' })
  })

  it('a post dated in the future is neither listed nor readable', async () => {
    await t()
      .db.insert(schema.blogPosts)
      .values(post(t().shop.id, 'coming-next-month', 'Not yet', new Date(Date.now() + 30 * 86400_000)))
    const list = await t().api('blogs')
    expect(list.json.blogs.map((b: { id: string }) => b.id)).not.toContain('coming-next-month')
    const details = await t().api('blogs/details/coming-next-month')
    expect(details.status).toBe(404)
    expect(details.json.message).toContain('coming-next-month')
  })

  it('a post reads as HTML rendered from its Markdown', async () => {
    await t()
      .db.insert(schema.blogPosts)
      .values(
        post(
          t().shop.id,
          'markdown-rendering',
          '# Aftercare\n\nMoisturise **well** after tanning.\n\n- Drink water\n- Skip the gym',
          new Date('2026-01-02T10:00:00Z'),
        ),
      )
    const { status, json } = await t().api('blogs/details/markdown-rendering')
    expect(status).toBe(200)
    expect(json.blog).toMatchObject({ id: 'markdown-rendering', title: 'Post markdown-rendering', publishedAt: '2026-01-02T10:00:00.000Z' })
    expect(json.blog.html).toContain('<h2>Aftercare</h2>')
    expect(json.blog.html).not.toContain('<h1')
    expect(json.blog.html).toContain('<p>Moisturise <strong>well</strong> after tanning.</p>')
    expect(json.blog.html).toContain('<li>Drink water</li>')
  })

  it("a salon's post reads with its headings and paragraphs", async () => {
    const { status, json } = await t().api(`blogs/details/${t().shop.posts[0]!.id}`)
    expect(status).toBe(200)
    expect(json.blog.html).toMatch(/<h2>[^<]+<\/h2>/)
    expect(json.blog.html).toMatch(/<p>[^<]/)
  })

  it('scripts, event handlers and javascript: links in a post are removed', async () => {
    const markdown = [
      '## Offer',
      '',
      '<script>alert(1)</script>',
      '',
      'Look <img src=x onerror=alert(1)> here.',
      '',
      'Click [x](javascript:alert(1)) or [book](https://bronze-glow.example/book/).',
      '',
      '<a href="#" onclick="alert(1)">tap</a>',
    ].join('\n')
    await t()
      .db.insert(schema.blogPosts)
      .values(post(t().shop.id, 'unsafe-markup', markdown, new Date('2026-01-03T10:00:00Z')))
    const { status, json } = await t().api('blogs/details/unsafe-markup')
    expect(status).toBe(200)
    const html: string = json.blog.html
    expect(html).toContain('<h2>Offer</h2>')
    expect(html).not.toMatch(/<script/i)
    expect(html).not.toMatch(/<img/i)
    expect(html).not.toMatch(/onerror|onclick/i)
    expect(html).not.toMatch(/javascript:/i)
    expect(html).not.toContain('alert(1)')
    expect(html).toContain('<a href="https://bronze-glow.example/book/" rel="noopener noreferrer">book</a>')
  })

  it('an unknown post answers 404 naming the id', async () => {
    const { status, json } = await t().api('blogs/details/no-such-post-here')
    expect(status).toBe(404)
    expect(json.message).toContain('"no-such-post-here"')
  })

  it('an absurdly long post id is refused as a bad request', async () => {
    const { status, json } = await t().api(`blogs/details/${'a'.repeat(201)}`)
    expect(status).toBe(400)
    expect(json.message).toMatch(/^Please check the param request: id\b/)
  })

  it("another shop's post is not readable through this shop", async () => {
    const other = await createShop(t().db, { posts: [] })
    await t()
      .db.insert(schema.blogPosts)
      .values(post(other.id, 'other-shops-post', 'Secret', new Date('2026-01-01T00:00:00Z')))
    expect((await t().api('blogs/details/other-shops-post')).status).toBe(404)
    expect((await t().api('blogs')).json.blogs.map((b: { id: string }) => b.id)).not.toContain('other-shops-post')
  })

  describe('reviews without a maps service', () => {
    it("the salon's own reviews come back newest first with their average rating", async () => {
      // 5, 4 and 4 average 4.33…, shown to one decimal place.
      const shop = await createShop(t().db, {
        reviews: [
          { authorName: 'Older', rating: 5, publishedAt: new Date('2026-01-05T12:00:00Z') },
          { authorName: 'Priya K.', rating: 4, text: 'Had to wait a while.', publishedAt: new Date('2026-03-05T12:00:00Z') },
          { authorName: 'Middle', rating: 4, publishedAt: new Date('2026-02-05T12:00:00Z') },
        ],
      })
      const { status, json } = await t().api('google/reviews', { headers: shop.headers })
      expect(status).toBe(200)
      expect(json.source).toBe('salon')
      expect(json.url).toBeNull()
      expect(json.total).toBe(3)
      expect(json.rating).toBe(4.3)
      expect(json.reviews.map((r: { authorName: string }) => r.authorName)).toEqual(['Priya K.', 'Middle', 'Older'])
      expect(json.reviews[0]).toEqual({
        id: shop.reviews[1]!.id,
        authorName: 'Priya K.',
        rating: 4,
        text: 'Had to wait a while.',
        publishedAt: '2026-03-05T12:00:00.000Z',
      })
    })
  })
})

let cacheClock = Date.parse('2026-11-23T08:00:00Z')
describeApi(
  'public content kept in memory (PUBLIC_CACHE_SECONDS)',
  (t) => {
    it('public content is read from the database once a period, and a change to it appears at once', async () => {
      await eventually(
        async () => t().app.publicContent.listening,
        (on) => on,
      )
      const before = await Promise.all([t().api('blogs'), t().api('website/packages'), t().api('website/salon')])

      // A change the database does not announce (its triggers off, as only a maintenance session could) is not
      // seen until the period has passed: the content is kept, not read again on every visit.
      await t().db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`)
        await tx.update(schema.beds).set({ name: 'Renamed quietly' }).where(eq(schema.beds.id, before[2].json.beds[0].id))
      })
      cacheClock += 29_000
      expect((await t().api('website/salon')).json).toEqual(before[2].json)
      cacheClock += 2_000
      expect((await t().api('website/salon')).json.beds.map((b: { name: string }) => b.name)).toContain('Renamed quietly')

      // Every ordinary change is announced, and appears in the very next answers, whatever the clock says.
      await t()
        .db.insert(schema.blogPosts)
        .values(post(t().shop.id, 'cached-for-a-while', 'Hello', new Date(cacheClock - 60_000)))
      await t().db.update(schema.packages).set({ name: 'Renamed package' }).where(eq(schema.packages.id, before[1].json.packages[0].id))
      const blogs = await eventually(
        () => t().api('blogs'),
        (r) => r.json.blogs[0]?.id === 'cached-for-a-while',
      )
      expect(blogs.json.blogs[0].id).toBe('cached-for-a-while')
      const packages = await eventually(
        () => t().api('website/packages'),
        (r) => r.json.packages.some((p: { name: string }) => p.name === 'Renamed package'),
      )
      expect(packages.json.packages.map((p: { name: string }) => p.name)).toContain('Renamed package')
    })
  },
  () => ({ publicCacheMs: 30_000, now: () => cacheClock }),
)
