import path from 'node:path'
import { isKeptToken, KEPT_TOKEN_PATTERN, loadKeptToken, newKeptToken } from '../../lib/kept-token.ts'

/** What an outbox token looks like: URL-safe, long enough that it cannot be guessed. */
export const OUTBOX_TOKEN_PATTERN = KEPT_TOKEN_PATTERN

export const newOutboxToken = newKeptToken

/**
 * The outbox's token (docs/decisions/008): the one kept in DATA_DIR/outbox-token, made at the first start with a
 * local sender and readable by the server's user alone (lib/kept-token.ts).
 */
export function loadOutboxToken(dataDir: string): string {
  return loadKeptToken(path.join(dataDir, 'outbox-token'))
}

/** Compares a token a request gave with the outbox's in constant time. */
export const isOutboxToken = isKeptToken
