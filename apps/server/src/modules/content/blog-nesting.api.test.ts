import { schema } from '@salon/db'
import { beforeAll, expect, it } from 'vitest'
import { fastPasswords } from '../../test/factories/doubles.ts'
import { staffUser, type StaffUser } from '../../test/factories/staff.ts'
import { describeApi } from '../../test/harness.ts'

const NESTING_MESSAGE =
  'Please check the request: bodyMarkdown: Quotes, lists and emphasis may be nested at most 20 deep: please flatten the deepest part of the post.'

/** Markdown nested far past what the renderer copes with, in the shapes it comes in. */
const DEEP: Record<string, string> = {
  quotes: `${'>'.repeat(2000)} hi`,
  lists: `${'- '.repeat(2000)}hi`,
  'indented lists': Array.from({ length: 100 }, (_, i) => `${'  '.repeat(i)}- hi`).join('\n'),
  'quotes in lists': `${'> 1. '.repeat(1000)}hi`,
  emphasis: `${'*'.repeat(5000)}hi${'*'.repeat(5000)}`,
  'nested emphasis': `${'_a '.repeat(3000)}hi${' b_'.repeat(3000)}`,
}

/**
 * docs/product.md §10.4: a post may nest quotes, lists and emphasis at most 20 deep. Deeper is refused when saved or
 * previewed, with the reason; a post already stored deeper (before the limit, or by other means) still reads, as
 * plain text, so its page never fails.
 */
describeApi(
  'blog posts nested too deep',
  (get) => {
    let owner: StaffUser

    beforeAll(async () => {
      owner = await staffUser(get(), { role: 'owner', passwords: fastPasswords })
    })

    const send = (path: string, init: { method?: string; body?: unknown }) => get().api(path, { ...init, headers: owner.headers })
    const post = (bodyMarkdown: string) => ({ slug: 'deep-post', title: 'Deep', bodyMarkdown, author: 'Olive', status: 'published' })

    it.each(Object.entries(DEEP))('refuses %s past the limit when a post is made, changed or previewed', async (_shape, markdown) => {
      expect(await send('staff/blog', { body: post(markdown) })).toMatchObject({ status: 400, json: { message: NESTING_MESSAGE } })
      expect(await send('staff/blog/preview', { body: { bodyMarkdown: markdown } })).toMatchObject({ status: 400, json: { message: NESTING_MESSAGE } })
    })

    it('takes a post nested to the limit, and refuses a change that nests it deeper', async () => {
      const atLimit = `${'>'.repeat(20)} hi`
      expect((await send('staff/blog/preview', { body: { bodyMarkdown: atLimit } })).json.html.match(/<blockquote>/g)).toHaveLength(20)
      expect((await send('staff/blog', { body: post(atLimit) })).status).toBe(201)
      expect((await get().api('blogs/details/deep-post')).status).toBe(200)
      const deeper = await send('staff/blog/deep-post', { method: 'PUT', body: post(`${'>'.repeat(21)} hi`) })
      expect(deeper).toMatchObject({ status: 400, json: { message: NESTING_MESSAGE } })
    })

    it('shows a post stored nested deeper, in any shape, as plain text, and lists it', async () => {
      for (const [i, markdown] of Object.values(DEEP).entries()) {
        await get()
          .db.insert(schema.blogPosts)
          .values({
            shopId: get().shop.id,
            id: `stored-deep-${i}`,
            title: `Stored ${i}`,
            summary: 'Deep',
            bodyMarkdown: `<script>alert(1)</script>\n\n${markdown}`,
            coverImage: '/images/blog/test.svg',
            author: 'Someone',
            publishedAt: new Date('2026-01-02T10:00:00Z'),
          })
        const page = await get().api(`blogs/details/stored-deep-${i}`)
        expect(page.status).toBe(200)
        expect(page.json.blog.html).toContain('hi')
        expect(page.json.blog.html).toContain('&lt;script&gt;')
        expect(page.json.blog.html).not.toContain('<script')
        expect((await send(`staff/blog/stored-deep-${i}`, {})).status).toBe(200)
      }
      expect((await get().api('blogs')).status).toBe(200)
    })
  },
  { deps: () => ({ passwords: fastPasswords }) },
)
