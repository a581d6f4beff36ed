import { z } from 'zod'
import { ReviewsResponse, type Review } from '@salon/contracts/content'
import type { ReviewsSource } from './reviews.ts'

export interface GooglePlacesReviewsOptions {
  apiKey: string
  placeId: string
  /** Overridable so tests can point at a local stand-in of the service. */
  baseUrl?: string
  fetch?: typeof fetch
  timeoutMs?: number
}

const FIELD_MASK = 'rating,userRatingCount,reviews,googleMapsUri'
const LANGUAGE = 'en-GB'

// Only the fields we read; zod strips the rest, so new upstream fields never break us.
const LocalizedText = z.object({ text: z.string().optional(), languageCode: z.string().optional() })

const PlaceReview = z.object({
  name: z.string(),
  rating: z.number(),
  text: LocalizedText.optional(),
  originalText: LocalizedText.optional(),
  authorAttribution: z.object({ displayName: z.string().optional() }).optional(),
  publishTime: z.string(),
})
type PlaceReview = z.infer<typeof PlaceReview>

const PlaceDetails = z.object({
  rating: z.number().optional(),
  userRatingCount: z.number().int().optional(),
  googleMapsUri: z.string().optional(),
  reviews: z.array(PlaceReview).optional(),
})
type PlaceDetails = z.infer<typeof PlaceDetails>

const GoogleErrorBody = z.object({ error: z.object({ message: z.string() }) })

/** Reads the salon's rating and latest reviews from the Google Places API (New) Place Details endpoint. */
export function createGooglePlacesReviews(options: GooglePlacesReviewsOptions): ReviewsSource {
  const baseUrl = (options.baseUrl ?? 'https://places.googleapis.com').replace(/\/+$/, '')
  const fetchImpl = options.fetch ?? fetch
  const timeoutMs = options.timeoutMs ?? 5000
  const url = `${baseUrl}/v1/places/${encodeURIComponent(options.placeId)}?languageCode=${LANGUAGE}`

  // Upstream text can echo request details; make sure the key never ends up in logs or error pages.
  const fail = (message: string): Error => new Error(redact(message, options.apiKey))

  const request = async (): Promise<RawAnswer> => {
    try {
      const response = await fetchImpl(url, {
        method: 'GET',
        headers: { 'X-Goog-Api-Key': options.apiKey, 'X-Goog-FieldMask': FIELD_MASK, Accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      })
      // Read the body under the same signal so a slowly trickling body also times out.
      return { ok: response.ok, status: response.status, statusText: response.statusText, body: await response.text() }
    } catch (error) {
      throw fail(transportFailure(error, timeoutMs))
    }
  }

  return {
    async fetchReviews() {
      const answer = await request()
      if (!answer.ok) throw fail(`Google Places answered ${answer.status}: ${errorMessage(answer.body, answer.statusText)}`)
      return toReviewsResponse(parseDetails(answer.body, fail))
    },
  }
}

interface RawAnswer {
  ok: boolean
  status: number
  statusText: string
  body: string
}

function transportFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `Google Places did not answer within ${timeoutMs} ms`
  }
  const reason = error instanceof Error ? error.message : String(error)
  return `Google Places could not be reached: ${reason}`
}

/** Google puts a human-readable reason in error.message; fall back to the HTTP status text. */
function errorMessage(body: string, statusText: string): string {
  try {
    const parsed = GoogleErrorBody.safeParse(JSON.parse(body))
    if (parsed.success) return parsed.data.error.message
  } catch {
    // Not JSON (a proxy's HTML page, for instance): the status text is all we have.
  }
  return statusText || 'no details given'
}

function parseDetails(body: string, fail: (message: string) => Error): PlaceDetails {
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    throw fail('Google Places answered with malformed JSON')
  }
  const parsed = PlaceDetails.safeParse(json)
  if (!parsed.success) throw fail(`Google Places answered with an unexpected body: ${z.prettifyError(parsed.error)}`)
  return parsed.data
}

function toReviewsResponse(details: PlaceDetails): ReviewsResponse {
  const reviews = details.reviews ?? []
  return ReviewsResponse.parse({
    source: 'google',
    rating: details.rating ?? null,
    total: details.userRatingCount ?? reviews.length,
    url: details.googleMapsUri ?? null,
    reviews: reviews.map(toReview),
  })
}

function toReview(review: PlaceReview): Review {
  return {
    id: review.name,
    authorName: review.authorAttribution?.displayName ?? 'Google user',
    rating: clampStars(review.rating),
    // Reviews in another language may come with only the original text.
    text: review.text?.text ?? review.originalText?.text ?? '',
    publishedAt: review.publishTime,
  }
}

function clampStars(rating: number): number {
  return Math.min(5, Math.max(1, Math.round(rating)))
}

function redact(message: string, secret: string): string {
  return secret ? message.split(secret).join('[redacted]') : message
}
