import { beforeAll, expect, it } from 'vitest'
import { fastPasswords } from '../factories/doubles.ts'
import { staffUser, type StaffUser } from '../factories/staff.ts'
import { describeApi } from '../harness.ts'

interface Operation {
  method: string
  path: string
}

/** Values a hostile caller puts where an id goes. */
const BAD_IDS = ['%00', 'x'.repeat(3000), '..%2F..%2Fetc', '-1', '1e400', '%E2%82', "'%20or%201=1--", '%F0%9F%98%80']
/** Bodies that are not what any staff call takes. */
const BAD_BODIES: { raw: string; contentType?: string }[] = [
  { raw: 'not json' },
  { raw: '[]' },
  { raw: 'null' },
  { raw: '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}' },
  { raw: `${'['.repeat(5000)}${']'.repeat(5000)}` },
  { raw: '{"a":"\\u0000","name":"\\ud800","date":"2026-02-30","minutes":"1e3","pricePence":-1}' },
  { raw: JSON.stringify({ text: 'x'.repeat(60_000) }) },
  { raw: '{"ok":true}', contentType: 'text/plain' },
]
const BAD_QUERY = '?date=2026-02-30&from=%00&to=abc&before=1e400&query=%00&handled=maybe'

/**
 * docs/product.md §10.9: every staff call, read from the OpenAPI document, faces hostile input from a signed-in owner
 * (who passes the staff check): made-up ids, broken bodies and impossible query values. Each answer is a 4xx with a
 * message a person can act on (or a 2xx where the value is ignored), never a 5xx.
 */
describeApi(
  'robustness: the staff calls',
  (get) => {
    let owner: StaffUser
    let operations: Operation[]
    beforeAll(async () => {
      owner = await staffUser(get(), { role: 'owner', passwords: fastPasswords })
      const document = (await get().api('openapi.json')).json as { paths: Record<string, Record<string, unknown>> }
      operations = Object.entries(document.paths)
        .filter(([path]) => path.startsWith('/staff/'))
        .flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })))
    })

    async function send(op: Operation, path: string, body?: { raw: string; contentType?: string }) {
      const response = await get().app.request(`/api${path}`, {
        method: op.method,
        headers: { ...get().shop.headers, ...owner.headers, ...(body ? { 'content-type': body.contentType ?? 'application/json' } : {}) },
        body: body?.raw,
      })
      const text = await response.text()
      return { status: response.status, text }
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

    it('answers made-up ids and impossible query values with a 4xx and a message, never a 5xx', async () => {
      expect(operations.length).toBeGreaterThan(20)
      const bad: string[] = []
      for (const op of operations) {
        const paths = op.path.includes('{') ? BAD_IDS.map((id) => op.path.replace(/\{[^}]+\}/g, id)) : [`${op.path}${BAD_QUERY}`]
        for (const path of paths) {
          const answer = await send(op, path, ['POST', 'PUT', 'PATCH'].includes(op.method) ? { raw: '{}' } : undefined)
          if (!refusedWell(answer)) bad.push(`${op.method} ${path.slice(0, 80)} → ${answer.status} ${answer.text.slice(0, 120)}`)
        }
      }
      expect(bad).toEqual([])
    })

    it('answers broken bodies with a 4xx and a message, never a 5xx', async () => {
      const bad: string[] = []
      for (const op of operations.filter((o) => ['POST', 'PUT', 'PATCH'].includes(o.method))) {
        const path = op.path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000')
        for (const body of BAD_BODIES) {
          const answer = await send(op, path, body)
          if (!refusedWell(answer) || answer.status < 400)
            bad.push(`${op.method} ${path} with ${body.raw.slice(0, 30)} → ${answer.status} ${answer.text.slice(0, 120)}`)
        }
      }
      expect(bad).toEqual([])
    })
  },
  { deps: () => ({ passwords: fastPasswords }) },
)
