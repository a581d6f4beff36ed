import { and, asc, desc, eq, schema, type Db } from '@salon/db'

const { blogPosts, uploads, contentSettings, reviews, reviewsCache } = schema

export type ManagedBlogRow = typeof blogPosts.$inferSelect
export type ContentSettingsRow = typeof contentSettings.$inferSelect
export type ManagedReviewRow = typeof reviews.$inferSelect

/** The offers popup as the home page has always shown it, for a shop that has not changed it. */
export const DEFAULT_POPUP = {
  popupEnabled: true,
  popupLabel: "Members' offers",
  popupHeadline: 'Be first to hear about our deals',
  popupText: 'Package discounts, quiet-hour prices and new beds, a few times a month. Nothing else.',
  popupOffer: '',
} as const

/**
 * What the salon's owner manages of what it publishes (docs/product.md §10.4): blog posts, drafts too; the pictures
 * uploaded for them; the offers popup and where reviews come from (content_settings); its own reviews.
 */
export function createContentManageRepository(db: Db) {
  return {
    posts: (shopId: string) => db.select().from(blogPosts).where(eq(blogPosts.shopId, shopId)).orderBy(desc(blogPosts.publishedAt), asc(blogPosts.id)),

    async post(shopId: string, slug: string, lock = false) {
      const query = db
        .select()
        .from(blogPosts)
        .where(and(eq(blogPosts.shopId, shopId), eq(blogPosts.id, slug)))
      const [row] = lock ? await query.for('update') : await query
      return row
    },

    /** The new post, or undefined when the salon already has a post at that address (the primary key decides). */
    async insertPost(values: typeof blogPosts.$inferInsert) {
      const [row] = await db.insert(blogPosts).values(values).onConflictDoNothing().returning()
      return row
    },

    async updatePost(shopId: string, slug: string, values: Partial<typeof blogPosts.$inferInsert>) {
      const [row] = await db
        .update(blogPosts)
        .set(values)
        .where(and(eq(blogPosts.shopId, shopId), eq(blogPosts.id, slug)))
        .returning()
      return row!
    },

    async deletePost(shopId: string, slug: string) {
      await db.delete(blogPosts).where(and(eq(blogPosts.shopId, shopId), eq(blogPosts.id, slug)))
    },

    async insertUpload(values: { id: string; shopId: string; contentType: string; bytes: Uint8Array; createdBy: string }) {
      await db.insert(uploads).values(values)
    },

    async upload(shopId: string, id: string) {
      const [row] = await db
        .select({ contentType: uploads.contentType, bytes: uploads.bytes })
        .from(uploads)
        .where(and(eq(uploads.shopId, shopId), eq(uploads.id, id)))
      return row
    },

    async settings(shopId: string, lock = false) {
      const query = db.select().from(contentSettings).where(eq(contentSettings.shopId, shopId))
      const [row] = lock ? await query.for('update') : await query
      return row ?? null
    },

    /** Writes the shop's settings, making its row (with the popup's defaults) if it has none. */
    async saveSettings(shopId: string, values: Partial<Omit<typeof contentSettings.$inferInsert, 'shopId'>>) {
      const set = { ...values, updatedAt: new Date() }
      await db
        .insert(contentSettings)
        .values({ ...DEFAULT_POPUP, ...set, shopId })
        .onConflictDoUpdate({ target: contentSettings.shopId, set })
    },

    /** The Google answer kept for the shop: dropped when the place it came from changes. */
    async dropCachedReviews(shopId: string) {
      await db.delete(reviewsCache).where(eq(reviewsCache.shopId, shopId))
    },

    reviews: (shopId: string) => db.select().from(reviews).where(eq(reviews.shopId, shopId)).orderBy(desc(reviews.publishedAt), asc(reviews.id)),

    async insertReview(values: typeof reviews.$inferInsert) {
      const [row] = await db.insert(reviews).values(values).returning()
      return row!
    },

    async lockReview(shopId: string, id: string) {
      const [row] = await db
        .select()
        .from(reviews)
        .where(and(eq(reviews.shopId, shopId), eq(reviews.id, id)))
        .for('update')
      return row
    },

    async setReviewHidden(shopId: string, id: string, hiddenAt: Date | null) {
      const [row] = await db
        .update(reviews)
        .set({ hiddenAt })
        .where(and(eq(reviews.shopId, shopId), eq(reviews.id, id)))
        .returning()
      return row!
    },
  }
}
export type ContentManageRepository = ReturnType<typeof createContentManageRepository>
