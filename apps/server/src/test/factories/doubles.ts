import { createHash } from 'node:crypto'
import type { PasswordHasher } from '../../modules/identity/identity.service.ts'

/**
 * A quick stand-in for argon2id, so suites that sign many people up spend no time hashing;
 * the real hasher has a suite of its own (cognito.api.test.ts).
 */
export const fastPasswords: PasswordHasher = {
  hash: async (password) => `sha256$${createHash('sha256').update(password).digest('hex')}`,
  verify: async (stored, password) => stored === `sha256$${createHash('sha256').update(password).digest('hex')}`,
}

/**
 * A clock the tests move and the app reads for "now" (pass `now: clock.now`). It starts at `start`
 * (an ISO instant or milliseconds), or at the real time without one, and stands still until moved.
 */
export function testClock(start?: string | number) {
  const origin = () => (start === undefined ? Date.now() : typeof start === 'string' ? Date.parse(start) : start)
  let current = origin()
  return {
    now: () => current,
    advance(ms: number) {
      current += ms
    },
    set(at: string | number) {
      current = typeof at === 'string' ? Date.parse(at) : at
    },
    /** Back to the start (or the real time now, for a clock made without one). */
    reset() {
      current = origin()
    },
  }
}
export type TestClock = ReturnType<typeof testClock>

let lastAddress = 0
/** A client address of its own, so one test's requests never count against another's limit. */
export const newAddress = () => `198.18.${Math.floor(++lastAddress / 250) % 250}.${(lastAddress % 250) + 1}`

/** The outbox's token in every test app (the harness passes it), so the factories can read the codes sent. */
export const TEST_OUTBOX_TOKEN = 'test-outbox-token-0123456789abcdefghijklmnop'
