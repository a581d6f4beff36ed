import type { ReviewsResponse } from '@salon/contracts/content'
import { eq, schema } from '@salon/db'
import { expect, it } from 'vitest'
import type { ReviewsSource } from '../../adapters/reviews/reviews.ts'
import { describeApi } from '../../test/harness.ts'

/** The shop whose reviews come from the maps service. */
const SHOP_ID = 'maps-listed-salon'

const SIX_HOURS = 6 * 3600_000

const googleAnswer = (rating: number, text: string): ReviewsResponse => ({
  source: 'google',
  rating,
  total: 214,
  url: 'https://maps.example/salon',
  reviews: [{ id: `places/x/reviews/${text}`, authorName: 'Amy T.', rating: 5, text, publishedAt: '2026-05-01T09:00:00Z' }],
})

/** Stands in for the maps service: counts calls, answers what it is told or fails. */
const maps: { calls: number; answer: ReviewsResponse; failure: Error | null; source: ReviewsSource } = {
  calls: 0,
  answer: googleAnswer(4.8, 'Spotless'),
  failure: null,
  source: {
    async fetchReviews() {
      maps.calls++
      if (maps.failure) throw maps.failure
      return maps.answer
    },
  },
}

describeApi(
  'reviews from the maps service',
  (t) => {
    /** Each test starts from no cached answer and a working service with a known answer. */
    async function reset(answer: ReviewsResponse, failure: Error | null = null) {
      await t().db.delete(schema.reviewsCache).where(eq(schema.reviewsCache.shopId, SHOP_ID))
      maps.calls = 0
      maps.answer = answer
      maps.failure = failure
    }
    const cacheOf = async () => (await t().db.select().from(schema.reviewsCache).where(eq(schema.reviewsCache.shopId, SHOP_ID)))[0]

    it('the maps service answers and is asked only once per cache period', async () => {
      const answer = googleAnswer(4.8, 'Spotless')
      await reset(answer)
      const first = await t().api('google/reviews')
      expect(first.status).toBe(200)
      expect(first.json).toEqual(answer)
      expect(maps.calls).toBe(1)
      const cached = await cacheOf()
      expect(cached?.payload).toEqual(answer)
      expect(Date.now() - cached!.fetchedAt.getTime()).toBeLessThan(60_000)

      maps.answer = googleAnswer(1, 'Changed')
      const second = await t().api('google/reviews')
      expect(second.json).toEqual(answer)
      expect(maps.calls).toBe(1)
    })

    it('an answer older than the cache period is fetched again', async () => {
      await reset(googleAnswer(4.9, 'Fresh'))
      await t()
        .db.insert(schema.reviewsCache)
        .values({ shopId: SHOP_ID, payload: googleAnswer(3.2, 'Old'), fetchedAt: new Date(Date.now() - SIX_HOURS - 60_000) })
      const { status, json } = await t().api('google/reviews')
      expect(status).toBe(200)
      expect(json.rating).toBe(4.9)
      expect(json.reviews[0].text).toBe('Fresh')
      expect(maps.calls).toBe(1)
      const cached = await cacheOf()
      expect(cached?.payload).toMatchObject({ rating: 4.9 })
      expect(Date.now() - cached!.fetchedAt.getTime()).toBeLessThan(60_000)
    })

    it('an answer still inside the cache period is served without asking', async () => {
      await reset(googleAnswer(4.9, 'Fresh'))
      await t()
        .db.insert(schema.reviewsCache)
        .values({ shopId: SHOP_ID, payload: googleAnswer(4.1, 'Cached'), fetchedAt: new Date(Date.now() - SIX_HOURS + 60_000) })
      const { json } = await t().api('google/reviews')
      expect(json.rating).toBe(4.1)
      expect(maps.calls).toBe(0)
    })

    it('when the maps service fails the stale answer is served', async () => {
      await reset(googleAnswer(4.9, 'Fresh'), new Error('Google Places answered 503: unavailable'))
      const stale = googleAnswer(4.4, 'Stale but fine')
      await t()
        .db.insert(schema.reviewsCache)
        .values({ shopId: SHOP_ID, payload: stale, fetchedAt: new Date(Date.now() - 2 * SIX_HOURS) })
      const { status, json } = await t().api('google/reviews')
      expect(status).toBe(200)
      expect(json).toEqual(stale)
      expect(maps.calls).toBe(1)
      // The stale answer is kept as it was, so the next request tries the service again.
      expect((await cacheOf())?.payload).toEqual(stale)
    })

    it("when the maps service fails and nothing is cached the salon's own reviews are served", async () => {
      await reset(googleAnswer(4.9, 'Fresh'), new Error('Google Places could not be reached'))
      const { status, json } = await t().api('google/reviews')
      expect(status).toBe(200)
      expect(json.source).toBe('salon')
      expect(json.total).toBe(t().shop.reviews.length)
      expect(json.reviews.map((r: { id: string }) => r.id).sort()).toEqual(
        t()
          .shop.reviews.map((r) => r.id)
          .sort(),
      )
      expect(maps.calls).toBe(1)
      expect(await cacheOf()).toBeUndefined()

      maps.failure = null
      const recovered = await t().api('google/reviews')
      expect(recovered.json.source).toBe('google')
      expect(maps.calls).toBe(2)
    })
  },
  { deps: () => ({ reviewsSource: (shopId) => (shopId === SHOP_ID ? maps.source : undefined) }), shop: { id: SHOP_ID } },
)
