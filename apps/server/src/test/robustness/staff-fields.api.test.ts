import { randomUUID } from 'node:crypto'
import { beforeAll, expect, it } from 'vitest'
import { shopCustomer } from '../factories/customers.ts'
import { fastPasswords, testClock } from '../factories/doubles.ts'
import { staffUser, type StaffUser } from '../factories/staff.ts'
import { describeApi } from '../harness.ts'
import { rawJson, toJsonText } from './bad-values.ts'

/** The part of JSON Schema the OpenAPI document uses for the staff calls. */
interface Schema {
  type?: string
  format?: string
  pattern?: string
  enum?: unknown[]
  minimum?: number
  maximum?: number
  minLength?: number
  properties?: Record<string, Schema>
  required?: string[]
  items?: Schema
  minItems?: number
  anyOf?: Schema[]
  oneOf?: Schema[]
}
interface Parameter {
  name: string
  in: 'path' | 'query'
  schema?: Schema
}
interface Operation {
  method: string
  path: string
  parameters: Parameter[]
  body?: Schema
}

/**
 * What a hostile caller puts into one field at a time, the rest of the request being plausible, by the kind of value
 * the field takes: values of that kind that no rule expects (impossible and far-off dates, NUL bytes, lone surrogates,
 * formulas, another site's address; numbers out of every range or too big for JSON), and one of the wrong kind.
 */
const HOSTILE: Record<string, unknown[]> = {
  string: ['9999-12-31', '0000-01-01', '2026-02-30', '\u0000', 'a\ud800', 'x'.repeat(5000), '=cmd|" /C calc"!A0', '//evil.example/pixel.png', '', 6],
  number: [-1, 1.5, 2 ** 53, rawJson('1e400'), '6'],
  boolean: ['true', null],
  array: [[], [null], ['\u0000'], {}],
  object: [{}, [], { $gt: '' }],
}
const hostileFor = (schema: Schema): unknown[] => {
  const type = (schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema).type ?? 'string'
  return HOSTILE[type === 'integer' ? 'number' : type] ?? HOSTILE.string!
}

/** Values a hostile caller puts into a query parameter. */
const HOSTILE_QUERY = ['9999-12-31', '0000-01-01', '2026-02-30', '99999-01-01', '%00', '1e400', '-1', 'NaN', '2026-11-28T00:00:00Z', 'x'.repeat(3000), '%E2%82']

const clock = testClock('2026-11-23T08:00:00Z')

/**
 * docs/product.md §10.9: every staff call, read from the OpenAPI document, gets requests that are right in every field
 * but one, which holds something hostile, from a signed-in owner (who passes every role check), so that what is
 * refused is the field and not the caller. Each answer is a 2xx, or a 4xx with a message a person can act on;
 * never a 5xx. Ids a request needs (a customer, a bed, a package) are real ones of the shop, so the requests reach the
 * rules behind the validation.
 */
