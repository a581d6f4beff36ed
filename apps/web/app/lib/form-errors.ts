import { ApiError } from './api.ts'

export type FieldErrors = Record<string, string>

/** Field messages from a 400 answer ({ issues: [{ field, message }] }), keyed by field. */
export function fieldErrorsOf(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {}
  const issues = (error.body as { issues?: { field: string; message: string }[] } | null)?.issues ?? []
  const errors: FieldErrors = {}
  for (const issue of issues) errors[issue.field] ??= sentence(issue.message)
  return errors
}

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1) + (/[.!?]$/.test(text) ? '' : '.')
