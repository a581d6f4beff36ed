import { randomUUID } from 'node:crypto'
import type {
  BlogPostInput,
  OfferPopup,
  ReviewInput,
  ReviewsSourceInput,
  ReviewsSourceResponse,
  StaffBlogPost,
  StaffReview,
  UploadResponse,
} from '@salon/contracts/staff-catalogue'
import { MAX_UPLOAD_BYTES } from '@salon/contracts/staff-catalogue'
import type { Db } from '@salon/db'
import { databaseError } from '../../lib/database-errors.ts'
import { HttpError } from '../../lib/errors.ts'
import { healthClaimIn } from '@salon/contracts/rules/sunbed-law'
import { createAuditLog, sunbedSettingsOf, type StaffActor } from '../shop/public.ts'
import {
  createContentManageRepository,
  DEFAULT_POPUP,
  type ContentManageRepository,
  type ManagedBlogRow,
  type ManagedReviewRow,
} from './content-management.repository.ts'
import { renderMarkdown } from './markdown.ts'

/** What a person sees when a change is refused (docs/product.md §10.4). */
export const CONTENT_MESSAGES = {
  noPost: 'There is no such blog post at this salon.',
  slugTaken: (slug: string) => `There is already a post at /blog/${slug}/. Please choose another address for this one.`,
  deletePublished: 'Only a draft can be deleted. Unpublish the post first.',
  noPicture: 'Please choose a picture to upload.',
  notPicture: 'Please upload a JPEG, PNG or WebP picture.',
  pictureTooLarge: 'The picture is too large: it must be at most 2 MB.',
  noReview: 'There is no such review at this salon.',
  placeIdNeeded: "Please give the salon's Google Places id to show its Google reviews.",
  googleUnavailable: "Google reviews need the server's Google Places API key (GOOGLE_PLACES_API_KEY). Until it is set, the salon's own reviews are shown.",
  healthClaim: (nation: string, claim: string) =>
    `In ${nation} the law forbids publishing anything about the health effects of sunbeds other than the prescribed health information, so this post cannot be published: it says "${claim}". Please take that out, or keep the post as a draft.`,
} as const

/** The picture formats the site takes, known by their first bytes (never by the name or the declared type). */
const PICTURES = [
  { contentType: 'image/jpeg', ext: 'jpg', matches: (b: Uint8Array) => b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    contentType: 'image/png',
    ext: 'png',
    matches: (b: Uint8Array) => b.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, i) => b[i] === byte),
  },
  {
    contentType: 'image/webp',
    ext: 'webp',
    matches: (b: Uint8Array) => b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP',
  },
] as const
const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to))

export type PictureType = (typeof PICTURES)[number]['contentType']
export const pictureFormat = (bytes: Uint8Array) => PICTURES.find((p) => p.matches(bytes))
export const extensionOf = (contentType: string) => PICTURES.find((p) => p.contentType === contentType)?.ext
export const uploadUrl = (shopId: string, id: string, contentType: string) => `/uploads/${shopId}/${id}.${extensionOf(contentType)}`

