import { createRoute } from '@hono/zod-openapi'
import { ErrorResponse } from '@salon/contracts/errors'
import {
  BlogPostRequest,
  BlogPreviewRequest,
  BlogPreviewResponse,
  OfferPopup,
  ReviewRequest,
  ReviewsSourceRequest,
  ReviewsSourceResponse,
  ReviewVisibilityRequest,
  StaffBlogPostResponse,
  StaffBlogPostsResponse,
  StaffReview,
  UploadResponse,
} from '@salon/contracts/staff-catalogue'
import { Hono } from 'hono'
import { z } from 'zod'
import { sharedAnswer, SHOP_HEADERS } from '../../lib/http-caching.ts'
import { createRouter, errorResponses, json, jsonBody } from '../../lib/openapi.ts'
import type { ContentUnchanged } from '../../lib/public-content.ts'
import { staffRoute, type ShopEnv, type StaffEnv } from '../shop/public.ts'
import type { ContentManagement } from './content-management.service.ts'

const Slug = z.object({ slug: z.string().min(1, { message: 'must be a post address' }).max(100, { message: 'must be a post address' }) })
const ReviewId = z.object({ id: z.string().min(1, { message: 'must be a review id' }).max(64, { message: 'must be a review id' }) })
const noPost = { 404: json(ErrorResponse, 'No such post at this salon') }
const picture = z.string().openapi({ type: 'string', format: 'binary' })

/** The path the cover pictures' upload is made at: the API's body limit is larger there (app.ts). */
export const UPLOAD_PATH = '/staff/uploads'

/** The owner's blog, pictures, offers popup and reviews under /api/staff/ (docs/product.md §10.4). */
export function createContentManageRoutes(manage: ContentManagement) {
  return createRouter<StaffEnv>()
    .openapi(
      staffRoute('owner', {
        method: 'get',
        path: '/staff/blog',
        summary: 'Every blog post, drafts and published, newest first (without their bodies)',
        responses: { 200: json(StaffBlogPostsResponse, 'The posts') },
      }),
      async (c) => c.json({ posts: (await manage.posts(c.get('staff').shopId)).map(({ bodyMarkdown: _, ...post }) => post) }, 200),
    )
    .openapi(
      staffRoute('owner', {
        method: 'post',
        path: '/staff/blog/preview',
        summary: "A post's Markdown as the public post page shows it (the same renderer and sanitising)",
        request: jsonBody(BlogPreviewRequest),
        responses: { 200: json(BlogPreviewResponse, 'The sanitised HTML') },
      }),
      async (c) => c.json(manage.preview(c.req.valid('json').bodyMarkdown), 200),
    )
    .openapi(
      staffRoute('owner', {
        method: 'get',
        path: '/staff/blog/{slug}',
        summary: 'One post, with its Markdown body',
        request: { params: Slug },
        responses: { 200: json(StaffBlogPostResponse, 'The post'), ...noPost },
      }),
      async (c) => c.json({ post: await manage.post(c.get('staff').shopId, c.req.valid('param').slug) }, 200),
    )
    .openapi(
      staffRoute('owner', {
        method: 'post',
        path: '/staff/blog',
        summary: 'Write a post: a draft, or published at once (or from its date)',
        request: jsonBody(BlogPostRequest),
        responses: { 201: json(StaffBlogPostResponse, 'The post'), 409: json(ErrorResponse, 'The salon already has a post at that address') },
      }),
      async (c) => c.json({ post: await manage.createPost(c.get('staff'), c.req.valid('json')) }, 201),
    )
    .openapi(
      staffRoute('owner', {
        method: 'put',
        path: '/staff/blog/{slug}',
        summary: 'Change a post (its address too), publish it or make it a draft again',
        request: { params: Slug, ...jsonBody(BlogPostRequest) },
        responses: { 200: json(StaffBlogPostResponse, 'The post'), ...noPost, 409: json(ErrorResponse, 'The salon already has a post at the new address') },
      }),
      async (c) => c.json({ post: await manage.updatePost(c.get('staff'), c.req.valid('param').slug, c.req.valid('json')) }, 200),
    )
    .openapi(
      staffRoute('owner', {
        method: 'post',
        path: '/staff/blog/{slug}/unpublish',
        summary: 'Take a post off the blog: it becomes a draft',
        request: { params: Slug },
        responses: { 200: json(StaffBlogPostResponse, 'The post, a draft'), ...noPost },
      }),
      async (c) => c.json({ post: await manage.unpublish(c.get('staff'), c.req.valid('param').slug) }, 200),
    )
    .openapi(
      staffRoute('owner', {
        method: 'delete',
        path: '/staff/blog/{slug}',
        summary: 'Delete a draft (a published post is unpublished first)',
        request: { params: Slug },
        responses: { 204: { description: 'Deleted' }, ...noPost, 409: json(ErrorResponse, 'The post is published') },
      }),
      async (c) => (await manage.deleteDraft(c.get('staff'), c.req.valid('param').slug), c.body(null, 204)),
    )
    .openapi(
      staffRoute('owner', {
        method: 'post',
        path: UPLOAD_PATH,
        summary: "Upload a picture for a post's cover: the body is the file itself (JPEG, PNG or WebP, at most 2 MB)",
        request: {
          body: {
            content: { 'image/jpeg': { schema: picture }, 'image/png': { schema: picture }, 'image/webp': { schema: picture } },
            required: true,
          },
        },
        responses: {
          201: json(UploadResponse, 'Kept; served at its url'),
          413: json(ErrorResponse, 'Larger than 2 MB'),
          415: json(ErrorResponse, 'Not a JPEG, PNG or WebP picture, as its first bytes say'),
        },
      }),
      async (c) => c.json(await manage.upload(c.get('staff'), new Uint8Array(await c.req.arrayBuffer())), 201),
    )
    .openapi(
      staffRoute('owner', {
        method: 'get',
        path: '/staff/popup',
        summary: "The home page's offers popup",
        responses: { 200: json(OfferPopup, 'The popup') },
      }),
      async (c) => c.json(await manage.popup(c.get('staff').shopId), 200),
    )
    .openapi(
      staffRoute('owner', {
        method: 'put',
        path: '/staff/popup',
        summary: 'Turn the offers popup on or off and change its words and offer',
        request: jsonBody(OfferPopup),
        responses: { 200: json(OfferPopup, 'The popup as it now is') },
      }),
      async (c) => c.json(await manage.setPopup(c.get('staff'), c.req.valid('json')), 200),
    )
    .openapi(
      staffRoute('owner', {
        method: 'get',
        path: '/staff/reviews-source',
        summary: "Where the site's reviews come from, and the salon's own reviews (hidden ones too)",
        responses: { 200: json(ReviewsSourceResponse, 'The choice and the reviews') },
      }),
      async (c) => c.json(await manage.reviewsSource(c.get('staff').shopId), 200),
    )
    .openapi(
      staffRoute('owner', {
        method: 'put',
        path: '/staff/reviews-source',
        summary: "Show the salon's own reviews, or its Google reviews (by its Google Places id)",
        request: jsonBody(ReviewsSourceRequest),
        responses: { 200: json(ReviewsSourceResponse, 'The choice as it now is'), 409: json(ErrorResponse, 'The server has no Google Places API key') },
      }),
      async (c) => c.json(await manage.setReviewsSource(c.get('staff'), c.req.valid('json')), 200),
    )
    .openapi(
      staffRoute('owner', {
        method: 'post',
        path: '/staff/reviews',
        summary: 'Add one of the salon’s own reviews (one a customer gave in the salon or by email)',
        request: jsonBody(ReviewRequest),
        responses: { 201: json(StaffReview, 'The review') },
      }),
      async (c) => c.json(await manage.addReview(c.get('staff'), c.req.valid('json')), 201),
    )
    .openapi(
      staffRoute('owner', {
        method: 'put',
        path: '/staff/reviews/{id}',
        summary: "Hide one of the salon's own reviews from the site, or show it again",
        request: { params: ReviewId, ...jsonBody(ReviewVisibilityRequest) },
        responses: { 200: json(StaffReview, 'The review'), 404: json(ErrorResponse, 'No such review at this salon') },
      }),
      async (c) => c.json(await manage.setReviewHidden(c.get('staff'), c.req.valid('param').id, c.req.valid('json').hidden), 200),
    )
}

