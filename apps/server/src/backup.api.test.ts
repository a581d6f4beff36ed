import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync, gunzipSync } from 'node:zlib'
import { createHash } from 'node:crypto'
import { BackupRefused, checkBackup, moveDatabase, restoreBackup, writeBackup } from '@salon/db/backup'
import { afterAll, expect, it } from 'vitest'
import { shopCustomer } from './test/factories/customers.ts'
import { testClock } from './test/factories/doubles.ts'
import { addPlan, joinPlan } from './test/factories/memberships.ts'
import { buyPackage } from './test/factories/payments.ts'
import { issuedVoucher } from './test/factories/vouchers.ts'
import { staffUser } from './test/factories/staff.ts'
import { createEmptyDatabase, createTestDatabase, onCi, postgresAvailable } from './test/database.ts'
import { anotherProcess, describeApi, type TestApp } from './test/harness.ts'
import { tableContents } from './test/table-contents.ts'

const clock = testClock('2026-11-23T08:00:00Z')
const folder = mkdtempSync(path.join(tmpdir(), 'salon-backup-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

describeApi(
  'backups and restores',
  (t) => {
    const file = path.join(folder, `salon-${Math.random().toString(36).slice(2)}.backup.gz`)
    let made: Awaited<ReturnType<typeof tableContents>>
    let first: Awaited<ReturnType<typeof shopCustomer>>

    it('a salon with customers, minutes, a booking, payments, a gift voucher, a membership, the waitlist and audit entries comes back table for table, every sequence too', async () => {
      const customer = (first = await shopCustomer(t()))
      const owner = await staffUser(t(), { role: 'owner' })
      await buyPackage(t(), customer, t().shop.packages[0]!.id)
      const booked = await t().api('p_book', {
        body: { date: '2026-11-24', time: '10:00', minutes: 6, bedId: `${t().shop.id}-bed-1` },
        headers: customer.headers,
      })
      expect(booked.status, JSON.stringify(booked.json)).toBe(201)
      expect(
        (await t().api(`staff/customers/${customer.sub}/notes`, { body: { text: 'Prefers the stand-up "booth"\nand \\ a new line' }, headers: owner.headers }))
          .status,
      ).toBe(201)
      await issuedVoucher(t(), 2500)
      expect((await joinPlan(t(), customer, (await addPlan(t(), owner)).id)).recorded.status).toBe(200)
      const waiting = await t().api('p_account/waitlist', { body: { date: '2026-11-25', from: '10:00', to: '12:00', minutes: 6 }, headers: customer.headers })
      expect(waiting.status, JSON.stringify(waiting.json)).toBe(201)
      made = await tableContents(t().database)
      for (const table of [
        ...['customers', 'payments', 'minute_lots', 'balance_ledger', 'bookings', 'staff_audit_log', 'identity_users', 'jobs'],
        ...['gift_vouchers', 'membership_plans', 'memberships', 'membership_payments', 'waitlist_entries'],
      ])
        expect(made.fingerprint[table], table).not.toMatch(/^0:/)

      const summary = await writeBackup(t().database, file, clock.now)
      expect(summary).toMatchObject({ rows: made.rows, createdAt: '2026-11-23T08:00:00.000Z', from: t().database.kind })
      expect(await checkBackup(file)).toMatchObject({ rows: made.rows, tables: Object.keys(made.fingerprint).length })

      const elsewhere = await createTestDatabase()
      try {
        await restoreBackup(elsewhere, file)
        expect(await tableContents(elsewhere)).toEqual(made)
      } finally {
        await elsewhere.close()
      }
    })

    it('restoring over a database that changed since puts it back as it was, append-only tables included', async () => {
      const customer = await shopCustomer(t())
      await buyPackage(t(), customer, t().shop.packages[0]!.id)
      expect((await tableContents(t().database)).fingerprint).not.toEqual(made.fingerprint)
      await restoreBackup(t().database, file)
      expect(await tableContents(t().database)).toEqual(made)
      // The app works on what came back: the customer's session still signs them in and their booking is there, and new rows take new ids.
      const bookings = await t().api('p_bookings', { headers: first.headers })
      expect(bookings.status).toBe(200)
      expect(JSON.stringify(bookings.json)).toContain('2026-11-24')
      await buyPackage(t(), await shopCustomer(t()), t().shop.packages[0]!.id)
    })

    it('a file cut short, changed by one byte, not a backup, or missing is refused before anything changes', async () => {
      const before = await tableContents(t().database)
      const whole = readFileSync(file)
      const text = gunzipSync(whole).toString('latin1')
      const cut = path.join(folder, 'cut.backup.gz')
      writeFileSync(cut, whole.subarray(0, Math.floor(whole.length / 2)))
      const cutAtALine = path.join(folder, 'cut-at-a-line.backup.gz')
      writeFileSync(cutAtALine, gzipSync(Buffer.from(text.slice(0, text.lastIndexOf('\nE ') + 1), 'latin1')))
      const changed = path.join(folder, 'changed.backup.gz')
      const at = text.indexOf('R {') + 10
      writeFileSync(changed, gzipSync(Buffer.from(text.slice(0, at) + (text[at] === 'x' ? 'y' : 'x') + text.slice(at + 1), 'latin1')))
      const notABackup = path.join(folder, 'notes.txt')
      writeFileSync(notABackup, 'my shopping list\n')
      const plainJson = path.join(folder, 'plain.backup.gz')
      writeFileSync(plainJson, gzipSync('{"format":"salon-backup"}\n'))

      for (const [bad, says] of [
        [cut, /is not a whole backup/],
        [cutAtALine, /is not a whole backup \(it ends before its last line\)/],
        [changed, /is not a whole backup/],
        [notABackup, /is not a whole backup/],
        [plainJson, /is not a backup of this salon software/],
        [fromAnotherRelease(text, -1), /was made by an earlier release \(\d+ migrations; this one has \d+\)\. Restore it with that release, then upgrade\./],
        [fromAnotherRelease(text, +1), /was made by a later release/],
        [path.join(folder, 'missing.backup.gz'), /There is no file at/],
      ] as const) {
        const refused = await restoreBackup(t().database, bad).then(
          () => undefined,
          (error: unknown) => error,
        )
        expect(refused, bad).toBeInstanceOf(BackupRefused)
        expect((refused as Error).message).toMatch(says)
        expect(await tableContents(t().database)).toEqual(before)
      }
    })

    it('moves the salon into an empty PostgreSQL database, which then gives the same answers; a database that is not empty is refused', async (context) => {
      // The embedded database's suite needs PostgreSQL too for this one: under CI it is there, elsewhere it may not be.
      if (!onCi && !(await postgresAvailable())) context.skip()
      const owner = await staffUser(t(), { role: 'owner' })
      const asked = async (app: { request: TestApp['app']['request'] }) => {
        const answers = []
        for (const [route, headers] of [
          ['p_bookings', first.headers],
          ['p_account', first.headers],
          ['p_account/balance', first.headers],
          [`staff/customers/${first.sub}`, owner.headers],
          ['staff/day?date=2026-11-24', owner.headers],
          ['website/salon', {}],
        ] as const) {
          const res = await app.request(`/api/${route}`, { headers: { ...t().shop.headers, ...headers } })
          answers.push([route, res.status, await res.text()])
        }
        return answers
      }
      const before = await asked(t().app)
      expect(before.map(([route, status]) => [route, status])).toEqual(before.map(([route]) => [route, 200]))

      const target = await createEmptyDatabase('postgres')
      try {
        const summary = await moveDatabase(t().database, target, path.join(folder, 'move.backup.gz'))
        expect(summary.rows).toBe((await tableContents(t().database)).rows)
        expect(await tableContents(target)).toEqual(await tableContents(t().database))
        expect(await asked(anotherProcess(t(), { now: clock.now }, target))).toEqual(before)

        const again = await moveDatabase(t().database, target, path.join(folder, 'again.backup.gz'), 'salon_moved').then(
          () => undefined,
          (error: unknown) => error,
        )
        expect(again).toBeInstanceOf(BackupRefused)
        expect((again as Error).message).toBe('salon_moved is not empty: the move copies a salon only into a database with no tables. Nothing was changed.')
        expect(await tableContents(target)).toEqual(await tableContents(t().database))
      } finally {
        await target.close()
      }
    })
  },
  () => ({ now: clock.now }),
)

/** The backup as a release with `more` migrations than this one would have written it, whole and with its check sum. */
function fromAnotherRelease(text: string, more: number) {
  const lines = text.split('\n').filter(Boolean)
  const header = JSON.parse(lines[0]!.slice(2)) as { migrations: { count: number } }
  header.migrations.count += more
  lines[0] = `H ${JSON.stringify(header)}`
  const body = lines
    .slice(0, -1)
    .map((line) => `${line}\n`)
    .join('')
  const end = JSON.parse(lines.at(-1)!.slice(2)) as { sha256: string }
  end.sha256 = createHash('sha256').update(body).digest('hex')
  const file = path.join(folder, `release${more > 0 ? '-later' : '-earlier'}.backup.gz`)
  writeFileSync(file, gzipSync(`${body}E ${JSON.stringify(end)}\n`))
  return file
}
