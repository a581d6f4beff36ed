import { and, eq, schema } from '@salon/db'
import { expect, it } from 'vitest'
import { eventually } from '../test/eventually.ts'
import { addPlan } from '../test/factories/memberships.ts'
import { staffUser } from '../test/factories/staff.ts'
import { anotherProcess, describeApi } from '../test/harness.ts'

const CACHE_MS = 60_000

describeApi(
  "a salon's public content, kept in memory",
  (t) => {
    const salonOf = async (app: { request: (path: string, init: RequestInit) => Response | Promise<Response> }) =>
      (await (await app.request('/api/website/salon', { headers: t().shop.headers })).json()) as { bedTypes: { code: string; perMinutePence: number }[] }
    const priceOf = (salon: Awaited<ReturnType<typeof salonOf>>, code: string) => salon.bedTypes.find((b) => b.code === code)?.perMinutePence
    const listening = (app: { publicContent: { listening: boolean } }) =>
      eventually(
        async () => app.publicContent.listening,
        (on) => on,
      )

    it('a price changed in the database reaches the answers of every process at once, though they keep content for a minute', async () => {
      // A second server process on the same database: it learns of the change only from the database.
      const second = anotherProcess(t(), { publicCacheMs: CACHE_MS })
      await listening(t().app)
      await listening(second)
      const [code] = (await salonOf(t().app)).bedTypes.map((b) => b.code)
      const before = priceOf(await salonOf(second), code!)
      expect(before).toBeGreaterThan(0)

      await t()
        .db.update(schema.bedTypes)
        .set({ perMinutePence: before! + 7 })
        .where(and(eq(schema.bedTypes.shopId, t().shop.id), eq(schema.bedTypes.code, code!)))
      for (const app of [t().app, second]) {
        const after = await eventually(
          async () => priceOf(await salonOf(app), code!),
          (price) => price === before! + 7,
        )
        expect(after).toBe(before! + 7)
      }
    })

    it('packages and posts changed in the database are answered at once too', async () => {
      await listening(t().app)
      const packages = async () =>
        ((await (await t().app.request('/api/website/packages', { headers: t().shop.headers })).json()) as { packages: { id: string; name: string }[] })
          .packages
      const [first] = await packages()
      await t().db.update(schema.packages).set({ name: 'Renamed in the salon' }).where(eq(schema.packages.id, first!.id))
      expect((await eventually(packages, (list) => list.some((p) => p.name === 'Renamed in the salon'))).find((p) => p.id === first!.id)?.name).toBe(
        'Renamed in the salon',
      )

      const blogs = async () =>
        ((await (await t().app.request('/api/blogs', { headers: t().shop.headers })).json()) as { blogs: { id: string; title: string }[] }).blogs
      const before = await blogs()
      await t().db.update(schema.blogPosts).set({ title: 'A new title' }).where(eq(schema.blogPosts.shopId, t().shop.id))
      const after = await eventually(blogs, (list) => list.length > 0 && list.every((b) => b.title === 'A new title'))
      expect(after.map((b) => b.title)).toEqual(before.map(() => 'A new title'))
    })

    it('a membership plan added, changed or retired drops the kept pages that show the plans on sale', async () => {
      const heard: string[] = []
      const stop = await t().database.listen('salon_content', (shopId) => heard.push(shopId))
      try {
        const owner = await staffUser(t(), { role: 'owner' })
        const plan = await addPlan(t(), owner, { name: 'Unlimited for the cache' })
        await eventually(
          async () => heard.length,
          (n) => n >= 1,
        )
        expect(heard).toContain(t().shop.id)
        heard.length = 0
        expect((await t().api(`staff/membership-plans/${plan.id}`, { method: 'DELETE', headers: owner.headers })).status).toBe(200)
        await eventually(
          async () => heard.length,
          (n) => n >= 1,
        )
        expect(heard).toContain(t().shop.id)
      } finally {
        await stop()
      }
    })
  },
  { deps: () => ({ publicCacheMs: CACHE_MS }) },
)
