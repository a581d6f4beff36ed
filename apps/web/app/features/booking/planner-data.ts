import type { AppointmentRequest, PreloadTimesResponse, PriceRequest, PriceResponse, TimeSlot } from '@salon/contracts/booking'
import { browserBookingCalls } from './booking-api.ts'

// The booking planner's data, loaded with React Router fetchers from two routes that are not pages
// (routes/book-times.tsx and routes/book-price.tsx), so React Router settles which answer is the latest.

export const FREE_TIMES_PATH = '/book/times/'
export const PRICE_PATH = '/book/price/'

/** A free time as the planner reads it: when it starts, and the beds free then. */
export type PlannerSlot = Pick<TimeSlot, 'time' | 'bedIds'>

/** The coming days' free times that come with the page, for a session of `minutes` on any bed. */
export interface PlannerPreload {
  minutes: number
  times: Record<string, PlannerSlot[]>
}

/**
 * GET p_preload_times as the page carries it: only what the planner reads. The page's data is parsed and decoded on
 * the phone before it can be used, and each slot's instant and the beds' list are most of the answer.
 */
export function plannerPreload(answer: PreloadTimesResponse): PlannerPreload {
  const times: Record<string, PlannerSlot[]> = {}
  for (const [date, slots] of Object.entries(answer.times)) times[date] = slots.map(({ time, bedIds }) => ({ time, bedIds }))
  return { minutes: answer.minutes, times }
}

/** A day's free times for a request, or why they did not load; `query` names the request it answers. */
export type FreeTimesAnswer = { query: string; times: TimeSlot[] } | { query: string; error: string }
export type PriceAnswer = { query: string; price: PriceResponse } | { query: string; error: string }

/** The query of a free-times request: the same request always gives the same text. */
export function freeTimesQuery(request: AppointmentRequest): string {
  const params = new URLSearchParams({ date: request.date, minutes: String(request.minutes) })
  if (request.bedId) params.set('bedId', request.bedId)
  if (request.bedType) params.set('bedType', request.bedType)
  return `?${params}`
}

/** The query of a price request; who asks is part of it, since a signed-in customer may pay from their balance. */
export function priceQuery(request: PriceRequest, signedIn: boolean): string {
  const params = new URLSearchParams({ date: request.date, time: request.time, minutes: String(request.minutes) })
  if (request.bedId) params.set('bedId', request.bedId)
  params.set('for', signedIn ? 'customer' : 'visitor')
  return `?${params}`
}

const messageOf = (error: unknown, fallback: string) => (error instanceof Error ? error.message : fallback)

/**
 * Free times already fetched, by query, for a minute: going back to a day shows its times at once. A booking
 * attempt forgets them all, since the answer it got may mean they changed.
 */
const freeTimes = new Map<string, { at: number; times: Promise<TimeSlot[]> }>()
const KEEP_MS = 60_000

export function forgetFreeTimes() {
  freeTimes.clear()
}

export async function loadFreeTimes(url: URL, now = Date.now()): Promise<FreeTimesAnswer> {
  const query = url.search
  const params = url.searchParams
  const request: AppointmentRequest = { date: params.get('date') ?? '', minutes: Number(params.get('minutes')) }
  const bedId = params.get('bedId')
  const bedType = params.get('bedType')
  if (bedId) request.bedId = bedId
  if (bedType) request.bedType = bedType
  let kept = freeTimes.get(query)
  if (!kept || now - kept.at > KEEP_MS) {
    kept = { at: now, times: browserBookingCalls.sessions(request).then((answer) => answer.times) }
    freeTimes.set(query, kept)
  }
  try {
    return { query, times: await kept.times }
  } catch (error) {
    freeTimes.delete(query)
    return { query, error: messageOf(error, 'We could not load the free times.') }
  }
}

export async function loadPrice(url: URL): Promise<PriceAnswer> {
  const params = url.searchParams
  const request: PriceRequest = {
    date: params.get('date') ?? '',
    time: params.get('time') ?? '',
    minutes: Number(params.get('minutes')),
    bedId: params.get('bedId') ?? '',
  }
  try {
    return { query: url.search, price: await browserBookingCalls.price(request) }
  } catch (error) {
    return { query: url.search, error: messageOf(error, 'We could not work out the price.') }
  }
}
