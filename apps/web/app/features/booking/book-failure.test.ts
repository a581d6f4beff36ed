import { DUPLICATE_BOOKING_MESSAGE } from '@salon/contracts/booking'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/api.ts'
import { classifyBookFailure, DUPLICATE_BOOKING_ALERT, HEALTH_QUESTIONS_PATH } from './book-failure.ts'

describe('what a failed booking leads to (docs/product.md §4, §8; decision 007)', () => {
  it('a message starting with "duplicate" shows the duplicate-day alert, word for word', () => {
    expect(DUPLICATE_BOOKING_ALERT).toBe('You already have a booking on this day. Please select another day!')
    expect(classifyBookFailure(new ApiError(409, DUPLICATE_BOOKING_MESSAGE))).toEqual({ kind: 'duplicate', message: DUPLICATE_BOOKING_ALERT })
    expect(classifyBookFailure(new Error('Duplicate booking'))).toMatchObject({ kind: 'duplicate' })
  })

  it("a refusal by the salon's rules shows the salon's own message", () => {
    const taken = 'Sorry, Solara Classic 24 has just been booked at 10:15. Please choose another time or sunbed.'
    expect(classifyBookFailure(new ApiError(409, taken))).toEqual({ kind: 'refused', message: taken })
    expect(classifyBookFailure(new ApiError(422, 'Your first session can be at most 6 minutes'))).toMatchObject({ kind: 'refused' })
    expect(classifyBookFailure(new ApiError(403, 'You must be 18 or over to use a sunbed'))).toMatchObject({ kind: 'refused' })
    expect(classifyBookFailure(new ApiError(402, 'Please buy a package of minutes first.'))).toMatchObject({ kind: 'refused' })
  })

  it('health questions due lead to the questions, the booking kept; a yes not yet cleared is a refusal like any other (docs/product.md §4.15)', () => {
    const due = 'Please answer the health questions before booking.'
    expect(classifyBookFailure(new ApiError(403, due, { message: due, rule: 'health-questions' }))).toEqual({ kind: 'health', message: due })
    const yes = 'From your answers to the health questions, a sunbed may not be safe for you.'
    expect(classifyBookFailure(new ApiError(403, yes, { message: yes, rule: 'health-answer-yes' }))).toEqual({ kind: 'refused', message: yes })
    expect(HEALTH_QUESTIONS_PATH).toBe('/book/health/')
  })

  it('a failure of the call itself sends the customer to sign in', () => {
    expect(classifyBookFailure(new ApiError(401, 'The identity token has expired.'))).toEqual({ kind: 'sign-in' })
    expect(classifyBookFailure(new ApiError(0, 'We could not reach the salon.'))).toEqual({ kind: 'sign-in' })
    expect(classifyBookFailure(new ApiError(500, 'The salon answered 500.'))).toEqual({ kind: 'sign-in' })
    expect(classifyBookFailure(new TypeError('Failed to fetch'))).toEqual({ kind: 'sign-in' })
    expect(classifyBookFailure(undefined)).toEqual({ kind: 'sign-in' })
  })
})
