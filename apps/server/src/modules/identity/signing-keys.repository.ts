import { asc, schema, type Db } from '@salon/db'

const { identitySigningKeys: keys } = schema

export interface SigningKeyRow {
  kid: string
  privateJwk: unknown
  publicJwk: unknown
}

/** The only code that reads or writes the identity service's signing keys. */
export function createSigningKeysRepository(db: Db) {
  return {
    /** Every key, oldest first. */
    async allKeys(): Promise<SigningKeyRow[]> {
      return db.select({ kid: keys.kid, privateJwk: keys.privateJwk, publicJwk: keys.publicJwk }).from(keys).orderBy(asc(keys.createdAt), asc(keys.kid))
    },

    /** Adds a key; a key with the same kid already there is left as it is. */
    async addKey(key: SigningKeyRow): Promise<void> {
      await db.insert(keys).values({ kid: key.kid, privateJwk: key.privateJwk, publicJwk: key.publicJwk }).onConflictDoNothing()
    },
  }
}
export type SigningKeysRepository = ReturnType<typeof createSigningKeysRepository>
