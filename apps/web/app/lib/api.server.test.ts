import type { WebLoadContext } from '@salon/contracts/web'
import type { AppLoadContext } from 'react-router'
import { describe, expect, it } from 'vitest'
import { serverApi, visitorApi } from './api.server.ts'

function context() {
  const requests: Request[] = []
  const ctx: WebLoadContext = {
    nonce: 'n',
    config: {
      shopId: 'shop-1',
      apiKey: 'key-1',
      apiBaseUrl: '/api/',
      siteUrl: null,
      gaMeasurementId: null,
      identity: { region: 'eu-west-2', userPoolId: 'p', userPoolClientId: 'c', endpoint: null },
    },
    apiFetch: async (request) => (requests.push(request), Response.json({ message: 'ok' })),
  }
  return { requests, context: ctx as unknown as AppLoadContext }
}

const page = (headers: Record<string, string> = {}) => new Request('https://salon.example/?index', { method: 'POST', headers })

describe('API calls made for a visitor', () => {
  it("pass on the visitor's forwarded address, so the API's per-visitor limits hold behind a proxy", async () => {
    const { requests, context: ctx } = context()
    await visitorApi(ctx, page({ 'x-forwarded-for': '203.0.113.7' })).post('p_message', {})
    expect(requests[0]!.url).toBe('https://salon.example/api/p_message')
    expect(requests[0]!.headers.get('x-forwarded-for')).toBe('203.0.113.7')
    expect(requests[0]!.headers.get('shop_id')).toBe('shop-1')
  })

  it('add no address of their own when there is none', async () => {
    const { requests, context: ctx } = context()
    await visitorApi(ctx, page()).post('p_message', {})
    expect(requests[0]!.headers.has('x-forwarded-for')).toBe(false)
  })

  it('are the only ones that do: loaders do not forward it', async () => {
    const { requests, context: ctx } = context()
    await serverApi(ctx, page({ 'x-forwarded-for': '203.0.113.7' })).get('blogs')
    expect(requests[0]!.headers.has('x-forwarded-for')).toBe(false)
  })
})
