import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ZodError } from 'zod'
import type { Logger } from './logger.ts'

/**
 * An outside service (the card provider, say) did not answer or failed: nothing was done, and the caller may try
 * again. Answered 502 with the message; `failure` is what the log says happened.
 */
export class UpstreamError extends Error {
  readonly failure: string = 'an outside service failed'
}

/** An answer that is the caller's to fix, with a message a person can act on. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message)
  }
}

export interface FieldIssue {
  field: string
  message: string
}

export function fieldIssues(error: ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({
    field: issue.path.length ? issue.path.join('.') : 'body',
    message: issue.message,
  }))
}

/** "email must be a valid email address; name is required" */
export function describeIssues(issues: FieldIssue[]): string {
  return issues.map(({ field, message }) => (/^[a-z]/.test(message) ? `${field} ${message}` : `${field}: ${message}`)).join('; ')
}

/** The hook @hono/zod-openapi calls when a request does not match its schema. */
export function validationHook(result: { success: boolean; error?: unknown; target?: string }, c: Context) {
  if (result.success) return
  const issues = fieldIssues(result.error as ZodError)
  const target = result.target === 'json' ? '' : `${result.target} `
  const described = describeIssues(issues)
  // One full stop at the end, even when the last issue's own message ends with one.
  return c.json({ message: `Please check the ${target}request: ${described.replace(/\.$/, '')}.`, issues }, 400)
}

/** A body sent as something other than JSON to a call that takes JSON (415). */
export const UNSUPPORTED_BODY = 'Please send the request body as JSON, with the header Content-Type: application/json.'

/** The framework's own refusals, in words a person can act on. */
function frameworkMessage(err: HTTPException): string {
  if (err.status === 400 && /JSON/i.test(err.message)) return 'The request body is not valid JSON.'
  // The API's routes declare JSON bodies: anything else is refused before them, in the framework's words.
  if (err.status === 415 && err.message === 'Unsupported Media Type') return UNSUPPORTED_BODY
  return err.message || 'The request could not be handled.'
}

export function errorHandler(logger: Logger) {
  return (err: Error, c: Context) => {
    if (err instanceof HttpError) return c.json({ message: err.message, ...err.extra }, err.status)
    // The card provider did not answer or failed: nothing was taken; the customer may try again.
    if (err instanceof UpstreamError) {
      logger.error({ err, requestId: c.get('requestId'), method: c.req.method, path: c.req.path }, err.failure)
      return c.json({ message: err.message }, 502)
    }
    if (err instanceof HTTPException) return c.json({ message: frameworkMessage(err) }, err.status)
    logger.error({ err, requestId: c.get('requestId'), method: c.req.method, path: c.req.path }, 'unhandled error')
    return c.json({ message: 'Something went wrong on our side. Please try again in a moment.' }, 500)
  }
}
