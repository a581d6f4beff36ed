import { DEMO_SHOP_ID, seedDemo } from '@salon/db/seed'
import { expect, it } from 'vitest'
import { DEFAULT_POOL } from './app.ts'
import { fastPasswords } from './test/factories/doubles.ts'
import { testDbKind } from './test/database.ts'
import { describeDatabase } from './test/harness.ts'
import { seedDemoOwner } from './staff-accounts.ts'

const settings = { USER_POOL_ID: DEFAULT_POOL.poolId, DEMO_OWNER_PHONE: '07700 900100', DEMO_OWNER_PASSWORD: 'Demo-owner-2026' }

describeDatabase('the demo salon’s owner', (database) => {
  it('is made once when several processes start together on one database; every one of them starts', async () => {
    await seedDemo(database().db)
    // Each process hashes the password (slowly, with argon2) before it makes the account: all four get there together.
    // PGlite has one connection, so its transactions take turns: there, nothing can wait for the others.
    let waiting = testDbKind === 'postgres' ? 4 : 1
    let allThere: () => void = () => {}
    const together = new Promise<void>((resolve) => (allThere = resolve))
    const slowPasswords = {
      ...fastPasswords,
      hash: async (password: string) => {
        if (--waiting === 0) allThere()
        await together
        return fastPasswords.hash(password)
      },
    }
    const made = await Promise.all(Array.from({ length: 4 }, () => seedDemoOwner(database().db, settings, slowPasswords)))
    expect(made.filter((m) => m.created).length).toBeGreaterThanOrEqual(1)
    const team = await database().db.query.staffMembers.findMany({ where: (m, { eq }) => eq(m.shopId, DEMO_SHOP_ID) })
    expect(team.map((m) => [m.name, m.role])).toEqual([['Demo Owner', 'owner']])
    expect(await seedDemoOwner(database().db, settings, fastPasswords)).toEqual({ created: false })
  })
})
