import { createMiddleware } from 'hono/factory'
import { HttpError } from './errors.ts'

/**
 * PostgreSQL cannot store a NUL character in text, and a lone UTF-16 surrogate has no UTF-8 form: either,
 * sent in any string, used to reach the database and come back as a 500. They are refused at the door instead.
 */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value)
}
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** Deeper than any request of ours: a body nested further is refused rather than walked. */
export const MAX_JSON_DEPTH = 32

/**
 * The path of the first string inside a parsed JSON value that could not be stored ('body' for a body nested
 * past MAX_JSON_DEPTH), or null when all can. Walks without recursion, so no body can exhaust the stack.
 */
export function unstorableField(value: unknown): { field: string; message: string } | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }]
  while (stack.length > 0) {
    const item = stack.pop()!
    if (typeof item.value === 'string') {
      if (!isStorableText(item.value)) return unstorable(item.path || 'body')
      continue
    }
    if (!item.value || typeof item.value !== 'object') continue
    if (item.depth >= MAX_JSON_DEPTH)
      return { field: item.path, message: `${item.path} is nested too deeply: no field of this request goes more than ${MAX_JSON_DEPTH} levels down.` }
    const entries: [string, unknown][] = Array.isArray(item.value) ? item.value.map((v, i) => [String(i), v]) : Object.entries(item.value)
    // Pushed in reverse, so the first field is looked at first and named first.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!
      if (!isStorableText(key)) return unstorable(item.path || 'body')
      stack.push({ value: child, path: item.path ? `${item.path}.${key}` : key, depth: item.depth + 1 })
    }
  }
  return null
}

export const unstorableMessage = (field: string) =>
  `${field} contains a character that cannot be accepted (a NUL byte or a broken Unicode character). Please remove it and try again.`
const unstorable = (field: string) => ({ field, message: unstorableMessage(field) })

function refuse(problem: { field: string; message: string }): never {
  throw new HttpError(400, `Please check the request: ${problem.message}`, { issues: [problem] })
}

/** Refuses an address whose path or query decodes to text the database could not store. */
function checkAddress(address: string) {
  const url = new URL(address)
  let path: string
  try {
    path = decodeURIComponent(url.pathname)
  } catch {
    refuse(unstorable('path'))
  }
  if (!isStorableText(path)) refuse(unstorable('path'))
  for (const [name, value] of url.searchParams) {
    if (!isStorableText(name) || !isStorableText(value)) refuse(unstorable(isStorableText(name) ? name : 'query'))
  }
}

/** Refuses an /api/ request whose path, query or JSON body holds text the database could not store. */
export function wellFormedText() {
  return createMiddleware(async (c, next) => {
    // An address with no escapes is plain ASCII, which the database always stores: only an escape can hide a NUL or a lone surrogate.
    if (c.req.url.includes('%')) checkAddress(c.req.url)
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && /json/i.test(c.req.header('content-type') ?? '')) {
      let body: unknown
      try {
        body = JSON.parse(await c.req.text())
      } catch {
        // Not JSON: the route's own check says so.
        return next()
      }
      const problem = unstorableField(body)
      if (problem) refuse(problem)
    }
    await next()
  })
}
