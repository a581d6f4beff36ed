import { randomBytes, timingSafeEqual } from 'node:crypto'
import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/** What a kept token looks like: URL-safe, long enough that it cannot be guessed. */
export const KEPT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,128}$/

export const newKeptToken = () => randomBytes(32).toString('base64url')

/**
 * A secret kept in a file under the data directory (the outbox's, the set-up link's): made the first time it is
 * asked for and readable by the server's user alone, so that it lasts across restarts and every process on the same
 * data directory shares it. Two processes asking at once both end with the token the first one wrote.
 */
export function loadKeptToken(file: string): string {
  const read = () => {
    try {
      const kept = readFileSync(file, 'utf8').trim()
      return KEPT_TOKEN_PATTERN.test(kept) ? kept : undefined
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined
      throw err
    }
  }
  const kept = read()
  if (kept) return kept
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 })
  // Written whole to a file of this process's own, then linked into place: a link never replaces a file, so a
  // process that reads the token never sees half of one, and of two processes starting at once the first wins.
  const token = newKeptToken()
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`
  writeFileSync(draft, `${token}\n`, { mode: 0o600 })
  try {
    linkSync(draft, file)
    return token
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
    const theirs = read()
    if (theirs) return theirs
    // A file that holds no token (emptied or edited by hand) is replaced.
    renameSync(draft, file)
    return token
  } finally {
    rmSync(draft, { force: true })
  }
}

/** Compares a token a request gave with the kept one in constant time, so its characters cannot be found one by one. */
export function isKeptToken(given: string | undefined, token: string): boolean {
  if (!given) return false
  const [a, b] = [Buffer.from(given), Buffer.from(token)]
  return a.length === b.length && timingSafeEqual(a, b)
}
