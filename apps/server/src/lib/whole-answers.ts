import type { Context } from 'hono'

/**
 * Answers made whole. Most API answers are known in full when the route makes them: a body and a few headers
 * (c.body with a plain record, which c.json comes to). Such an answer is built at once with every header it will
 * carry, the security headers and the request id included, as one plain record that the Node adapter writes
 * straight to the socket. The middleware around it would otherwise add those headers one by one to a web Headers
 * object, which costs more than the route itself; it sees the answer is whole and leaves it as it is.
 *
 * Anything else is made as Hono makes it: an answer after a header, a status or the response itself was touched
 * beforehand (CORS, Cache-Control, a cached page's own headers), a page with its nonce, or a body that is still
 * to be compressed on its way out.
 */
const whole = new WeakMap<Response, WholeAnswer>()

/** What an answer made whole was made of: every header it carries (lower-case names) and its body. */
export interface WholeAnswer {
  headers: Readonly<Record<string, string>>
  body: string | Uint8Array
}

/** Whether this answer was made whole, with every header it carries. */
export const isWhole = (res: Response): boolean => whole.has(res)

/** The headers and body of an answer made whole, or undefined for any other. */
export const wholeAnswerOf = (res: Response): WholeAnswer | undefined => whole.get(res)

export interface WholeAnswerRules {
  /** Adds the headers every answer of this request carries (lower-case names), over any of the same name: the security headers and the request id. */
  addFixed: (headers: Record<string, string>) => void
  /** False when the body is still to be compressed on its way out, so the answer cannot be whole yet. */
  final: (headers: Record<string, string>, length: number) => boolean
  /** False when the answer needs headers of its own that are not fixed (a page's nonce). */
  plain: () => boolean
}

const isStringRecord = (headers: unknown): headers is Record<string, string> => {
  if (typeof headers !== 'object' || headers === null || Array.isArray(headers) || headers instanceof Headers) return false
  for (const key in headers) if (typeof (headers as Record<string, unknown>)[key] !== 'string') return false
  return true
}

const RESPONSE_READ = Symbol('response read before the answer')
type Watched = Context & { [RESPONSE_READ]?: true }

/**
 * Reading c.res before the answer is made gives an empty response whose headers Hono carries over into the answer
 * (CORS sets its headers that way). Hono's Context is told, once, to note such a read on the context itself: an
 * accessor defined on each context instead would give every request an object of its own shape, and slow every
 * step that touches it.
 */
function watchResponseReads(c: Context) {
  const prototype = Object.getPrototypeOf(c) as object
  if (Object.prototype.hasOwnProperty.call(prototype, RESPONSE_READ)) return
  const accessor = Object.getOwnPropertyDescriptor(prototype, 'res')
  if (!accessor?.get || !accessor.set) throw new Error("Hono's Context has no res accessor to watch.")
  const { get, set } = accessor
  Object.defineProperty(prototype, 'res', {
    ...accessor,
    get(this: Watched) {
      this[RESPONSE_READ] = true
      return get.call(this)
    },
    set,
  })
  Object.defineProperty(prototype, RESPONSE_READ, { value: undefined, writable: true })
}

/** Lets the route's c.body (and so c.json) make its answer whole where nothing else has a say in it. */
export function answerWhole(c: Context, rules: WholeAnswerRules): void {
  watchResponseReads(c)
  let touched = false
  const { header, status, body } = c
  c.header = ((...args: Parameters<typeof header>) => {
    touched = true
    return header(...args)
  }) as typeof header
  c.status = ((code: Parameters<typeof status>[0]) => {
    touched = true
    return status(code)
  }) as typeof status
  c.body = ((data: unknown, arg?: unknown, headers?: unknown) => {
    const length = typeof data === 'string' ? Buffer.byteLength(data) : data instanceof Uint8Array ? data.byteLength : -1
    if (
      touched ||
      (c as Watched)[RESPONSE_READ] ||
      c.finalized ||
      length < 0 ||
      (arg !== undefined && typeof arg !== 'number') ||
      (headers !== undefined && !isStringRecord(headers))
    )
      return body(data as never, arg as never, headers as never)
    const own: Record<string, string> = {}
    if (headers) for (const name in headers) own[name.toLowerCase()] = headers[name]!
    if (!rules.plain() || !rules.final(own, length)) return body(data as never, arg as never, headers as never)
    rules.addFixed(own)
    const res = new Response(data as string | Uint8Array<ArrayBuffer>, { status: (arg as number | undefined) ?? 200, headers: own })
    whole.set(res, { headers: own, body: data as string | Uint8Array })
    return res
  }) as typeof body
}
