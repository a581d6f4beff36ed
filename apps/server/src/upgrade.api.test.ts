import { randomBytes } from 'node:crypto'
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { migrationsFolder, schema, sql, type Database } from '@salon/db'
import { checkBackup, restoreBackup } from '@salon/db/backup'
import { afterAll, expect, it } from 'vitest'
import { hashApiKey } from './modules/shop/public.ts'
import { bearer, cognitoClient, signIn } from './test/factories/customers.ts'
import { testClock } from './test/factories/doubles.ts'
import { createEmptyDatabase } from './test/database.ts'
import { anotherProcess, describeApi } from './test/harness.ts'
import { tableColumns, tableContents } from './test/table-contents.ts'

/**
 * Upgrades (docs/operations.md "Upgrades"): a salon's database as a release left it, with its data, is migrated by
 * this release. Each file in packages/db/upgrades is a backup written by a release, named after its last migration;
 * the test builds that release's schema from its migrations, restores the file into it, and runs this release's.
 */
const upgrades = path.join(migrationsFolder, '..', 'upgrades')
const releases = readdirSync(upgrades).filter((name) => name.endsWith('.backup.gz'))
const clock = testClock('2026-11-23T10:00:00Z')
const folder = mkdtempSync(path.join(tmpdir(), 'salon-upgrade-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

type Journal = { entries: { tag: string }[] }
const journal = (dir: string) => JSON.parse(readFileSync(path.join(dir, 'meta', '_journal.json'), 'utf8')) as Journal

/** The migrations of the release whose last migration is `tag`: this release's, cut after it. */
function migrationsUpTo(tag: string): string {
  const all = journal(migrationsFolder)
  const upTo = all.entries.findIndex((entry) => entry.tag === tag)
  if (upTo < 0) throw new Error(`${tag} is not a migration of this release`)
  const dir = path.join(folder, tag)
  mkdirSync(path.join(dir, 'meta'), { recursive: true })
  const entries = all.entries.slice(0, upTo + 1)
  for (const entry of entries) copyFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`))
  writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...all, entries }))
  return dir
}

const rows = async <T>(database: Database, query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows

it('every release kept for the upgrade test ends with one of this release’s migrations, before its last', () => {
  const tags = journal(migrationsFolder).entries.map((entry) => entry.tag)
  expect(releases.length).toBeGreaterThan(0)
  for (const file of releases) expect(tags.slice(0, -1)).toContain(file.replace('.backup.gz', ''))
})

for (const file of releases) {
  const tag = file.replace('.backup.gz', '')
  describeApi(
    `a salon as the release ending with ${tag} left it`,
    (t) => {
      it('is migrated by this release with every row it had, column for column, and serves the same customers, balances and bookings', async () => {
        const database = await createEmptyDatabase()
        try {
          const fixture = path.join(upgrades, file)
          expect((await checkBackup(fixture)).rows).toBeGreaterThan(0)
          // Restored as that release would: into its own migrations.
          const release = migrationsUpTo(tag)
          await restoreBackup({ ...database, migrate: () => database.migrate(release) }, fixture)
          const columnsThen = await tableColumns(database)
          const then = await tableContents(database, columnsThen)

          // Two processes started together: each waits for the other's lock, and each migration is applied once.
          if (database.kind === 'postgres') await Promise.all([database.migrate(), database.migrate()])
          else await database.migrate()
          const applied = await rows<{ count: number }>(database, sql`select count(*)::int as count from drizzle.__drizzle_migrations`)
          expect(applied[0]!.count).toBe(journal(migrationsFolder).entries.length)

          expect(await tableContents(database, columnsThen)).toEqual(then)
          const columnsNow = await tableColumns(database)
          for (const [table, columns] of Object.entries(columnsThen)) expect(columnsNow[table], table).toEqual(expect.arrayContaining(columns))

          const [shop] = await rows<{ id: string }>(database, sql`select id from shops`)
          // Every job that was for the salon now names it; the installation's own sweeps name none.
          const jobs = await rows<{ kind: string; shop: string | null }>(database, sql`select kind, shop_id as shop from jobs order by kind`)
          for (const job of jobs) expect(job, job.kind).toEqual({ kind: job.kind, shop: job.kind.startsWith('sweep.') ? null : shop!.id })

          // The same customer signs in on the upgraded database and finds their minutes and their session.
          const [customer] = await rows<{ phone: string; sub: string; minutes: number }>(
            database,
            sql`select u.phone, b.sub, (select sum(minutes)::int from balance_ledger l where l.sub = b.sub) as minutes
                from bookings b join identity_users u on u.sub = b.sub where b.status <> 'cancelled' limit 1`,
          )
          // The web app's key is kept only as a hash, so the test gives the salon a key of its own, as an owner can.
          const apiKey = `pk_test_${randomBytes(16).toString('hex')}`
          await database.db.insert(schema.shopApiKeys).values({ shopId: shop!.id, keyHash: hashApiKey(apiKey), label: 'Upgrade test' })
          const app = anotherProcess(t(), { now: clock.now, identity: { defaultShopId: shop!.id } }, database)
          const signedIn = bearer(await signIn(cognitoClient(app), customer!.phone))
          const ask = async (route: string) => {
            const res = await app.request(`/api/${route}`, { headers: { shop_id: shop!.id, api_key: apiKey, ...signedIn } })
            expect(res.status, `${route}: ${await res.clone().text()}`).toBe(200)
            return (await res.json()) as Record<string, unknown>
          }
          expect(JSON.stringify(await ask('p_account/balance'))).toContain(String(customer!.minutes))
          const bookings = await rows<{ id: string }>(database, sql`select id::text from bookings where sub = ${customer!.sub}`)
          expect(JSON.stringify(await ask('p_bookings'))).toContain(bookings[0]!.id)
        } finally {
          await database.close()
        }
      })
    },
    () => ({ now: clock.now }),
  )
}
