import { describe, expect, it } from 'vitest'
import { ApiError, createApiClient, needsIdentity } from './api.ts'

const config = { shopId: 'shop-1', apiKey: 'key-1', apiBaseUrl: '/api/' }

function recorder(response: () => Response = () => Response.json({ ok: true })) {
  const requests: Request[] = []
  return { requests, fetch: async (request: Request) => (requests.push(request), response()) }
}

describe('api client', () => {
  it('sends every call to the configured base with the shop_id and api_key headers', async () => {
    const r = recorder()
    const api = createApiClient({ config, origin: 'https://salon.example', fetch: r.fetch })
    await api.get('blogs')
    await api.post('p_message', { name: 'Amy' })
    expect(r.requests.map((q) => q.url)).toEqual(['https://salon.example/api/blogs', 'https://salon.example/api/p_message'])
    for (const request of r.requests) {
      expect(request.headers.get('shop_id')).toBe('shop-1')
      expect(request.headers.get('api_key')).toBe('key-1')
    }
    expect(await r.requests[1]!.json()).toEqual({ name: 'Amy' })
  })

  it('uses an absolute API base on another host', async () => {
    const r = recorder()
    const api = createApiClient({ config: { ...config, apiBaseUrl: 'https://api.example/stage' }, origin: 'https://salon.example', fetch: r.fetch })
    await api.get('website/packages')
    expect(r.requests[0]!.url).toBe('https://api.example/stage/website/packages')
  })

  it.each(['p_book', 'p_bookings', 'p_account', 'customer/package', 'session/status', 'session/42'])('adds the identity token to %s', async (path) => {
    const r = recorder()
    const api = createApiClient({ config, origin: 'https://salon.example', fetch: r.fetch, getIdToken: async () => 'id-token' })
    await api.post(path)
    expect(r.requests[0]!.headers.get('authorization')).toBe('id-token')
  })

  it.each(['blogs', 'p_sessions', 'p_preload_times', 'website/packages', 'google/reviews', 'p_message'])('sends no identity token to %s', async (path) => {
    const r = recorder()
    const api = createApiClient({ config, origin: 'https://salon.example', fetch: r.fetch, getIdToken: async () => 'id-token' })
    await api.get(path)
    expect(r.requests[0]!.headers.get('authorization')).toBeNull()
    expect(needsIdentity(r.requests[0]!.url)).toBe(false)
  })

  it('sends a DELETE with its JSON body, and reads an empty answer as null', async () => {
    const r = recorder(() => new Response(null, { status: 204 }))
    const api = createApiClient({ config, origin: 'https://salon.example', fetch: r.fetch })
    expect(await api.delete('staff/team/m-1', { reason: 'left' })).toBeNull()
    expect(r.requests[0]!.method).toBe('DELETE')
    expect(r.requests[0]!.headers.get('content-type')).toBe('application/json')
    expect(await r.requests[0]!.json()).toEqual({ reason: 'left' })
  })

  it('sends a file as it is and answers the response itself, with the shop headers and the accept asked', async () => {
    const r = recorder(() => new Response('a,b\n', { headers: { 'content-type': 'text/csv' } }))
    const api = createApiClient({ config, origin: 'https://salon.example', fetch: r.fetch, getIdToken: async () => 'id-token' })
    const picture = new Blob(['png'], { type: 'image/png' })
    const response = await api.send('POST', 'staff/blog/cover', {
      body: picture,
      headers: { 'content-type': 'image/png', accept: 'text/csv' },
      identityIfSignedIn: true,
    })
    expect(await response.text()).toBe('a,b\n')
    const sent = r.requests[0]!
    expect([sent.headers.get('content-type'), sent.headers.get('accept'), sent.headers.get('shop_id'), sent.headers.get('authorization')]).toEqual([
      'image/png',
      'text/csv',
      'shop-1',
      'id-token',
    ])
    expect(await sent.text()).toBe('png')
  })

  it("refuses a file call the salon refuses, with the salon's message", async () => {
    const r = recorder(() => Response.json({ message: 'The picture is too large.' }, { status: 413 }))
    const api = createApiClient({ config, origin: 'https://salon.example', fetch: r.fetch })
    await expect(api.send('POST', 'staff/blog/cover', { body: new Blob(['x']) })).rejects.toMatchObject({ status: 413, message: 'The picture is too large.' })
  })

  it("sends a call's own headers, never in place of the shop's", async () => {
    const r = recorder()
    const api = createApiClient({ config, origin: 'https://salon.example', fetch: r.fetch })
    await api.post('stripe_payment_intent', { packageId: 'glow-60' }, { headers: { 'Idempotency-Key': 'key-0123456789abcdef', shop_id: 'other' } })
    expect(r.requests[0]!.headers.get('idempotency-key')).toBe('key-0123456789abcdef')
    expect(r.requests[0]!.headers.get('shop_id')).toBe('shop-1')
  })

  it('turns an error answer into an ApiError with the server’s message', async () => {
    const r = recorder(() => Response.json({ message: 'name is required' }, { status: 400 }))
    const api = createApiClient({ config, origin: 'https://salon.example', fetch: r.fetch })
    const error = await api.post('p_message', {}).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(400)
    expect((error as ApiError).message).toBe('name is required')
  })

  it('says plainly when the salon cannot be reached', async () => {
    const api = createApiClient({ config, origin: 'https://salon.example', fetch: async () => Promise.reject(new TypeError('fetch failed')) })
    await expect(api.get('blogs')).rejects.toMatchObject({ status: 0, message: expect.stringContaining('could not reach the salon') })
  })
})
