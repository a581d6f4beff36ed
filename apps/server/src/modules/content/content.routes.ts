import { createRoute, z } from '@hono/zod-openapi'
import { BlogResponse, BlogsResponse, ContactMessageRequest, MessageResponse, PopupLeadRequest, ReviewsResponse } from '@salon/contracts/content'
import { ErrorResponse } from '@salon/contracts/errors'
import { addressForLimits } from '../../lib/address-prefix.ts'
import { sharedAnswer, SHOP_HEADERS } from '../../lib/http-caching.ts'
import type { ContentUnchanged } from '../../lib/public-content.ts'
import type { ShopEnv } from '../shop/public.ts'
import { createRouter, errorResponses, json } from '../../lib/openapi.ts'
import type { ContentService } from './content.service.ts'

const tooMany = { 429: json(ErrorResponse, 'Too many requests from this address; the message says when to try again') }

export function createContentRoutes(service: ContentService, options: { trustProxy: boolean; unchanged: ContentUnchanged }) {
  return createRouter<ShopEnv>()
    .openapi(
      createRoute({
        method: 'get',
        path: '/blogs',
        tags: ['Content'],
        summary: 'Published blog posts, newest first',
        responses: { 200: json(BlogsResponse, 'The posts'), ...errorResponses },
      }),
      async (c) => (
        sharedAnswer(c, { vary: SHOP_HEADERS, keptWhile: options.unchanged(c.get('shopId')) }),
        c.json({ blogs: await service.blogs(c.get('shopId')) }, 200)
      ),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/blogs/details/{id}',
        tags: ['Content'],
        summary: 'One blog post with its body as sanitised HTML',
        request: { params: z.object({ id: z.string().min(1).max(200) }) },
        responses: { 200: json(BlogResponse, 'The post'), 404: json(ErrorResponse, 'No such post'), ...errorResponses },
      }),
      async (c) => c.json({ blog: await service.blog(c.get('shopId'), c.req.valid('param').id) }, 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/google/reviews',
        tags: ['Content'],
        summary: "Reviews from the maps service when configured, else the salon's own",
        responses: { 200: json(ReviewsResponse, 'The reviews'), ...errorResponses },
      }),
      async (c) => (
        sharedAnswer(c, { vary: SHOP_HEADERS, keptWhile: options.unchanged(c.get('shopId')) }),
        c.json(await service.reviews(c.get('shopId')), 200)
      ),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/p_message',
        tags: ['Content'],
        summary: 'Send the salon a message from the contact form',
        request: { body: { content: { 'application/json': { schema: ContactMessageRequest } }, required: true } },
        responses: { 201: json(MessageResponse, 'Stored and forwarded to the salon'), ...errorResponses, ...tooMany },
      }),
      async (c) => c.json(await service.sendContactMessage(c.get('shopId'), addressForLimits(c, options.trustProxy), c.req.valid('json')), 201),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/popup/customer',
        tags: ['Content'],
        summary: 'Leave details in the offer popup, with explicit marketing consent',
        request: { body: { content: { 'application/json': { schema: PopupLeadRequest } }, required: true } },
        responses: { 201: json(MessageResponse, 'Stored'), ...errorResponses, ...tooMany },
      }),
      async (c) => c.json(await service.addPopupLead(c.get('shopId'), addressForLimits(c, options.trustProxy), c.req.valid('json')), 201),
    )
}
