import { schema } from '@salon/db'
import { expect, it } from 'vitest'
import { describeApi } from '../test/harness.ts'
import { unstorableMessage } from './well-formed-text.ts'

const NUL = '\u0000'
const LONE_SURROGATE = '\ud800'

describeApi('text the database cannot store', (t) => {
  const counts = async () => ({
    messages: await t().db.$count(schema.contactMessages),
    leads: await t().db.$count(schema.popupLeads),
    outbox: await t().db.$count(schema.outbox),
  })
  const refusedFor = (field: string) => ({
    status: 400,
    json: { message: `Please check the request: ${unstorableMessage(field)}`, issues: [{ field, message: unstorableMessage(field) }] },
  })

  it.each([
    ['a NUL byte', NUL],
    ['a lone surrogate', LONE_SURROGATE],
  ])('a contact message with %s in a field is refused with the field named, and nothing is stored', async (_label, bad) => {
    const before = await counts()
    const answer = await t().api('p_message', { body: { name: `Ann${bad}`, email: 'ann@example.com', message: 'Hello there', consent: true } })
    expect(answer).toMatchObject(refusedFor('name'))
    expect(await counts()).toEqual(before)
  })

  it('a lone surrogate written as a JSON escape is refused too', async () => {
    const before = await counts()
    const raw = '{"name":"Ann","email":"ann@example.com","message":"Hi \\ud800 there","consent":true}'
    expect(await t().api('p_message', { raw })).toMatchObject(refusedFor('message'))
    expect(await counts()).toEqual(before)
  })

  it('an offer popup lead with a NUL byte is refused with the field named', async () => {
    const before = await counts()
    const answer = await t().api('popup/customer', { body: { firstName: 'Meg', email: `meg${NUL}@example.com`, marketingConsent: true } })
    expect(answer).toMatchObject(refusedFor('email'))
    expect(await counts()).toEqual(before)
  })

  it('a NUL byte or broken UTF-8 in the path or the query is refused, not looked up', async () => {
    expect(await t().api('blogs/details/%00')).toMatchObject(refusedFor('path'))
    expect(await t().api('blogs/details/%ED%A0%80')).toMatchObject(refusedFor('path'))
    expect(await t().api('blogs/details/%E0%A4%A')).toMatchObject(refusedFor('path'))
    expect(await t().api('blogs?page=%00')).toMatchObject(refusedFor('page'))
  })

  it('names a field deep inside the body', async () => {
    const answer = await t().api('p_sessions', { body: { date: '2026-12-01', minutes: 6, extra: { list: ['ok', `bad${NUL}`] } } })
    expect(answer).toMatchObject(refusedFor('extra.list.1'))
  })

  it('ordinary text, accents and emoji included, passes', async () => {
    const answer = await t().api('p_message', {
      body: { name: 'Zoë 🌞 Ó Briain', email: 'zoe@example.com', message: 'Café at 9?', consent: true },
      headers: { 'x-forwarded-for': '192.0.2.77' },
    })
    expect(answer.status).toBe(201)
  })
})
