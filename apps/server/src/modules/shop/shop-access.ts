import { createHash } from 'node:crypto'
import { createMiddleware } from 'hono/factory'
import { HttpError } from '../../lib/errors.ts'
import { replayOnlyWhile } from '../../lib/replay.ts'
import type { ShopRepository } from './shop.repository.ts'

export type ShopVariables = { shopId: string }

/** What a router behind shopAccess may read: the shop the caller's key belongs to. */
export type ShopEnv = { Variables: ShopVariables }

export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex')

/** How long a checked key is trusted before the database is asked again. */
const CACHE_MS = 30_000

/**
 * docs/product.md §7: every API request names its shop (shop_id) and presents one of that shop's active keys (api_key).
 */
export function shopAccess(shops: ShopRepository, now: () => number = Date.now) {
  const verdicts = new Map<string, { ok: true; until: number } | { ok: false; message: string; until: number }>()

  async function check(shopId: string, apiKey: string) {
    // Keyed by the key as sent (it is in memory with every request anyway): the hash is worked out only when the database is asked.
    const cacheKey = `${shopId}\n${apiKey}`
    const cached = verdicts.get(cacheKey)
    if (cached && cached.until > now()) return cached
    const shop = await shops.findShop(shopId)
    const verdict =
      !shop || !shop.active
        ? { ok: false as const, message: `The shop_id header names no active shop: "${shopId.slice(0, 64)}" is not known here.` }
        : (await shops.hasActiveKey(shopId, hashApiKey(apiKey)))
          ? { ok: true as const }
          : { ok: false as const, message: 'The api_key header is wrong: it is not an active key of this shop.' }
    if (verdicts.size > 1000) verdicts.clear()
    const entry = { ...verdict, until: now() + CACHE_MS }
    verdicts.set(cacheKey, entry)
    return entry
  }

  return createMiddleware<{ Variables: ShopVariables }>(async (c, next) => {
    const shopId = c.req.header('shop_id')?.trim()
    const apiKey = c.req.header('api_key')?.trim()
    if (!shopId) throw new HttpError(401, 'The shop_id header is missing: every API request must name its shop.')
    if (!apiKey) throw new HttpError(401, "The api_key header is missing: every API request must carry the shop's API key.")
    const verdict = await check(shopId, apiKey)
    if (!verdict.ok) throw new HttpError(401, verdict.message)
    // An answer given again from memory stands only as long as this verdict on the key (lib/replay.ts).
    replayOnlyWhile(c, () => verdict.until > now())
    c.set('shopId', shopId)
    await next()
  })
}
