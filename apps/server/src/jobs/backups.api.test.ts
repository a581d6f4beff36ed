import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { checkBackup } from '@salon/db/backup'
import { afterAll, expect, it } from 'vitest'
import { createLogger } from '../lib/logger.ts'
import { testClock } from '../test/factories/doubles.ts'
import { staffUser } from '../test/factories/staff.ts'
import { anotherProcess, describeApi } from '../test/harness.ts'
import { createWorker } from './worker.ts'

const HOUR = 3600_000
const clock = testClock('2026-11-23T02:00:00Z')
const root = mkdtempSync(path.join(tmpdir(), 'salon-scheduled-'))
const dir = path.join(root, 'backups')
afterAll(() => rmSync(root, { recursive: true, force: true }))

describeApi(
  'scheduled backups',
  (t) => {
    const logger = createLogger('silent')
    const worker = () => createWorker({ ...t().app.jobs, logger, now: clock.now })
    const files = () => readdirSync(dir).sort()

    it('makes one backup per period however many processes run, keeps the newest, and the owner sees the last one', async () => {
      const owner = await staffUser(t(), { role: 'owner' })
      expect((await t().api('staff/backups', { headers: owner.headers })).json).toEqual({ scheduled: true, last: null, failed: null })

      const other = createWorker({ ...anotherProcess(t(), { now: clock.now, backups: { dir, keep: 2, everyMs: HOUR } }).jobs, logger, now: clock.now })
      await Promise.all([worker().runDue(), other.runDue()])
      expect(files()).toEqual(['salon-2026-11-23T02-00-00Z.backup.gz'])
      const made = await checkBackup(path.join(dir, files()[0]!))
      expect(made.rows).toBeGreaterThan(0)
      const status = await t().api('staff/backups', { headers: owner.headers })
      expect(status.headers.get('cache-control')).toBe('private, no-store')
      expect(status.json).toEqual({ scheduled: true, last: { at: '2026-11-23T02:00:00.000Z', bytes: expect.any(Number), rows: made.rows }, failed: null })

      // A process killed while writing the 03:00 backup left its file half written; the next backup clears it away.
      writeFileSync(path.join(dir, 'salon-2026-11-23T02-30-00Z.backup.gz.partial'), 'half a backup')
      writeFileSync(path.join(dir, 'notes.txt'), 'not the server’s')
      for (const hour of [3, 4, 5]) {
        clock.set(`2026-11-23T0${hour}:00:00Z`)
        await worker().runDue()
      }
      expect(files()).toEqual(['notes.txt', 'salon-2026-11-23T04-00-00Z.backup.gz', 'salon-2026-11-23T05-00-00Z.backup.gz'])
    })

    it('a backup that cannot be written is tried again, and once it has failed for good the owner is told why', async () => {
      rmSync(dir, { recursive: true, force: true })
      writeFileSync(dir, 'a file where the folder should be')
      try {
        clock.set('2026-11-23T08:00:00Z')
        for (let i = 0; i < 3; i++) {
          await worker().runDue()
          clock.advance(2 * 60_000)
        }
        const owner = await staffUser(t(), { role: 'owner' })
        const answer = await t().api('staff/backups', { headers: owner.headers })
        expect(answer.status, JSON.stringify(answer.json)).toBe(200)
        const status = answer.json
        expect(status.last).toMatchObject({ at: '2026-11-23T05:00:00.000Z' })
        expect(status.failed).toEqual({ at: expect.stringMatching(/^2026-11-23T08:0\d:00.000Z$/), error: expect.stringContaining('EEXIST') })
      } finally {
        rmSync(dir, { force: true })
      }
    })
  },
  () => ({ now: clock.now, backups: { dir, keep: 2, everyMs: HOUR } }),
)
