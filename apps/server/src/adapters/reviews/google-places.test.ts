import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createGooglePlacesReviews } from './google-places.ts'

const API_KEY = 'AIzaSyTest-key-0123456789abcdefghijklmno'
const PLACE_ID = 'ChIJdd4hrwug2EcRmSrV3Vo6llI'

const placeDetails = {
  rating: 4.7,
  userRatingCount: 128,
  googleMapsUri: 'https://maps.google.com/?cid=5932614146392516249',
  reviews: [
    {
      name: `places/${PLACE_ID}/reviews/ChZDSUhNMG9nS0VJQ0FnSUNyMHFQZFF3EAE`,
      relativePublishTimeDescription: 'a week ago',
      rating: 5,
      text: { text: 'Lovely clean beds and really friendly staff.', languageCode: 'en' },
      originalText: { text: 'Lovely clean beds and really friendly staff.', languageCode: 'en' },
      authorAttribution: {
        displayName: 'Sarah Jones',
        uri: 'https://www.google.com/maps/contrib/101234567890123456789/reviews',
        photoUri: 'https://lh3.googleusercontent.com/a/ACg8ocK=s128-c0x00000000-cc-rp-mo',
      },
      publishTime: '2026-10-01T12:00:00Z',
      flagContentUri: 'https://www.google.com/local/review/rap/report?postId=abc',
      googleMapsUri: 'https://www.google.com/maps/reviews/data=abc',
    },
    {
      name: `places/${PLACE_ID}/reviews/ChdDSUhNMG9nS0VJQ0FnSUQ3bk9fbWl3RRAB`,
      relativePublishTimeDescription: '3 weeks ago',
      rating: 4,
      originalText: { text: 'Muy buen servicio, volveré.', languageCode: 'es' },
      authorAttribution: {
        displayName: 'Lucía García',
        uri: 'https://www.google.com/maps/contrib/109876543210987654321/reviews',
        photoUri: 'https://lh3.googleusercontent.com/a-/ALV-UjX=s128-c0x00000000-cc-rp-mo',
      },
      publishTime: '2026-09-17T08:30:00.123456Z',
    },
    {
      name: `places/${PLACE_ID}/reviews/ChZDSUhNMG9nS0VJQ0FnSUNqNzZXdFFREAE`,
      relativePublishTimeDescription: '2 months ago',
      rating: 3,
      text: { text: 'Good tan, but I had to wait twenty minutes.', languageCode: 'en' },
      authorAttribution: { displayName: 'Tom Baker', uri: 'https://www.google.com/maps/contrib/1/reviews' },
      publishTime: '2026-08-02T17:45:00Z',
    },
  ],
}

const permissionDenied = {
  error: { code: 403, message: 'API key not valid. Please pass a valid API key.', status: 'PERMISSION_DENIED' },
}

type Behaviour = (res: ServerResponse) => void

const json =
  (status: number, body: unknown): Behaviour =>
  (res) => {
    res.writeHead(status, { 'Content-Type': 'application/json; charset=UTF-8' })
    res.end(JSON.stringify(body))
  }

// Each place id in the tests stands for one way the real service can answer.
const behaviours: Record<string, Behaviour> = {
  [PLACE_ID]: json(200, placeDetails),
  'place-malformed': (res) => {
    res.writeHead(200, { 'Content-Type': 'application/json; charset=UTF-8' })
    res.end('{"rating": 4.7, "reviews": [')
  },
}

const SLOW_PLACE = 'place-slow'
const pendingTimers = new Set<NodeJS.Timeout>()

/** Answers 400 the way Google does when the request is not what the real service expects. */
function requestProblem(req: IncomingMessage, url: URL): string | undefined {
  if (req.method !== 'GET') return `method ${req.method}`
  if (!url.pathname.startsWith('/v1/places/')) return `path ${url.pathname}`
  if (!req.headers['x-goog-api-key']) return 'missing api key'
  const fieldMask = String(req.headers['x-goog-fieldmask'] ?? '').split(',')
  if (!fieldMask.includes('reviews')) return `field mask ${fieldMask.join(',')}`
  if (url.searchParams.get('languageCode') !== 'en-GB') return `languageCode ${url.searchParams.get('languageCode')}`
  return undefined
}

function handle(req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://localhost')
  const problem = requestProblem(req, url)
  if (problem) {
    json(400, { error: { code: 400, message: `Unexpected ${problem}`, status: 'INVALID_ARGUMENT' } })(res)
    return
  }
  if (req.headers['x-goog-api-key'] !== API_KEY) {
    json(403, permissionDenied)(res)
    return
  }
  const placeId = decodeURIComponent(url.pathname.slice('/v1/places/'.length))
  if (placeId === SLOW_PLACE) {
    const timer = setTimeout(() => {
      pendingTimers.delete(timer)
      json(200, placeDetails)(res)
    }, 500)
    pendingTimers.add(timer)
    return
  }
  const behaviour = behaviours[placeId]
  if (behaviour) behaviour(res)
  else json(404, { error: { code: 404, message: `Place ${placeId} not found.`, status: 'NOT_FOUND' } })(res)
}

describe('Google Places reviews', () => {
  let server: Server
  let baseUrl: string

  beforeAll(async () => {
    server = createServer(handle)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })

  afterAll(async () => {
    for (const timer of pendingTimers) clearTimeout(timer)
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  })

  const source = (placeId: string, extra: { apiKey?: string; timeoutMs?: number } = {}) =>
    createGooglePlacesReviews({ placeId, baseUrl, ...extra, apiKey: extra.apiKey ?? API_KEY })

  it('maps the place details to reviews', async () => {
    const result = await source(PLACE_ID).fetchReviews()

    expect(result.source).toBe('google')
    expect(result.rating).toBe(4.7)
    expect(result.total).toBe(128)
    expect(result.url).toBe('https://maps.google.com/?cid=5932614146392516249')
    expect(result.reviews).toHaveLength(3)
    expect(result.reviews[0]).toEqual({
      id: `places/${PLACE_ID}/reviews/ChZDSUhNMG9nS0VJQ0FnSUNyMHFQZFF3EAE`,
      authorName: 'Sarah Jones',
      rating: 5,
      text: 'Lovely clean beds and really friendly staff.',
      publishedAt: '2026-10-01T12:00:00Z',
    })
    expect(result.reviews[1]).toMatchObject({ text: 'Muy buen servicio, volveré.', authorName: 'Lucía García' })
    expect(result.reviews.map((r) => r.rating)).toEqual([5, 4, 3])
  })

  it("reports Google's reason for a refusal without revealing the key", async () => {
    const apiKey = 'AIzaSyWrong-key-zyxwvutsrqponmlkjihgfedcba'
    const error = await source(PLACE_ID, { apiKey })
      .fetchReviews()
      .catch((e: unknown) => e)

    expect(error).toBeInstanceOf(Error)
    const message = (error as Error).message
    expect(message).toBe('Google Places answered 403: API key not valid. Please pass a valid API key.')
    expect(message).not.toContain(apiKey)
  })

  it('gives up on a slow answer', async () => {
    await expect(source(SLOW_PLACE, { timeoutMs: 100 }).fetchReviews()).rejects.toThrow('Google Places did not answer within 100 ms')
  })

  it('rejects malformed JSON', async () => {
    await expect(source('place-malformed').fetchReviews()).rejects.toThrow('Google Places answered with malformed JSON')
  })
})
