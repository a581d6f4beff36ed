import type { Db } from '@salon/db'
import type { EmailSender } from '../../adapters/email/email.ts'
import type { ReviewsSource } from '../../adapters/reviews/reviews.ts'
import type { Logger } from '../../lib/logger.ts'
import type { ContentUnchanged } from '../../lib/public-content.ts'
import type { RateLimiter } from '../../lib/rate-limit.ts'
import type { ShopRepository } from '../shop/public.ts'
import { createContentRepository } from './content.repository.ts'
import { createContentRoutes } from './content.routes.ts'
import { createContentService } from './content.service.ts'
import { createContentManagement } from './content-management.service.ts'
import { createContentManageRoutes, createPopupRoutes, createUploadRoutes } from './content-management.routes.ts'
import { createSeoRoutes } from './seo.routes.ts'
import { createStaffLeads } from './staff-leads.service.ts'
import { createStaffLeadsRoutes } from './staff-leads.routes.ts'

export interface ContentModuleDeps {
  db: Db
  shops: ShopRepository
  email: EmailSender
  rateLimiter: RateLimiter
  logger: Logger
  /** Google reviews, when the server has the key: for the place a salon chose, or (placeId left out) GOOGLE_PLACE_ID's. */
  reviewsSource?: (shopId: string, placeId?: string) => ReviewsSource | undefined
  reviewsCacheMs: number
  kept: <T>(read: (shopId: string) => PromiseLike<T>) => (shopId: string) => Promise<T>
  unchanged: ContentUnchanged
  trustProxy: boolean
  /** The shop the web app shows, whose posts sitemap.xml lists. */
  shopId: string
  /** The site's public address (PUBLIC_URL); by default each request's own. */
  siteUrl?: string
  startedAt: Date
  /** The app's clock: which posts are out yet, when a review was cached, when a lead was marked handled. */
  now?: () => number
}

/**
 * The content module as the app uses it: the blog, reviews, the contact form and the offers popup under the API,
 * the posts and reviews kept as public content is, the staff's view of the leads and messages, and robots.txt and
 * sitemap.xml at the site's root.
 */
export function createContentModule(deps: ContentModuleDeps) {
  const content = createContentService({
    content: createContentRepository(deps.db),
    shops: deps.shops,
    email: deps.email,
    rateLimiter: deps.rateLimiter,
    logger: deps.logger,
    reviewsSource: deps.reviewsSource,
    reviewsCacheMs: deps.reviewsCacheMs,
    now: () => new Date((deps.now ?? Date.now)()),
  })
  const blogs = deps.kept(content.blogs)
  const manage = createContentManagement({ db: deps.db, now: deps.now, googleAvailable: deps.reviewsSource !== undefined })
  return {
    routes: createContentRoutes({ ...content, blogs, reviews: deps.kept(content.reviews) }, { trustProxy: deps.trustProxy, unchanged: deps.unchanged }),
    /** The staff's leads and messages under /api/staff/ (docs/product.md §10.6). */
    staffRoutes: createStaffLeadsRoutes(createStaffLeads({ db: deps.db, now: deps.now })),
    /** The owner's blog, cover pictures, offers popup and reviews under /api/staff/ (docs/product.md §10.4). */
    manageRoutes: createContentManageRoutes(manage),
    /** GET website/popup: the offers popup as the salon set it, kept as public content is. */
    popupRoutes: createPopupRoutes(deps.kept(manage.popup), { unchanged: deps.unchanged }),
    /** The uploaded pictures at /uploads/{shop}/{id}.{ext}, outside the API: a picture is fetched without the shop's headers. */
    uploadRoutes: createUploadRoutes(manage),
    seoRoutes: createSeoRoutes({ shopId: deps.shopId, blogs, siteUrl: deps.siteUrl, trustProxy: deps.trustProxy, startedAt: deps.startedAt }),
  }
}
