import { IDENTITY_PATH_CASES } from '@salon/contracts/rules/identity-paths.cases'
import { expect, it } from 'vitest'
import { createApiClient } from './api.ts'

/** The same table the API's test runs (apps/server/src/modules/identity/shared-rules.api.test.ts). */
it.each(IDENTITY_PATH_CASES)('the client sends the identity token to $path: $needsToken', async ({ path, needsToken }) => {
  const sent: Request[] = []
  const api = createApiClient({
    config: { shopId: 'bronze-glow', apiKey: 'pk_test', apiBaseUrl: 'https://api.example.com/staging/' },
    origin: 'https://salon.example.com',
    getIdToken: async () => 'identity-token',
    fetch: async (request) => {
      sent.push(request)
      return Response.json({})
    },
  })
  await api.get(path)
  expect(sent[0]!.headers.get('authorization')).toBe(needsToken ? 'identity-token' : null)
})
