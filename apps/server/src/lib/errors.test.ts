import { createRoute, OpenAPIHono } from '@hono/zod-openapi'
import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { describeIssues, errorHandler, fieldIssues, HttpError, UNSUPPORTED_BODY, validationHook } from './errors.ts'
import { createLogger } from './logger.ts'

const Form = z.object({
  name: z.string().min(1, 'is required'),
  email: z.email('must be a valid email address'),
  address: z.object({ postcode: z.string().min(5, 'Postcode looks too short') }),
})

describe('describing validation problems', () => {
  it('a lower-case message reads on from the field name', () => {
    expect(describeIssues([{ field: 'email', message: 'must be a valid email address' }])).toBe('email must be a valid email address')
  })

  it('a capitalised message follows the field name after a colon', () => {
    expect(describeIssues([{ field: 'phone', message: 'Invalid input' }])).toBe('phone: Invalid input')
  })

  it('several problems are joined with semicolons in order', () => {
    expect(
      describeIssues([
        { field: 'name', message: 'is required' },
        { field: 'address.postcode', message: 'Postcode looks too short' },
      ]),
    ).toBe('name is required; address.postcode: Postcode looks too short')
  })

  it('nested fields are named by their path and whole-body problems as body', () => {
    const nested = Form.safeParse({ name: 'Al', email: 'al@example.com', address: { postcode: 'SK1' } })
    expect(fieldIssues(nested.error!)).toEqual([{ field: 'address.postcode', message: 'Postcode looks too short' }])
    const whole = Form.safeParse('not an object')
    expect(fieldIssues(whole.error!)).toEqual([{ field: 'body', message: expect.any(String) }])
  })
})

describe('the validation hook', () => {
  const app = new Hono()
    .get(
      '/json',
      (c) =>
        validationHook({ success: false, error: Form.safeParse({ name: '', email: 'x', address: { postcode: 'SK11 6NE' } }).error, target: 'json' }, c) ??
        c.text('ok'),
    )
    .get('/query', (c) => validationHook({ success: false, error: z.object({ page: z.string() }).safeParse({}).error, target: 'query' }, c) ?? c.text('ok'))
    .get(
      '/sentence',
      (c) =>
        validationHook({ success: false, error: z.object({ bedId: z.string({ error: 'Send bedId or bedType.' }) }).safeParse({}).error, target: 'json' }, c) ??
        c.text('ok'),
    )
    .get('/fine', (c) => validationHook({ success: true, target: 'json' }, c) ?? c.text('ok'))

  it('a bad body answers 400 naming every field', async () => {
    const response = await app.request('/json')
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      message: 'Please check the request: name is required; email must be a valid email address.',
      issues: [
        { field: 'name', message: 'is required' },
        { field: 'email', message: 'must be a valid email address' },
      ],
    })
  })

  it('ends with one full stop when the last problem is a sentence of its own', async () => {
    const response = await app.request('/sentence')
    expect((await response.json()).message).toBe('Please check the request: bedId: Send bedId or bedType.')
  })

  it('a bad query string is called the query request', async () => {
    const response = await app.request('/query')
    expect(response.status).toBe(400)
    expect((await response.json()).message).toMatch(/^Please check the query request: page: /)
  })

  it('a valid request passes through', async () => {
    const response = await app.request('/fine')
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('ok')
  })
})

describe('the error handler', () => {
  const app = new Hono()
    .get('/http-error', () => {
      throw new HttpError(409, 'That slot has just been taken.', { retryAfter: 30 })
    })
    .get('/bad-json', () => {
      throw new HTTPException(400, { message: 'Malformed JSON in request body' })
    })
    .get('/forbidden', () => {
      throw new HTTPException(403, { message: '' })
    })
    .get('/bug', () => {
      throw new TypeError("Cannot read properties of undefined (reading 'secret_column')")
    })
  app.onError(errorHandler(createLogger('silent')))

  it('an HttpError answers with its status, message and extra fields', async () => {
    const response = await app.request('/http-error')
    expect(response.status).toBe(409)
    expect(await response.json()).toEqual({ message: 'That slot has just been taken.', retryAfter: 30 })
  })

  it('a JSON parse failure is explained in plain words', async () => {
    const response = await app.request('/bad-json')
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ message: 'The request body is not valid JSON.' })
  })

  it('a body that is not JSON, sent to a call that takes JSON, is told how to send it', async () => {
    const api = new OpenAPIHono().openapi(
      createRoute({
        method: 'put',
        path: '/status',
        request: { body: { content: { 'application/json': { schema: z.object({ status: z.string() }) } } } },
        responses: { 200: { description: 'Changed' } },
      }),
      (c) => c.body(null, 200),
    )
    api.onError(errorHandler(createLogger('silent')))
    const response = await api.request('/status', { method: 'PUT', body: 'attended', headers: { 'content-type': 'text/plain' } })
    expect(response.status).toBe(415)
    expect(await response.json()).toEqual({ message: UNSUPPORTED_BODY })
    expect(UNSUPPORTED_BODY).toBe('Please send the request body as JSON, with the header Content-Type: application/json.')
  })

  it('an HTTPException without a message still gets one', async () => {
    const response = await app.request('/forbidden')
    expect(response.status).toBe(403)
    expect(await response.json()).toEqual({ message: 'The request could not be handled.' })
  })

  it('an unexpected error answers 500 without its details', async () => {
    const response = await app.request('/bug')
    expect(response.status).toBe(500)
    const text = await response.text()
    expect(JSON.parse(text)).toEqual({ message: 'Something went wrong on our side. Please try again in a moment.' })
    expect(text).not.toContain('secret_column')
    expect(text).not.toContain('TypeError')
  })
})
