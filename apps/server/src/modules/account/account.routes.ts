import { AccountResponse, AccountUpdateRequest, AccountUpdateResponse } from '@salon/contracts/account'
import { ErrorResponse } from '@salon/contracts/errors'
import { z } from 'zod'
import { signedInRoute, type ApiEnv, type IdentityVerifier } from '../identity/public.ts'
import { createRouter, errorResponses, json } from '../../lib/openapi.ts'
import type { AccountService } from './account.service.ts'

const identityResponses = {
  ...errorResponses,
  401: json(ErrorResponse, 'The shop headers or the Authorization header (identity token) are missing, wrong, expired or revoked'),
} as const

export function createAccountRoutes(accounts: AccountService, verifier: IdentityVerifier) {
  const router = createRouter<ApiEnv>()
  return router
    .openapi(
      signedInRoute(verifier, {
        method: 'get',
        path: '/p_account',
        tags: ['Account'],
        summary: "The signed-in customer's profile and marketing consents",
        responses: { 200: json(AccountResponse, 'The account'), ...identityResponses },
      }),
      async (c) => c.json({ account: await accounts.get(c.get('shopId'), c.get('identity')) }, 200),
    )
    .openapi(
      signedInRoute(verifier, {
        method: 'put',
        path: '/p_account',
        tags: ['Account'],
        summary: 'Change the marketing consents; their timestamps are set here',
        request: { body: { content: { 'application/json': { schema: AccountUpdateRequest } }, required: true } },
        responses: { 200: json(AccountUpdateResponse, 'The updated account'), ...identityResponses },
      }),
      async (c) => {
        const account = await accounts.updateConsents(c.get('shopId'), c.get('identity'), c.req.valid('json'))
        return c.json({ message: 'Account was updated!' as const, account }, 200)
      },
    )
    .openapi(
      signedInRoute(verifier, {
        method: 'get',
        path: '/p_account/data',
        tags: ['Account'],
        summary: 'Everything the salon holds about the customer, as a JSON download (UK GDPR right of access)',
        responses: { 200: json(z.record(z.string(), z.unknown()), 'The data'), ...identityResponses },
      }),
      async (c) => {
        c.header('Content-Disposition', 'attachment; filename="my-salon-data.json"')
        c.header('Cache-Control', 'no-store')
        return c.json(await accounts.export(c.get('shopId'), c.get('identity')), 200)
      },
    )
}
