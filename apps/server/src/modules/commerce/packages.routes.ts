import { createRoute } from '@hono/zod-openapi'
import { PackagesResponse } from '@salon/contracts/content'
import { sharedAnswer, SHOP_HEADERS } from '../../lib/http-caching.ts'
import type { ContentUnchanged } from '../../lib/public-content.ts'
import type { ShopEnv } from '../shop/public.ts'
import { createRouter, errorResponses, json } from '../../lib/openapi.ts'
import type { PackagesRepository } from './packages.repository.ts'

export function createPackagesRoutes(packages: PackagesRepository, options: { unchanged: ContentUnchanged }) {
  return createRouter<ShopEnv>().openapi(
    createRoute({
      method: 'get',
      path: '/website/packages',
      tags: ['Packages'],
      summary: 'Minute packages on sale',
      responses: { 200: json(PackagesResponse, 'The packages'), ...errorResponses },
    }),
    async (c) => (
      sharedAnswer(c, { vary: SHOP_HEADERS, keptWhile: options.unchanged(c.get('shopId')) }),
      c.json({ packages: await packages.activePackages(c.get('shopId')) }, 200)
    ),
  )
}
