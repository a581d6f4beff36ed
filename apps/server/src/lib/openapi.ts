import { OpenAPIHono } from '@hono/zod-openapi'
import { ErrorResponse } from '@salon/contracts/errors'
import type { ZodType } from 'zod'
import type { Env } from 'hono'
import { validationHook } from './errors.ts'

/**
 * A router whose requests are checked against their schemas, answering 400 with the field named. `E` names what
 * the middleware in front of it sets (the shop, the customer's identity): the modules that set them define it.
 */
export const createRouter = <E extends Env = Env>() => new OpenAPIHono<E>({ defaultHook: validationHook })

export const json = <T extends ZodType>(schema: T, description: string) => ({
  content: { 'application/json': { schema } },
  description,
})

/** A required JSON request body of this schema, as a route's `request` declares it. */
export const jsonBody = <T extends ZodType>(schema: T) => ({ body: { content: { 'application/json': { schema } }, required: true } })

export const errorResponses = {
  400: json(ErrorResponse, 'The request does not match its schema; the message names the field'),
  401: json(ErrorResponse, 'The shop_id or api_key header is missing or wrong'),
} as const
