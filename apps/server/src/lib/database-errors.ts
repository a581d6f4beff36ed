/** A PostgreSQL error's SQLSTATE and constraint, from node-postgres or PGlite, however deeply drizzle wraps it. */
export function databaseError(error: unknown): { code: string; constraint?: string } | null {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown }
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, constraint: typeof constraint === 'string' ? constraint : undefined }
    }
  }
  return null
}
