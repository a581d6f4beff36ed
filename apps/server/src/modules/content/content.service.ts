import { POPUP_CONSENT_TEXT } from '@salon/contracts/consent'
import type { BlogPost, BlogSummary, ContactMessage, PopupLead, Review, ReviewsResponse } from '@salon/contracts/content'
import type { EmailSender } from '../../adapters/email/email.ts'
import type { ReviewsSource } from '../../adapters/reviews/reviews.ts'
import { HttpError } from '../../lib/errors.ts'
import type { Logger } from '../../lib/logger.ts'
import type { RateLimiter } from '../../lib/rate-limit.ts'
import type { ShopRepository } from '../shop/public.ts'
import type { ContentRepository } from './content.repository.ts'
import { renderMarkdown } from './markdown.ts'

export const contactLimit = {
  name: 'contact',
  limit: 5,
  windowSeconds: 600,
  message: 'You have sent several messages in a short time. Please wait ten minutes, or call the salon.',
}
export const popupLimit = {
  name: 'popup',
  limit: 5,
  windowSeconds: 3600,
  message: 'We have already received your details several times. Please try again in an hour.',
}

interface ContentDeps {
  content: ContentRepository
  shops: ShopRepository
  email: EmailSender
  rateLimiter: RateLimiter
  logger: Logger
  /**
   * The maps service, when the server has its key: for the place the salon chose, or (placeId left out) the one the
   * settings name; the salon's own reviews otherwise.
   */
  reviewsSource?: (shopId: string, placeId?: string) => ReviewsSource | undefined
  reviewsCacheMs: number
  now?: () => Date
}

export function createContentService(deps: ContentDeps) {
  const now = deps.now ?? (() => new Date())

  function toSummary(row: { publishedAt: Date } & Omit<BlogSummary, 'publishedAt'>): BlogSummary {
    return { id: row.id, title: row.title, summary: row.summary, coverImage: row.coverImage, author: row.author, publishedAt: row.publishedAt.toISOString() }
  }

  async function salonReviews(shopId: string): Promise<ReviewsResponse> {
    const rows = await deps.content.salonReviews(shopId)
    const reviews: Review[] = rows.map((r) => ({ ...r, publishedAt: r.publishedAt.toISOString() }))
    const rating = reviews.length ? Math.round((reviews.reduce((sum, r) => sum + r.rating, 0) / reviews.length) * 10) / 10 : null
    return { source: 'salon', rating, total: reviews.length, url: null, reviews }
  }

  return {
    async blogs(shopId: string): Promise<BlogSummary[]> {
      return (await deps.content.publishedBlogs(shopId, now())).map(toSummary)
    },

    async blog(shopId: string, id: string): Promise<BlogPost> {
      const row = await deps.content.publishedBlog(shopId, id, now())
      if (!row) throw new HttpError(404, `There is no blog post with the id "${id.slice(0, 100)}".`)
      return { ...toSummary(row), html: renderMarkdown(row.bodyMarkdown) }
    },

    /**
     * Maps-service reviews, asked at most once per cache period; the salon's own when it chose them, when none is
     * configured or when it fails. A salon that never chose gets the server's setting (GOOGLE_PLACE_ID).
     */
    async reviews(shopId: string): Promise<ReviewsResponse> {
      const choice = await deps.content.reviewsChoice(shopId)
      if (choice?.source === 'salon') return salonReviews(shopId)
      const source = deps.reviewsSource?.(shopId, choice?.placeId ?? undefined)
      if (!source) return salonReviews(shopId)
      const cached = await deps.content.cachedReviews(shopId)
      if (cached && now().getTime() - cached.fetchedAt.getTime() < deps.reviewsCacheMs) return cached.payload
      try {
        const fresh = await source.fetchReviews()
        await deps.content.cacheReviews(shopId, fresh, now())
        return fresh
      } catch (err) {
        deps.logger.warn({ err }, 'maps-service reviews unavailable')
        return cached?.payload ?? salonReviews(shopId)
      }
    },

    async sendContactMessage(shopId: string, client: string, input: ContactMessage) {
      await deps.rateLimiter.hit(contactLimit, client)
      const shop = await deps.shops.findShop(shopId)
      if (!shop) throw new HttpError(404, 'This shop does not exist.')
      const id = await deps.content.addContactMessage({ shopId, name: input.name, email: input.email, phone: input.phone, message: input.message }, now())
      const replyTo = [input.email, input.phone].filter(Boolean).join(' / ')
      try {
        await deps.email.send({
          shopId,
          to: shop.email,
          replyTo: input.email,
          subject: `New message from ${input.name} via the website`,
          text: `${input.message}\n\n— ${input.name}\nReply to: ${replyTo}\nMessage #${id}, sent ${now().toISOString()}`,
        })
      } catch (err) {
        // The message is stored; the salon still has it even when forwarding fails.
        deps.logger.error({ err, messageId: id }, 'contact message stored but not forwarded')
      }
      return { message: `Thank you, ${input.name}. Your message has been sent and we will reply as soon as we can.` }
    },

    async addPopupLead(shopId: string, client: string, input: PopupLead) {
      await deps.rateLimiter.hit(popupLimit, client)
      await deps.content.addPopupLead({ shopId, firstName: input.firstName, email: input.email, phone: input.phone, consentText: POPUP_CONSENT_TEXT }, now())
      return { message: `Thanks, ${input.firstName}! Your offer is on its way.` }
    },
  }
}
export type ContentService = ReturnType<typeof createContentService>
