import { describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/api.ts'
import { homeFormAction } from './home-forms.server.ts'

function homePost(fields: Record<string, string>) {
  return new Request('https://salon.example/?index', {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })
}

/** A stand-in for the API client that records calls and answers as told. */
function api(answer: () => Promise<unknown>) {
  const calls: { path: string; body: unknown }[] = []
  return {
    calls,
    post: <T>(path: string, body: unknown = {}) => {
      calls.push({ path, body })
      return answer() as Promise<T>
    },
  }
}

const contact = { intent: 'contact', name: 'Jess', email: '', phone: '07700 900123', message: 'Is the stand-up bed free?', consent: 'on' }

describe('the home page forms without scripts', () => {
  it('sends the contact form to the API as the page would, and answers with the salon reply', async () => {
    const client = api(async () => ({ message: 'Thank you, Jess.' }))
    const result = await homeFormAction(homePost(contact), client)
    expect(client.calls).toEqual([
      { path: 'p_message', body: { name: 'Jess', email: '', phone: '07700 900123', message: 'Is the stand-up bed free?', consent: true } },
    ])
    expect(result.init?.status ?? 200).toBe(200)
    expect(result.data).toEqual({ intent: 'contact', outcome: { status: 'sent', message: 'Thank you, Jess.' } })
  })

  it('sends the offer form to the popup endpoint', async () => {
    const client = api(async () => ({ message: 'Thanks, Amy! Your offer is on its way.' }))
    const result = await homeFormAction(homePost({ intent: 'offer', firstName: 'Amy', email: 'amy@example.com', phone: '', marketingConsent: 'on' }), client)
    expect(client.calls).toEqual([{ path: 'popup/customer', body: { firstName: 'Amy', email: 'amy@example.com', phone: '', marketingConsent: true } }])
    expect(result.data.outcome).toEqual({ status: 'sent', message: 'Thanks, Amy! Your offer is on its way.' })
  })

  it('sends an unticked box as it is, and gives back the field messages with what was typed', async () => {
    const refusal = new ApiError(400, 'Please check the form.', {
      issues: [{ field: 'consent', message: 'must be ticked so that we may keep your message and reply to it' }],
    })
    const client = api(() => Promise.reject(refusal))
    const { consent: _unticked, ...withoutConsent } = contact
    const result = await homeFormAction(homePost(withoutConsent), client)
    expect((client.calls[0]!.body as { consent: boolean }).consent).toBe(false)
    expect(result.init?.status).toBe(400)
    expect(result.data).toEqual({
      intent: 'contact',
      outcome: {
        status: 'failed',
        message: 'Please check the form.',
        errors: { consent: 'Must be ticked so that we may keep your message and reply to it.' },
        values: { name: 'Jess', phone: '07700 900123', message: 'Is the stand-up bed free?' },
      },
    })
  })

  it('says when the salon cannot be reached', async () => {
    const client = api(() => Promise.reject(new ApiError(0, 'We could not reach the salon. Please check your connection and try again.')))
    const result = await homeFormAction(homePost(contact), client)
    expect(result.init?.status).toBe(502)
    expect(result.data.outcome).toMatchObject({ status: 'failed', message: 'We could not reach the salon. Please check your connection and try again.' })
  })

  it('keeps the rate limit status and message', async () => {
    const client = api(() => Promise.reject(new ApiError(429, 'You have sent several messages in a short time.')))
    const result = await homeFormAction(homePost(contact), client)
    expect(result.init?.status).toBe(429)
    expect(result.data.outcome).toMatchObject({ status: 'failed', message: 'You have sent several messages in a short time.' })
  })

  it('does not pass on an unexpected error text', async () => {
    const client = api(() => Promise.reject(new TypeError('secret internals')))
    const result = await homeFormAction(homePost(contact), client)
    expect(JSON.stringify(result.data)).not.toContain('secret internals')
  })

  it('sends nothing for a post that is neither form', async () => {
    const client = api(async () => ({ message: 'sent' }))
    const result = await homeFormAction(homePost({ intent: 'delete-everything', name: 'x' }), client)
    expect(client.calls).toEqual([])
    expect(result.init?.status).toBe(400)
    expect(result.data).toEqual({ intent: null, outcome: null })
  })
})
