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

/** The path of the first string inside a parsed JSON value that could not be stored, or null when all can. */
export function unstorableField(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path || 'body'
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unstorableField(value[i], path ? `${path}.${i}` : String(i))
      if (found) return found
    }
    return null
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (!isStorableText(key)) return path || 'body'
      const found = unstorableField(item, path ? `${path}.${key}` : key)
      if (found) return found
    }
  }
  return null
}

export const unstorableMessage = (field: string) =>
  `${field} contains a character that cannot be accepted (a NUL byte or a broken Unicode character). Please remove it and try again.`

function refuse(field: string): never {
  throw new HttpError(400, `Please check the request: ${unstorableMessage(field)}`, { issues: [{ field, message: unstorableMessage(field) }] })
}

/** Refuses an /api/ request whose path, query or JSON body holds text the database could not store. */
export function wellFormedText() {
  return createMiddleware(async (c, next) => {
    const url = new URL(c.req.url)
    let path: string
    try {
      path = decodeURIComponent(url.pathname)
    } catch {
      refuse('path')
    }
    if (!isStorableText(path)) refuse('path')
    for (const [name, value] of url.searchParams) {
      if (!isStorableText(name) || !isStorableText(value)) refuse(isStorableText(name) ? name : 'query')
    }
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && /json/i.test(c.req.header('content-type') ?? '')) {
      let body: unknown
      try {
        body = JSON.parse(await c.req.text())
      } catch {
        // Not JSON: the route's own check says so.
        return next()
      }
      const field = unstorableField(body)
      if (field) refuse(field)
    }
    await next()
  })
}