export function postOut(row: ManagedBlogRow): StaffBlogPost {
  return {
    slug: row.id,
    title: row.title,
    summary: row.summary,
    bodyMarkdown: row.bodyMarkdown,
    author: row.author,
    coverImage: row.coverImage,
    status: row.status === 'published' ? 'published' : 'draft',
    publishedAt: row.publishedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

const reviewOut = (row: ManagedReviewRow): StaffReview => ({
  id: row.id,
  authorName: row.authorName,
  rating: row.rating,
  text: row.text,
  publishedAt: row.publishedAt.toISOString(),
  hidden: row.hiddenAt !== null,
})

function popupOut(row: { popupEnabled: boolean; popupLabel: string; popupHeadline: string; popupText: string; popupOffer: string } | null): OfferPopup {
  const popup = row ?? DEFAULT_POPUP
  return { enabled: popup.popupEnabled, label: popup.popupLabel, headline: popup.popupHeadline, text: popup.popupText, offer: popup.popupOffer }
}

/** A second post at the same address is refused by the primary key; the owner is told which. */
async function refusingTakenSlug<T>(slug: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    const problem = databaseError(error)
    if (problem?.code === '23505' && problem.constraint === 'blog_posts_shop_id_id_pk')
      throw new HttpError(409, CONTENT_MESSAGES.slugTaken(slug), { field: 'slug' })
    throw error
  }
}

/**
 * The owner's management of what the salon publishes (docs/product.md §10.4): blog posts and their pictures, the
 * offers popup, and its reviews and where they come from. Each change is one transaction with its audit entry. Posts,
 * reviews and content_settings are public content: the database's triggers announce each change (salon_content), so
 * every server process drops what it kept of the shop at once.
 */
export function createContentManagement(deps: { db: Db; now?: () => number; googleAvailable: boolean }) {
  const now = () => new Date(deps.now?.() ?? Date.now())
  const read = createContentManageRepository(deps.db)
  const inTransaction = <T>(work: (repo: ContentManageRepository, audit: ReturnType<typeof createAuditLog>) => Promise<T>) =>
    deps.db.transaction((tx) => work(createContentManageRepository(tx), createAuditLog(tx)))

  /** Where the salon's reviews come from: its choice (the salon's own unless it chose Google), and its own reviews. */
  async function reviewsSource(shopId: string): Promise<ReviewsSourceResponse> {
    const [settings, reviews] = await Promise.all([read.settings(shopId), read.reviews(shopId)])
    return {
      source: settings?.reviewsSource === 'google' ? 'google' : 'salon',
      googlePlaceId: settings?.googlePlaceId ?? null,
      googleAvailable: deps.googleAvailable,
      reviews: reviews.map(reviewOut),
    }
  }

  /**
   * Where the salon's nation forbids material on the health effects of sunbeds other than the prescribed information
   * (docs/decisions/031), a post that claims one is not published; a draft may say anything, as the public never sees it.
   */
  async function refuseHealthClaims(shopId: string, input: BlogPostInput) {
    if (input.status !== 'published') return
    const { law } = await sunbedSettingsOf(deps.db, shopId)
    if (!law.otherHealthMaterialBanned) return
    const claim = healthClaimIn([input.title, input.summary, input.bodyMarkdown].join('\n'))
    if (claim) throw new HttpError(422, CONTENT_MESSAGES.healthClaim(law.name, claim), { field: 'bodyMarkdown' })
  }

  return {
    async posts(shopId: string) {
      return (await read.posts(shopId)).map(postOut)
    },

    async post(shopId: string, slug: string) {
      const row = await read.post(shopId, slug)
      if (!row) throw new HttpError(404, CONTENT_MESSAGES.noPost)
      return postOut(row)
    },

    /** The post's body as the public post page shows it: the same renderer, the same sanitising. */
    preview: (markdown: string) => ({ html: renderMarkdown(markdown) }),

    async createPost(actor: StaffActor, input: BlogPostInput) {
      await refuseHealthClaims(actor.shopId, input)
      return inTransaction(async (repo, audit) => {
        const at = now()
        const row = await repo.insertPost({
          shopId: actor.shopId,
          id: input.slug,
          title: input.title,
          summary: input.summary,
          bodyMarkdown: input.bodyMarkdown,
          author: input.author,
          coverImage: input.coverImage,
          status: input.status,
          publishedAt: input.publishedAt ? new Date(input.publishedAt) : at,
          updatedAt: at,
        })
        if (!row) throw new HttpError(409, CONTENT_MESSAGES.slugTaken(input.slug), { field: 'slug' })
        const out = postOut(row)
        await audit.record(actor, {
          action: input.status === 'published' ? 'blog.published' : 'blog.drafted',
          subjectType: 'blog-post',
          subjectId: row.id,
          after: out,
        })
        return out
      })
    },

    /** A post published for the first time without a date takes now; otherwise it keeps its date unless given one. */
    async updatePost(actor: StaffActor, slug: string, input: BlogPostInput) {
      await refuseHealthClaims(actor.shopId, input)
      return refusingTakenSlug(input.slug, () =>
        inTransaction(async (repo, audit) => {
          const before = await repo.post(actor.shopId, slug, true)
          if (!before) throw new HttpError(404, CONTENT_MESSAGES.noPost)
          const at = now()
          const publishedAt = input.publishedAt
            ? new Date(input.publishedAt)
            : before.status === 'draft' && input.status === 'published'
              ? at
              : before.publishedAt
          const row = await repo.updatePost(actor.shopId, slug, {
            id: input.slug,
            title: input.title,
            summary: input.summary,
            bodyMarkdown: input.bodyMarkdown,
            author: input.author,
            coverImage: input.coverImage,
            status: input.status,
            publishedAt,
            updatedAt: at,
          })
          const action = before.status === input.status ? 'blog.changed' : input.status === 'published' ? 'blog.published' : 'blog.unpublished'
          await audit.record(actor, { action, subjectType: 'blog-post', subjectId: row.id, before: postOut(before), after: postOut(row) })
          return postOut(row)
        }),
      )
    },

    async unpublish(actor: StaffActor, slug: string) {
      return inTransaction(async (repo, audit) => {
        const before = await repo.post(actor.shopId, slug, true)
        if (!before) throw new HttpError(404, CONTENT_MESSAGES.noPost)
        if (before.status === 'draft') return postOut(before)
        const row = await repo.updatePost(actor.shopId, slug, { status: 'draft', updatedAt: now() })
        await audit.record(actor, {
          action: 'blog.unpublished',
          subjectType: 'blog-post',
          subjectId: slug,
          before: { status: 'published' },
          after: { status: 'draft' },
        })
        return postOut(row)
      })
    },

    async deleteDraft(actor: StaffActor, slug: string) {
      await inTransaction(async (repo, audit) => {
        const before = await repo.post(actor.shopId, slug, true)
        if (!before) throw new HttpError(404, CONTENT_MESSAGES.noPost)
        if (before.status !== 'draft') throw new HttpError(409, CONTENT_MESSAGES.deletePublished)
        await repo.deletePost(actor.shopId, slug)
        await audit.record(actor, { action: 'blog.deleted', subjectType: 'blog-post', subjectId: slug, before: postOut(before) })
      })
    },

    /** Keeps a picture for a post's cover: JPEG, PNG or WebP by its first bytes, at most 2 MB. */
    async upload(actor: StaffActor, bytes: Uint8Array): Promise<UploadResponse> {
      if (bytes.length === 0) throw new HttpError(400, CONTENT_MESSAGES.noPicture)
      if (bytes.length > MAX_UPLOAD_BYTES) throw new HttpError(413, CONTENT_MESSAGES.pictureTooLarge)
      const format = pictureFormat(bytes)
      if (!format) throw new HttpError(415, CONTENT_MESSAGES.notPicture)
      const id = randomUUID()
      const out = { id, url: uploadUrl(actor.shopId, id, format.contentType), contentType: format.contentType, bytes: bytes.length }
      await inTransaction(async (repo, audit) => {
        await repo.insertUpload({ id, shopId: actor.shopId, contentType: format.contentType, bytes, createdBy: actor.sub })
        await audit.record(actor, { action: 'upload.added', subjectType: 'upload', subjectId: id, after: out })
      })
      return out
    },

    /** A picture to serve, when the address names it exactly (its shop, id and the extension of its type). */
    async picture(shopId: string, id: string, ext: string) {
      const row = await read.upload(shopId, id)
      if (!row || extensionOf(row.contentType) !== ext) return undefined
      return row
    },

    async popup(shopId: string): Promise<OfferPopup> {
      return popupOut(await read.settings(shopId))
    },

    async setPopup(actor: StaffActor, input: OfferPopup) {
      return inTransaction(async (repo, audit) => {
        const before = popupOut(await repo.settings(actor.shopId, true))
        await repo.saveSettings(actor.shopId, {
          popupEnabled: input.enabled,
          popupLabel: input.label,
          popupHeadline: input.headline,
          popupText: input.text,
          popupOffer: input.offer,
        })
        await audit.record(actor, { action: 'popup.changed', subjectType: 'popup', subjectId: actor.shopId, before, after: input })
        return input
      })
    },

    reviewsSource,

    async setReviewsSource(actor: StaffActor, input: ReviewsSourceInput) {
      if (input.source === 'google' && !input.googlePlaceId) throw new HttpError(400, CONTENT_MESSAGES.placeIdNeeded, { field: 'googlePlaceId' })
      if (input.source === 'google' && !deps.googleAvailable) throw new HttpError(409, CONTENT_MESSAGES.googleUnavailable)
      await inTransaction(async (repo, audit) => {
        const before = await repo.settings(actor.shopId, true)
        const placeId = input.googlePlaceId ?? before?.googlePlaceId ?? null
        // The Google answer kept for the shop came from the place it had: a new place is asked afresh.
        if (placeId !== (before?.googlePlaceId ?? null)) await repo.dropCachedReviews(actor.shopId)
        await repo.saveSettings(actor.shopId, { reviewsSource: input.source, googlePlaceId: placeId })
        await audit.record(actor, {
          action: 'reviews.source-changed',
          subjectType: 'reviews-source',
          subjectId: actor.shopId,
          before: { source: before?.reviewsSource ?? 'salon', googlePlaceId: before?.googlePlaceId ?? null },
          after: { source: input.source, googlePlaceId: placeId },
        })
      })
      return reviewsSource(actor.shopId)
    },

    async addReview(actor: StaffActor, input: ReviewInput) {
      return inTransaction(async (repo, audit) => {
        const row = await repo.insertReview({
          id: randomUUID(),
          shopId: actor.shopId,
          authorName: input.authorName,
          rating: input.rating,
          text: input.text,
          publishedAt: input.publishedOn ? new Date(`${input.publishedOn}T12:00:00Z`) : now(),
        })
        const out = reviewOut(row)
        await audit.record(actor, { action: 'review.added', subjectType: 'review', subjectId: row.id, after: out })
        return out
      })
    },

    async setReviewHidden(actor: StaffActor, id: string, hidden: boolean) {
      return inTransaction(async (repo, audit) => {
        const before = await repo.lockReview(actor.shopId, id)
        if (!before) throw new HttpError(404, CONTENT_MESSAGES.noReview)
        if ((before.hiddenAt !== null) === hidden) return reviewOut(before)
        const row = await repo.setReviewHidden(actor.shopId, id, hidden ? now() : null)
        await audit.record(actor, {
          action: hidden ? 'review.hidden' : 'review.shown',
          subjectType: 'review',
          subjectId: id,
          before: { hidden: !hidden },
          after: { hidden },
        })
        return reviewOut(row)
      })
    },
  }
}
export type ContentManagement = ReturnType<typeof createContentManagement>
