import { expect, it } from 'vitest'
import { databaseError } from './database-errors.ts'

it('finds the SQLSTATE and constraint however deeply the driver error is wrapped', () => {
  const driver = Object.assign(new Error('conflicting key value violates exclusion constraint'), { code: '23P01', constraint: 'bookings_no_overlap' })
  const wrapped = new Error('Failed query', { cause: new Error('transaction', { cause: driver }) })
  expect(databaseError(wrapped)).toEqual({ code: '23P01', constraint: 'bookings_no_overlap' })
  expect(databaseError(Object.assign(new Error('deadlock'), { code: '40P01' }))).toEqual({ code: '40P01', constraint: undefined })
})

it('is null for errors that do not come from the database', () => {
  expect(databaseError(new Error('plain'))).toBeNull()
  expect(databaseError(Object.assign(new Error('node'), { code: 'ECONNRESET' }))).toBeNull()
  expect(databaseError(undefined)).toBeNull()
})
