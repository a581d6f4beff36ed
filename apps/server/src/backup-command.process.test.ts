import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createDatabase, schema } from '@salon/db'
import { afterAll, describe, expect, it } from 'vitest'
import { adminQuery, onCi, POSTGRES_ADMIN_URL, postgresAvailable } from './test/database.ts'
import { run } from './test/run-command.ts'

/**
 * npm run backup, restore and db:move as a salon's operator runs them (docs/operations.md): processes of their own on
 * the server's settings. What they do to the rows is the API suites' (backup.api.test.ts), on both databases.
 */
const dirs: string[] = []
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

const salonNames = async (open: () => ReturnType<typeof createDatabase>) => {
  const database = await open()
  try {
    return (await database.db.select({ id: schema.shops.id }).from(schema.shops)).map((s) => s.id).sort()
  } finally {
    await database.close()
  }
}

describe('the backup, restore and move commands', () => {
  it('back up the embedded database, refuse while its server runs, restore only a whole file, and move it onto PostgreSQL', async (context) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'salon-backups-'))
    dirs.push(dir)
    const dataDir = path.join(dir, 'data')
    const embedded = { DATA_DIR: dataDir, DATABASE_URL: '' }
    const created = await run(
      dir,
      embedded,
      'salon-command.ts',
      ['create', '--name', 'Kept Safe Tanning', '--address', '2 Quay Street', '--town', 'Bristol', '--postcode', 'BS1 4DJ', '--phone', '0117 496 0000']
        .concat(['--email', 'hello@kept-safe.example', '--bed', 'Sunbed 1:lay-down:3-15', '--price', 'lay-down=60', '--owner-phone', '07700 900321'])
        .concat(['--owner-name', 'Kim Keeper']),
      { OWNER_PASSWORD: 'Owner-pass-2026x' },
    )
    expect(created.stderr).toBe('')
    const file = path.join(dir, 'salon.backup.gz')

    const backedUp = await run(dir, embedded, 'backup-command.ts', ['backup', file])
    expect(backedUp.stderr).toBe('')
    expect(backedUp.code).toBe(0)
    expect(backedUp.stdout).toMatch(new RegExp(`^Backed up the embedded database in ${dataDir} to ${file}: \\d+ rows in \\d+ tables\\.\\n$`))

    // A server running on the embedded database: every command that would open it is refused, and says what to do.
    const server = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' })
    writeFileSync(path.join(dataDir, 'server.pid'), `${server.pid}\n`)
    try {
      for (const args of [
        ['backup', path.join(dir, 'other.backup.gz')],
        ['restore', file],
        ['move', '--to', 'postgres://127.0.0.1/none'],
      ]) {
        const refused = await run(dir, embedded, 'backup-command.ts', args)
        expect(refused.code, args[0]).toBe(2)
        expect(refused.stderr).toBe(
          `The server (process ${server.pid}) is running on the embedded database in ${dataDir}. Stop it first; while it runs, it backs itself up when BACKUP_DIR is set.\n`,
        )
      }
    } finally {
      server.kill()
      rmSync(path.join(dataDir, 'server.pid'))
    }

    // A file cut short is refused whole; the salon is still there.
    const cut = path.join(dir, 'cut.backup.gz')
    const bytes = readFileSync(file)
    writeFileSync(cut, bytes.subarray(0, bytes.length - 40))
    const refused = await run(dir, embedded, 'backup-command.ts', ['restore', cut])
    expect(refused.code).toBe(2)
    expect(refused.stderr).toMatch(new RegExp(`^${cut} is not a whole backup.*Nothing was changed\\.\\n$`))
    expect(await salonNames(() => createDatabase({ dataDir }))).toEqual(['kept-safe-tanning'])

    const restored = await run(dir, embedded, 'backup-command.ts', ['restore', file])
    expect(restored.stderr).toBe('')
    expect(restored.stdout).toMatch(new RegExp(`^Restored the embedded database in ${dataDir} from ${file} \\(made \\d{4}-\\d\\d-\\d\\dT[^)]+\\): \\d+ rows`))

    expect((await run(dir, embedded, 'backup-command.ts', ['move'])).stderr).toContain('Say where to: npm run db:move -- --to postgres://')

    if (!onCi && !(await postgresAvailable())) context.skip()
    const name = `salon_moved_${randomBytes(5).toString('hex')}`
    await adminQuery(`create database ${name}`)
    const url = new URL(POSTGRES_ADMIN_URL)
    url.pathname = `/${name}`
    try {
      const moved = await run(dir, embedded, 'backup-command.ts', ['move', '--to', url.href])
      expect(moved.stderr).toBe('')
      expect(moved.code).toBe(0)
      expect(moved.stdout).toMatch(new RegExp(`^Copied the embedded database in ${dataDir} into the PostgreSQL database ${name} on ${url.host}: \\d+ rows`))
      expect(await salonNames(() => createDatabase({ url: url.href }))).toEqual(['kept-safe-tanning'])
      const again = await run(dir, embedded, 'backup-command.ts', ['move', '--to', url.href])
      expect(again.code).toBe(2)
      expect(again.stderr).toBe(
        `the PostgreSQL database ${name} on ${url.host} is not empty: the move copies a salon only into a database with no tables. Nothing was changed.\n`,
      )
      // On PostgreSQL the backup is made while the salon serves.
      const live = await run(dir, { DATA_DIR: dataDir, DATABASE_URL: url.href }, 'backup-command.ts', ['backup', path.join(dir, 'live.backup.gz')])
      expect(live.stderr).toBe('')
      expect(live.stdout).toContain(`Backed up the PostgreSQL database ${name} on ${url.host} to ${path.join(dir, 'live.backup.gz')}`)
    } finally {
      await adminQuery(`drop database if exists ${name} with (force)`)
    }
  }, 240_000)
})
