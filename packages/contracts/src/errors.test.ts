import { describe, expect, it } from 'vitest'
import { ErrorResponse } from './errors.ts'

describe('ErrorResponse', () => {
  it('is a refusal with one message', () => {
    expect(ErrorResponse.parse({ message: 'The slot is taken.' })).toEqual({ message: 'The slot is taken.' })
    expect(ErrorResponse.safeParse({ error: 'The slot is taken.' }).success).toBe(false)
  })
})
