import type { NotReady } from './form-post.ts'

/** The most a page form may send; the API takes no more than this either. */
export const MAX_FORM_BYTES = 64 * 1024

/** Fields never written back into a page, whatever a route asks to keep. */
const SECRET_FIELDS = new Set(['password', 'passwordRepeat', 'oldPassword', 'code'])

/** Longest value kept for a form sent back; the forms' own limits are all shorter. */
const MAX_KEPT_LENGTH = 5000

/**
 * The fields of a plain HTML form post (application/x-www-form-urlencoded), read up to `maxBytes`.
 * Anything else, or anything larger, reads as an empty form: the page then asks for it again.
 */
export async function readForm(request: Request, maxBytes = MAX_FORM_BYTES): Promise<URLSearchParams> {
  const type = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase()
  if (type !== 'application/x-www-form-urlencoded' || !request.body) return new URLSearchParams()
  if (Number(request.headers.get('content-length') ?? 0) > maxBytes) return new URLSearchParams()
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined)
      return new URLSearchParams()
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let at = 0
  for (const chunk of chunks) {
    bytes.set(chunk, at)
    at += chunk.byteLength
  }
  return new URLSearchParams(new TextDecoder().decode(bytes))
}

/** The named fields of a form, trimmed, minus anything secret: what may be shown again in the page. */
export function keptValues(form: URLSearchParams, keep: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {}
  for (const name of keep) {
    if (SECRET_FIELDS.has(name)) continue
    const value = form.get(name)?.trim()
    if (value) values[name] = value.slice(0, MAX_KEPT_LENGTH)
  }
  return values
}

/**
 * The action of a page whose form only works once its scripts have run (sign-in, sign-up, codes): nothing is
 * sent anywhere, and the page comes back with the plain message and the non-secret fields the visitor typed.
 */
export async function notReady(request: Request, keep: readonly string[]): Promise<NotReady> {
  return { notReady: true, values: keptValues(await readForm(request), keep) }
}
