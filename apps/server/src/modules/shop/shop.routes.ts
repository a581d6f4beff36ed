import { createRoute } from '@hono/zod-openapi'
import { SalonResponse } from '@salon/contracts/shop'
import { sharedAnswer, SHOP_HEADERS } from '../../lib/http-caching.ts'
import type { ContentUnchanged } from '../../lib/public-content.ts'
import type { ShopEnv } from './shop-access.ts'
import { createRouter, errorResponses, json } from '../../lib/openapi.ts'
import type { ShopService } from './shop.service.ts'

export function createShopRoutes(service: ShopService, options: { unchanged: ContentUnchanged }) {
  return createRouter<ShopEnv>().openapi(
    createRoute({
      method: 'get',
      path: '/website/salon',
      tags: ['Salon'],
      summary: 'The salon: address, opening hours, sunbeds and price list',
      responses: { 200: json(SalonResponse, 'The salon'), ...errorResponses },
    }),
    async (c) => (sharedAnswer(c, { vary: SHOP_HEADERS, keptWhile: options.unchanged(c.get('shopId')) }), c.json(await service.salon(c.get('shopId')), 200)),
  )
}