describeApi(
  'robustness: every field of every staff call',
  (get) => {
    let owner: StaffUser
    let operations: Operation[]
    const known: Record<string, string> = {}

    beforeAll(async () => {
      owner = await staffUser(get(), { role: 'owner', passwords: fastPasswords })
      const customer = await shopCustomer(get())
      known.sub = customer.sub
      known.bedId = get().shop.beds[0]!.id
      known.packageId = get().shop.packages[0]!.id
      const document = (await get().api('openapi.json')).json as {
        paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: Schema }> } }>>
      }
      operations = Object.entries(document.paths)
        .filter(([path]) => path.startsWith('/staff/'))
        .flatMap(([path, methods]) =>
          Object.entries(methods).map(([method, op]) => ({
            method: method.toUpperCase(),
            path,
            parameters: op.parameters ?? [],
            body: op.requestBody?.content['application/json']?.schema,
          })),
        )
    })

    /** A value the field takes, or the nearest thing to one: the shop's own ids where the name says which. */
    function plausible(schema: Schema, name = ''): unknown {
      if (known[name] !== undefined) return known[name]
      const choice = schema.anyOf ?? schema.oneOf
      if (choice) return plausible(choice[0]!, name)
      if (schema.enum) return schema.enum[0]
      switch (schema.type) {
        case 'object':
          return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, value]) => [key, plausible(value, key)]))
        case 'array':
          return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => plausible(schema.items ?? { type: 'string' }, name))
        case 'integer':
        case 'number':
          return Math.max(schema.minimum ?? 1, Math.min(schema.maximum ?? 10, 10))
        case 'boolean':
          return true
        default:
          return plausibleText(schema)
      }
    }

    function plausibleText(schema: Schema): string {
      if (schema.format === 'uuid') return randomUUID()
      if (schema.format === 'email') return 'someone@example.com'
      const candidates = ['2026-12-01', '10:00', 'abcdefghij0123456789', 'Lay-down', 'lay-down', '07700900123', 'https://example.com/a.png', 'Plain words']
      const pattern = schema.pattern ? new RegExp(schema.pattern) : null
      const fits = candidates.find((c) => (!pattern || pattern.test(c)) && c.length >= (schema.minLength ?? 0))
      return fits ?? 'x'.repeat(Math.max(1, schema.minLength ?? 1))
    }

    /** Every field of a body with its schema: each top-level field and the fields of objects inside it. */
    function fields(schema: Schema, prefix: string[] = []): { path: string[]; schema: Schema }[] {
      const target = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema
      if (target.type !== 'object' || !target.properties) return []
      return Object.entries(target.properties).flatMap(([key, value]) => {
        const path = [...prefix, key]
        return [{ path, schema: value }, ...(prefix.length < 2 ? fields(value, path) : [])]
      })
    }

    function withValue(body: unknown, path: string[], value: unknown): unknown {
      const copy = structuredClone(body) as Record<string, unknown>
      let at = copy
      for (const key of path.slice(0, -1)) {
        if (typeof at[key] !== 'object' || at[key] === null) at[key] = {}
        at = at[key] as Record<string, unknown>
      }
      at[path.at(-1)!] = value
      return copy
    }

    function urlOf(op: Operation, query = '') {
      const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
        const parameter = op.parameters.find((p) => p.name === name)
        return encodeURIComponent(String(plausible(parameter?.schema ?? { type: 'string' }, name)))
      })
      return `/api${path}${query}`
    }

    async function send(op: Operation, url: string, body?: unknown) {
      const response = await get().app.request(url, {
        method: op.method,
        headers: { ...get().shop.headers, ...owner.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : toJsonText(body),
      })
      return { status: response.status, text: await response.text() }
    }

    const refusedWell = (answer: { status: number; text: string }) => {
      if (answer.status >= 500) return false
      if (answer.status < 400) return true
      try {
        const message = (JSON.parse(answer.text) as { message?: unknown }).message
        return typeof message === 'string' && message.length > 0 && !/at .*\.ts:\d+/.test(message)
      } catch {
        return false
      }
    }

    it('answers a hostile value in any one field of any staff call with a 2xx or a 4xx and a message, never a 5xx', { timeout: 600_000 }, async () => {
      const withBodies = operations.filter((op) => op.body)
      expect(withBodies.length).toBeGreaterThan(30)
      const bad: string[] = []
      let sent = 0
      // The plausible requests themselves get past validation (a 2xx, or a refusal by a rule such as 404 or 409):
      // the hostile values then reach the rules too, not only the schemas.
      const pastValidation = []
      for (const op of withBodies) {
        const answer = await send(op, urlOf(op), plausible(op.body!))
        if (answer.status !== 400 && answer.status !== 422) pastValidation.push(op.path)
      }
      expect(pastValidation.length).toBeGreaterThan(withBodies.length / 2)
      for (const op of withBodies) {
        const base = plausible(op.body!)
        for (const { path, schema } of fields(op.body!)) {
          for (const value of hostileFor(schema)) {
            const answer = await send(op, urlOf(op), withValue(base, path, value))
            sent++
            if (!refusedWell(answer))
              bad.push(`${op.method} ${op.path} ${path.join('.')}=${toJsonText(value).slice(0, 40)} → ${answer.status} ${answer.text.slice(0, 120)}`)
          }
        }
      }
      expect(sent).toBeGreaterThan(500)
      expect(bad).toEqual([])
    })

    it('answers a hostile value in any query parameter of any staff call with a 2xx or a 4xx and a message, never a 5xx', async () => {
      const withQueries = operations.filter((op) => op.parameters.some((p) => p.in === 'query'))
      expect(withQueries.length).toBeGreaterThan(5)
      const bad: string[] = []
      for (const op of withQueries) {
        for (const parameter of op.parameters.filter((p) => p.in === 'query')) {
          for (const value of HOSTILE_QUERY) {
            const query = `?${parameter.name}=${value.startsWith('%') ? value : encodeURIComponent(value)}`
            const answer = await send(op, urlOf(op, query))
            if (!refusedWell(answer)) bad.push(`${op.method} ${op.path}${query.slice(0, 60)} → ${answer.status} ${answer.text.slice(0, 120)}`)
          }
        }
      }
      expect(bad).toEqual([])
    })
  },
  { deps: () => ({ passwords: fastPasswords, now: clock.now }) },
)
