import { describe, expect, it } from 'vitest'
import { AccountUpdateRequest, unknownFieldsMessage } from './account.ts'

describe('AccountUpdateRequest', () => {
  const messages = (body: unknown) => AccountUpdateRequest.safeParse(body).error?.issues.map((issue) => issue.message)

  it('names a field it does not take, as Zod would', () => {
    expect(messages({ appMarketing: true, firstName: 'Mallory' })).toEqual(['Unrecognized key: "firstName"'])
    expect(messages({ appMarketing: true, sub: 'x', appTimestamp: 'y' })).toEqual(['Unrecognized keys: "sub", "appTimestamp"'])
  })

  it('keeps the message short however long or many the unknown field names are', () => {
    const [message] = messages({ appMarketing: true, ['k'.repeat(3000)]: 1 })!
    expect(message).toBe(`Unrecognized key: "${'k'.repeat(40)}…"`)
    const many = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`field${i}`, i]))
    expect(messages({ masterMarketing: false, ...many })).toEqual(['Unrecognized keys: "field0", "field1", "field2", "field3", "field4" and 195 more'])
  })

  it('cuts a long name between characters, not inside one', () => {
    expect(unknownFieldsMessage(['🌞'.repeat(50)])).toBe(`Unrecognized key: "${'🌞'.repeat(40)}…"`)
  })
})