/** The home page's offers popup, as the salon set it: public content, kept and dropped as the rest is. */
export function createPopupRoutes(popup: (shopId: string) => Promise<OfferPopup>, options: { unchanged: ContentUnchanged }) {
  return createRouter<ShopEnv>().openapi(
    createRoute({
      method: 'get',
      path: '/website/popup',
      tags: ['Content'],
      summary: "The home page's offers popup: whether it shows, its words and its offer",
      responses: { 200: json(OfferPopup, 'The popup'), ...errorResponses },
    }),
    async (c) => (sharedAnswer(c, { vary: SHOP_HEADERS, keptWhile: options.unchanged(c.get('shopId')) }), c.json(await popup(c.get('shopId')), 200)),
  )
}

const YEAR_SECONDS = 365 * 24 * 3600

/**
 * The pictures the salon uploaded, at /uploads/{shop}/{id}.{jpg|png|webp}: never changed once made, so kept by
 * browsers and caches for a year; only ever one of the three picture types (the database allows no other), with
 * nosniff, so no upload can be served as a page or a script.
 */
export function createUploadRoutes(manage: ContentManagement) {
  return new Hono().get('/uploads/:shopId/:file', async (c) => {
    const match = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(jpg|png|webp)$/.exec(c.req.param('file'))
    const shopId = c.req.param('shopId')
    const found = match && shopId.length <= 100 ? await manage.picture(shopId, match[1]!, match[2]!) : undefined
    if (!found) return c.json({ message: 'There is no such picture.' }, 404)
    return c.body(found.bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': found.contentType,
      'Content-Length': String(found.bytes.length),
      'Cache-Control': `public, max-age=${YEAR_SECONDS}, immutable`,
      'X-Content-Type-Options': 'nosniff',
      'Content-Disposition': 'inline',
    })
  })
}
