import fc from 'fast-check'
import { answerHealthQuestions, cognitoClient, signedInCustomer, type CustomerInput } from '../factories/customers.ts'
import type { TestApp } from '../harness.ts'
import { BEDS, pathOf, type ApiOperation } from './api-operations.ts'
import { validBody } from './bodies.ts'

export interface BookedCustomer {
  phone: string
  password: string
  sub: string
  tokens: { idToken: string; accessToken: string; refreshToken: string }
  /** The Authorization header of the customer's session. */
  authorization: string
  bookingId: string
}

/** A customer signed up, confirmed and signed in through /cognito/, the health questions answered, with one session booked through the API. */
export async function bookedCustomer(t: TestApp, booking: { date: string; time: string; bed?: string }, input: CustomerInput = {}): Promise<BookedCustomer> {
  const customer = await signedInCustomer(t.app, cognitoClient(t.app), input)
  const authorization = `Bearer ${customer.tokens.idToken}`
  await answerHealthQuestions(t, { headers: { authorization } })
  const booked = await t.api('p_book', {
    body: { date: booking.date, time: booking.time, minutes: 6, bedId: booking.bed ?? BEDS[0] },
    headers: { authorization },
  })
  if (booked.status !== 201) throw new Error(`Could not book the session the suite needs: ${booked.status} ${JSON.stringify(booked.json)}`)
  return { ...customer, authorization, bookingId: booked.json.booking.id as string }
}

/** The parts of a request to the operation that it would accept; each property then breaks one thing. */
export function goodRequest(op: ApiOperation, authorization: string) {
  return fc
    .record({ id: op.id ?? fc.constant(undefined), body: op.body ? validBody(op.body) : fc.constant(undefined), headers: op.headers ?? fc.constant({}) })
    .map(({ id, body, headers }) => ({
      method: op.method,
      path: pathOf(op, id),
      json: body as unknown,
      headers: { ...headers, ...(op.identity === 'none' ? {} : { authorization }) } as Record<string, string>,
    }))
}
