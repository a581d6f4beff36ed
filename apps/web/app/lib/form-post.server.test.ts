import { describe, expect, it } from 'vitest'
import { keptValues, MAX_FORM_BYTES, notReady, readForm } from './form-post.server.ts'

const post = (body: BodyInit | null, headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' }) =>
  new Request('https://salon.example/sign-in/', { method: 'POST', body, headers })

/** A body sent in pieces with no Content-Length, as a chunked upload arrives. */
function chunked(pieces: string[]) {
  const encoder = new TextEncoder()
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece))
      controller.close()
    },
  })
  return new Request('https://salon.example/sign-in/', {
    method: 'POST',
    body: stream,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    duplex: 'half',
  } as RequestInit)
}

describe('reading a posted form', () => {
  it('reads the fields of a plain HTML form', async () => {
    const form = await readForm(post('phone=07700+900123&password=Sunny%232024'))
    expect(form.get('phone')).toBe('07700 900123')
    expect(form.get('password')).toBe('Sunny#2024')
  })

  it('accepts a charset after the content type', async () => {
    const form = await readForm(post('phone=1', { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' }))
    expect(form.get('phone')).toBe('1')
  })

  it('reads a body that arrives in pieces', async () => {
    expect((await readForm(chunked(['pho', 'ne=077', '00']))).get('phone')).toBe('07700')
  })

  it('reads anything but a plain form as an empty one', async () => {
    expect([...(await readForm(post('{"phone":"07700"}', { 'content-type': 'application/json' })))]).toEqual([])
    expect([...(await readForm(post('phone=07700', {})))]).toEqual([])
    expect([...(await readForm(new Request('https://salon.example/sign-in/', { method: 'POST' })))]).toEqual([])
  })

  it('reads a form over the limit as empty, whether or not it says its length', async () => {
    const big = `phone=1&message=${'a'.repeat(MAX_FORM_BYTES)}`
    expect([...(await readForm(post(big)))]).toEqual([])
    expect([...(await readForm(chunked(['phone=1&message=', 'a'.repeat(MAX_FORM_BYTES)])))]).toEqual([])
    expect((await readForm(post('phone=1'), 7)).get('phone')).toBe('1')
    expect([...(await readForm(chunked(['phone=', '12']), 7))]).toEqual([])
  })
})

describe('fields kept for the page', () => {
  const form = new URLSearchParams({
    phone: ' 07700 900123 ',
    password: 'Sunny#2024',
    passwordRepeat: 'Sunny#2024',
    oldPassword: 'Old#2024',
    code: '123456',
    email: '',
  })

  it('keeps the named fields, trimmed, and leaves out empty ones', () => {
    expect(keptValues(form, ['phone', 'email', 'firstName'])).toEqual({ phone: '07700 900123' })
  })

  it('never keeps a password or a code, even when asked to', () => {
    expect(keptValues(form, ['phone', 'password', 'passwordRepeat', 'oldPassword', 'code'])).toEqual({ phone: '07700 900123' })
  })

  it('shortens a value far longer than any form allows', () => {
    expect(keptValues(new URLSearchParams({ message: 'a'.repeat(9000) }), ['message']).message).toHaveLength(5000)
  })
})

describe('a form sent before the page was ready', () => {
  it('answers with the message flag and the kept fields only', async () => {
    const answer = await notReady(post('phone=07700+900123&password=Sunny%232024'), ['phone'])
    expect(answer).toEqual({ notReady: true, values: { phone: '07700 900123' } })
    expect(JSON.stringify(answer)).not.toContain('Sunny')
  })
})
