import { expect, it } from 'vitest'
import { describeDatabase } from '../../test/harness.ts'
import { loadSigningKeys } from './signing-keys.service.ts'
import { createSigningKeysRepository } from './signing-keys.repository.ts'

describeDatabase('signing keys', (database) => {
  it('makes one key on first use and signs with it after a restart', async () => {
    const first = await loadSigningKeys(database().db)
    const again = await loadSigningKeys(database().db)
    expect(again.kid).toBe(first.kid)
    expect(first.jwks.keys.map((key) => key.kid)).toEqual([first.kid])
    expect(first.jwks.keys[0]).not.toHaveProperty('d')
    expect(await again.publicKey(first.kid)).toBeDefined()
  })

  it('a key added again under a kid already stored leaves the stored one as it is', async () => {
    const repository = createSigningKeysRepository(database().db)
    const [existing] = await repository.allKeys()
    await repository.addKey({ kid: existing!.kid, privateJwk: { replaced: true }, publicJwk: { replaced: true } })
    const rows = await repository.allKeys()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toEqual(existing)
    expect(Object.keys(rows[0]!).sort()).toEqual(['kid', 'privateJwk', 'publicJwk'])
  })
})
