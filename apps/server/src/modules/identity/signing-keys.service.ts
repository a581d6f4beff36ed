import { randomUUID } from 'node:crypto'
import type { Db } from '@salon/db'
import { exportJWK, generateKeyPair, importJWK, type JWK, type CryptoKey } from 'jose'
import { createSigningKeysRepository } from './signing-keys.repository.ts'

export interface SigningKeys {
  kid: string
  privateKey: CryptoKey
  /** Every public key, for /.well-known/jwks.json and for checking tokens. */
  jwks: { keys: JWK[] }
  publicKey(kid: string): Promise<CryptoKey | undefined>
}

/**
 * The pool's RS256 key, made once and kept in the database, so tokens outlive a restart
 * and every server process signs and checks with the same key.
 */
export async function loadSigningKeys(db: Db): Promise<SigningKeys> {
  const repository = createSigningKeysRepository(db)
  let rows = await repository.allKeys()
  if (rows.length === 0) {
    const { privateKey, publicKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true })
    const kid = randomUUID()
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }
    const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256' }
    // Two processes starting at once may both make a key; both keys are then served and either signs.
    await repository.addKey({ kid, privateJwk, publicJwk })
    rows = await repository.allKeys()
  }
  const newest = rows[rows.length - 1]!
  const publicKeys = new Map<string, CryptoKey>()
  for (const row of rows) publicKeys.set(row.kid, (await importJWK(row.publicJwk as JWK, 'RS256')) as CryptoKey)
  return {
    kid: newest.kid,
    privateKey: (await importJWK(newest.privateJwk as JWK, 'RS256')) as CryptoKey,
    jwks: { keys: rows.map((row) => row.publicJwk as JWK) },
    async publicKey(kid) {
      return publicKeys.get(kid)
    },
  }
}
