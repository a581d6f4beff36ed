import { beforeAll, expect, it } from 'vitest'
import { fastPasswords } from '../../test/factories/doubles.ts'
import { staffUser, type StaffUser } from '../../test/factories/staff.ts'
import { describeApi } from '../../test/harness.ts'
import { CONTENT_MESSAGES } from './content-management.service.ts'

/** docs/decisions/031: where the salon's nation forbids other material on the health effects of sunbeds, a post claiming one is not published. */
describeApi(
  'health claims in what the salon publishes',
  (get) => {
    let owner: StaffUser
    beforeAll(async () => {
      owner = await staffUser(get(), { role: 'owner', name: 'Olive Owner', passwords: fastPasswords })
    })
    const call = (path: string, init: { method?: string; body?: unknown } = {}) => get().api(path, { ...init, headers: owner.headers })
    const nation = (value: string) => call('staff/sunbed-law', { method: 'PUT', body: { nation: value, reactionPauseDays: 7, yearlySessionLimit: 60 } })
    const post = (slug: string, overrides: Record<string, unknown> = {}) => ({
      slug,
      title: 'Your winter glow',
      summary: 'Keep it going.',
      bodyMarkdown: 'A short session builds a **protective tan** before your holiday.',
      author: 'Olive Owner',
      ...overrides,
    })

    it('in Wales a post about health benefits is refused on publishing with a message, kept as a draft; elsewhere the editor only states the rule', async () => {
      expect((await nation('wales')).json.law.publishingRule).toMatch(/^In Wales the law forbids/)
      const refused = await call('staff/blog', { body: post('winter-glow', { status: 'published' }) })
      expect(refused).toMatchObject({ status: 422, json: { message: CONTENT_MESSAGES.healthClaim('Wales', 'protective tan') } })
      expect((await get().api('blogs/details/winter-glow')).status).toBe(404)

      // A draft may say it while the owner works on it; publishing it is refused; taken out, it is published.
      expect((await call('staff/blog', { body: post('winter-glow') })).status).toBe(201)
      const publish = await call('staff/blog/winter-glow', {
        method: 'PUT',
        body: post('winter-glow', { status: 'published', bodyMarkdown: 'Top up your vitamin D here.' }),
      })
      expect(publish).toMatchObject({ status: 422, json: { message: CONTENT_MESSAGES.healthClaim('Wales', 'vitamin D') } })
      const clean = await call('staff/blog/winter-glow', {
        method: 'PUT',
        body: post('winter-glow', { status: 'published', bodyMarkdown: 'Exfoliate the day before.' }),
      })
      expect(clean.status).toBe(200)

      expect((await nation('england')).json.law.publishingRule).toMatch(/^In England the law sets no rule/)
      expect((await call('staff/blog', { body: post('english-glow', { status: 'published' }) })).status).toBe(201)
    })
  },
  { deps: () => ({ passwords: fastPasswords }) },
)
