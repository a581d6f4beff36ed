import { OpenAPIHono } from '@hono/zod-openapi'
import { ErrorResponse } from '@salon/contracts/errors'
import type { ZodType } from 'zod'
import type { IdentityVariables } from '../modules/identity/api-identity.ts'
import type { ShopVariables } from '../modules/shop/shop-access.ts'
import { validationHook } from './errors.ts'

/** identity is set on the calls that need it (docs/product.md §7), by requireIdentity. */
export type ApiEnv = { Variables: ShopVariables & IdentityVariables }

/** A router whose requests are checked against their schemas, answering 400 with the field named. */
export const createRouter = () => new OpenAPIHono<ApiEnv>({ defaultHook: validationHook })

export const json = <T extends ZodType>(schema: T, description: string) => ({
  content: { 'application/json': { schema } },
  description,
})

export const errorResponses = {
  400: json(ErrorResponse, 'The request does not match its schema; the message names the field'),
  401: json(ErrorResponse, 'The shop_id or api_key header is missing or wrong'),
} as const
