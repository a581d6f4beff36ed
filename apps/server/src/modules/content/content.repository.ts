import type { ReviewsResponse } from '@salon/contracts/content'
import { and, desc, eq, isNull, lte, schema, type Db } from '@salon/db'

const blogSummaryColumns = {
  id: schema.blogPosts.id,
  title: schema.blogPosts.title,
  summary: schema.blogPosts.summary,
  coverImage: schema.blogPosts.coverImage,
  author: schema.blogPosts.author,
  publishedAt: schema.blogPosts.publishedAt,
}

export function createContentRepository(db: Db) {
  return {
    /** Published posts, newest first; a post dated after `at` (the app's clock) is not out yet, and a draft never is. */
    publishedBlogs: (shopId: string, at: Date) =>
      db
        .select(blogSummaryColumns)
        .from(schema.blogPosts)
        .where(and(eq(schema.blogPosts.shopId, shopId), eq(schema.blogPosts.status, 'published'), lte(schema.blogPosts.publishedAt, at)))
        .orderBy(desc(schema.blogPosts.publishedAt)),

    async publishedBlog(shopId: string, id: string, at: Date) {
      const [row] = await db
        .select({ ...blogSummaryColumns, bodyMarkdown: schema.blogPosts.bodyMarkdown })
        .from(schema.blogPosts)
        .where(
          and(
            eq(schema.blogPosts.shopId, shopId),
            eq(schema.blogPosts.id, id),
            eq(schema.blogPosts.status, 'published'),
            lte(schema.blogPosts.publishedAt, at),
          ),
        )
        .limit(1)
      return row ?? null
    },

    salonReviews: (shopId: string) =>
      db
        .select({
          id: schema.reviews.id,
          authorName: schema.reviews.authorName,
          rating: schema.reviews.rating,
          text: schema.reviews.text,
          publishedAt: schema.reviews.publishedAt,
        })
        .from(schema.reviews)
        .where(and(eq(schema.reviews.shopId, shopId), isNull(schema.reviews.hiddenAt)))
        .orderBy(desc(schema.reviews.publishedAt)),

    /** The salon's choice of where its reviews come from (docs/product.md §10.4); null when it has made none. */
    async reviewsChoice(shopId: string) {
      const [row] = await db
        .select({ source: schema.contentSettings.reviewsSource, placeId: schema.contentSettings.googlePlaceId })
        .from(schema.contentSettings)
        .where(eq(schema.contentSettings.shopId, shopId))
      return row ?? null
    },

    async cachedReviews(shopId: string) {
      const [row] = await db.select().from(schema.reviewsCache).where(eq(schema.reviewsCache.shopId, shopId)).limit(1)
      return row ? { payload: row.payload as ReviewsResponse, fetchedAt: row.fetchedAt } : null
    },

    async cacheReviews(shopId: string, payload: ReviewsResponse, fetchedAt: Date) {
      await db
        .insert(schema.reviewsCache)
        .values({ shopId, payload, fetchedAt })
        .onConflictDoUpdate({ target: schema.reviewsCache.shopId, set: { payload, fetchedAt } })
    },

    /** `at` is the app's clock: when the message came and the visitor consented. */
    async addContactMessage(message: { shopId: string; name: string; email?: string; phone?: string; message: string }, at: Date) {
      const [row] = await db
        .insert(schema.contactMessages)
        .values({ ...message, email: message.email ?? null, phone: message.phone ?? null, consentAt: at, createdAt: at })
        .returning({ id: schema.contactMessages.id })
      return row!.id
    },

    async addPopupLead(lead: { shopId: string; firstName: string; email?: string; phone?: string; consentText: string }, at: Date) {
      const [row] = await db
        .insert(schema.popupLeads)
        .values({ ...lead, email: lead.email ?? null, phone: lead.phone ?? null, marketingConsent: true, createdAt: at })
        .returning({ id: schema.popupLeads.id })
      return row!.id
    },
  }
}
export type ContentRepository = ReturnType<typeof createContentRepository>
