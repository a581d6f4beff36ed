import type { AppointmentRequest, TimeSlot } from '@salon/contracts/booking'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../lib/api.ts'

const sessions = vi.fn<(request: AppointmentRequest) => Promise<{ date: string; times: TimeSlot[] }>>()
vi.mock('./booking-api.ts', () => ({ browserBookingCalls: { sessions: (request: AppointmentRequest) => sessions(request) } }))
const { forgetFreeTimes, freeTimesQuery, loadFreeTimes, plannerPreload, priceQuery, FREE_TIMES_PATH } = await import('./planner-data.ts')

const slot = (time: string): TimeSlot => ({ time, startsAt: `2026-11-23T${time}:00+00:00`, bedIds: ['bed-1'] })
const urlOf = (request: AppointmentRequest) => new URL(`${FREE_TIMES_PATH}${freeTimesQuery(request)}`, 'https://salon.example')

beforeEach(() => {
  forgetFreeTimes()
  sessions.mockReset()
})

describe('the booking planner’s data', () => {
  it('names each request by one query, with the bed or bed type only when chosen', () => {
    expect(freeTimesQuery({ date: '2026-11-23', minutes: 6 })).toBe('?date=2026-11-23&minutes=6')
    expect(freeTimesQuery({ date: '2026-11-23', minutes: 9, bedType: 'stand-up' })).toBe('?date=2026-11-23&minutes=9&bedType=stand-up')
    expect(priceQuery({ date: '2026-11-23', time: '10:15', minutes: 6, bedId: 'bed-1' }, true)).not.toBe(
      priceQuery({ date: '2026-11-23', time: '10:15', minutes: 6, bedId: 'bed-1' }, false),
    )
  })

  it('carries the coming days’ free times with the page as the planner reads them: each day’s start times and free beds', () => {
    const preload = plannerPreload({
      beds: [{ id: 'bed-1', name: 'Aurelia X9', type: 'lay-down' }],
      times: { '2026-11-23': [slot('10:15'), slot('10:30')], '2026-11-24': [] },
      minutes: 6,
    })
    expect(preload).toEqual({
      minutes: 6,
      times: {
        '2026-11-23': [
          { time: '10:15', bedIds: ['bed-1'] },
          { time: '10:30', bedIds: ['bed-1'] },
        ],
        '2026-11-24': [],
      },
    })
  })

  it('asks for the free times of exactly the request in the query, and answers with that query', async () => {
    sessions.mockResolvedValue({ date: '2026-11-23', times: [slot('10:15')] })
    const url = urlOf({ date: '2026-11-23', minutes: 9, bedId: 'bed-2' })
    expect(await loadFreeTimes(url)).toEqual({ query: url.search, times: [slot('10:15')] })
    expect(sessions).toHaveBeenCalledWith({ date: '2026-11-23', minutes: 9, bedId: 'bed-2' })
  })

  it('keeps an answer for a minute, and forgets every answer after a booking attempt', async () => {
    sessions.mockResolvedValue({ date: '2026-11-23', times: [slot('10:15')] })
    const url = urlOf({ date: '2026-11-23', minutes: 6 })
    await loadFreeTimes(url, 1_000)
    await loadFreeTimes(url, 30_000)
    expect(sessions).toHaveBeenCalledTimes(1)
    await loadFreeTimes(url, 62_000)
    expect(sessions).toHaveBeenCalledTimes(2)
    forgetFreeTimes()
    await loadFreeTimes(url, 63_000)
    expect(sessions).toHaveBeenCalledTimes(3)
  })

  it('says why times did not load, and asks again next time instead of keeping the failure', async () => {
    sessions.mockRejectedValueOnce(new ApiError(0, 'We could not reach the salon. Please check your connection and try again.'))
    const url = urlOf({ date: '2026-11-24', minutes: 6 })
    expect(await loadFreeTimes(url)).toEqual({ query: url.search, error: 'We could not reach the salon. Please check your connection and try again.' })
    sessions.mockResolvedValue({ date: '2026-11-24', times: [] })
    expect(await loadFreeTimes(url)).toEqual({ query: url.search, times: [] })
    expect(sessions).toHaveBeenCalledTimes(2)
  })
})
