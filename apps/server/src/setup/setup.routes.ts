import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import { createRoute } from '@hono/zod-openapi'
import { ErrorResponse } from '@salon/contracts/errors'
import { SetupCheckRequest, SetupCodeRequest, SetupRequest, SetupResponse } from '@salon/contracts/salon-setup'
import type { SmsSender } from '../adapters/sms/sms.ts'
import { HttpError } from '../lib/errors.ts'
import type { Logger } from '../lib/logger.ts'
import { createRouter, errorResponses, json, jsonBody } from '../lib/openapi.ts'
import type { RateLimiter } from '../lib/rate-limit.ts'
import { isKeptToken } from '../lib/kept-token.ts'
import { ALREADY_SET_UP, createSalon, type CreatedSalon, type CreateSalonDeps } from './create-salon.ts'
import { createSalonSetupRepository } from './salon-setup.repository.ts'

export const SETUP_MESSAGES = {
  badLink: 'This set-up link is not right: open the link the server wrote to its log when it started.',
  wrongCode: 'That code is not right, or it has expired: ask for a new code.',
} as const

/** How long a code texted during set-up works, and how many tries it allows. */
const CODE_LIFETIME_MS = 15 * 60_000
const CODE_TRIES = 5
const CODES_PER_HOUR = { name: 'setup-code', limit: 5, windowSeconds: 3600, message: 'Too many codes asked for: wait an hour, then ask again.' }

export interface SetupDeps extends CreateSalonDeps {
  token: string
  /** The id SHOP_ID gives the salon to be set up, if it is set. */
  shopId?: string
  sms: SmsSender
  rateLimiter: RateLimiter
  logger: Logger
  /** Called once the salon is made, in the process that made it. */
  onSetUp: (salon: CreatedSalon) => void
}

/**
 * The set-up calls under /api/setup/ (docs/product.md §11): each needs the set-up link's token, compared in
 * constant time, and none works once a salon is set up, whichever process set it up.
 */
export function createSetupRoutes(deps: SetupDeps) {
  const repo = createSalonSetupRepository(deps.db)
  const hashCode = (phone: string, code: string) => createHmac('sha256', deps.token).update(`${phone}:${code}`).digest()

  async function openLink(token: string) {
    if (!isKeptToken(token, deps.token)) throw new HttpError(403, SETUP_MESSAGES.badLink)
    if (await repo.site()) throw new HttpError(409, ALREADY_SET_UP)
  }

  const conflict = { 409: json(ErrorResponse, 'A salon is set up already'), 403: json(ErrorResponse, 'The set-up link is wrong') }
  return createRouter()
    .openapi(
      createRoute({
        method: 'post',
        path: '/check',
        summary: 'Whether the set-up link still opens the set-up',
        request: jsonBody(SetupCheckRequest),
        responses: { 204: { description: 'The link works' }, ...errorResponses, ...conflict },
      }),
      async (c) => {
        await openLink(c.req.valid('json').token)
        return c.body(null, 204)
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/code',
        summary: "A code to the first owner's mobile number, to confirm it",
        request: jsonBody(SetupCodeRequest),
        responses: { 204: { description: 'Sent' }, ...errorResponses, ...conflict, 429: json(ErrorResponse, 'Too many codes') },
      }),
      async (c) => {
        const { token, phone } = c.req.valid('json')
        await openLink(token)
        await deps.rateLimiter.hit(CODES_PER_HOUR, 'all')
        const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
        await repo.keepCode(phone, hashCode(phone, code).toString('hex'), new Date(deps.now() + CODE_LIFETIME_MS))
        await deps.sms.send({ to: phone, body: `Your code to set up your salon is ${code}. It expires in 15 minutes.` })
        return c.body(null, 204)
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/salon',
        summary: 'Set up the salon and its first owner',
        request: jsonBody(SetupRequest),
        responses: { 201: json(SetupResponse, 'Set up: these values are shown this once'), ...errorResponses, ...conflict },
      }),
      async (c) => {
        const { token, code, setup } = c.req.valid('json')
        await openLink(token)
        const kept = await repo.tryCode(setup.owner.phone, CODE_TRIES, new Date(deps.now()))
        const given = hashCode(setup.owner.phone, code)
        if (!kept || !timingSafeEqual(Buffer.from(kept, 'hex'), given)) throw new HttpError(400, SETUP_MESSAGES.wrongCode)
        const salon = await createSalon(deps, { ...setup, id: setup.id ?? deps.shopId }, { claim: 'required' })
        deps.logger.info({ shopId: salon.shopId }, 'The salon is set up: its owner signs in at /staff/.')
        deps.onSetUp(salon)
        return c.json({ shopId: salon.shopId, apiKey: salon.apiKey, env: salon.env }, 201)
      },
    )
}
