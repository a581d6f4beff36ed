import { hash, verify } from '@node-rs/argon2'
import type { PasswordHasher } from './identity.service.ts'

/** argon2id with the library's defaults (OWASP's minimum: 19 MiB, 2 passes). */
export const argon2Passwords: PasswordHasher = {
  hash: (password) => hash(password),
  async verify(stored, password) {
    try {
      return await verify(stored, password)
    } catch {
      return false
    }
  },
}
