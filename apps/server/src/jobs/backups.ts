import { mkdir, readdir, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import type { Database } from '@salon/db'
import { writeBackup } from '@salon/db/backup'
import type { JobQueue } from '../lib/job-queue.ts'
import type { JobHandler, PeriodicJob } from './worker.ts'

export const BACKUP_JOB = 'backup.scheduled'
/** The scheduled backups' names: the time they were made, so they sort oldest first. */
const BACKUP_NAME = /^salon-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.backup\.gz$/

export interface BackupSchedule {
  /** Where the backups are written (BACKUP_DIR). */
  dir: string
  /** How many are kept; older ones are removed once a new one is whole (BACKUP_KEEP). */
  keep: number
  /** One backup per this period, whatever the number of processes (BACKUP_EVERY_HOURS). */
  everyMs: number
}

/**
 * The scheduled backup (docs/operations.md): a job on the shared queue, once per period across every process, that
 * writes the whole database in the portable format from one consistent snapshot, while the salon serves, and then
 * keeps only the newest `keep` files. A try that fails is tried again; the last failure waits in the queue's failed
 * jobs, and the owner sees it.
 */
export function backupJobs(database: Database, schedule: BackupSchedule, now: () => number): { handlers: Record<string, JobHandler>; periodic: PeriodicJob[] } {
  const handler: JobHandler = async () => {
    const name = `salon-${new Date(now()).toISOString().slice(0, 19).replaceAll(':', '-')}Z.backup.gz`
    const file = path.join(schedule.dir, name)
    // The backups hold every customer's details: a folder and files only the server's user reads.
    await mkdir(schedule.dir, { recursive: true, mode: 0o700 })
    // A process stopped while writing (killed, the machine off) leaves its file half written under a name of its own:
    // it is no backup, holds customers' details, and would fill the disk over the years. Only one backup job runs at
    // a time, so every such file but this one's is left over.
    const before = await readdir(schedule.dir)
    for (const left of before.filter((entry) => entry.endsWith('.partial') && BACKUP_NAME.test(entry.slice(0, -'.partial'.length))))
      if (left !== `${name}.partial`) await rm(path.join(schedule.dir, left), { force: true })
    const summary = await writeBackup(database, file, now)
    const kept = (await readdir(schedule.dir)).filter((entry) => BACKUP_NAME.test(entry)).sort()
    const removed = kept.slice(0, Math.max(0, kept.length - schedule.keep))
    for (const old of removed) await rm(path.join(schedule.dir, old), { force: true })
    return { file: name, bytes: (await stat(file)).size, rows: summary.rows, tables: summary.tables, removed: removed.length }
  }
  return { handlers: { [BACKUP_JOB]: handler }, periodic: [{ kind: BACKUP_JOB, everyMs: schedule.everyMs }] }
}

export interface BackupStatus {
  /** Whether this server makes scheduled backups (BACKUP_DIR is set). */
  scheduled: boolean
  last: { at: string; bytes: number; rows: number } | null
  /** The last backup that failed for good, when it is newer than the last that was made. */
  failed: { at: string; error: string } | null
}

/** What the owner sees of the backups: the last one made, and a failure since. */
export async function backupStatus(queue: JobQueue, scheduled: boolean): Promise<BackupStatus> {
  const { done, failed } = await queue.lastOf(BACKUP_JOB)
  const result = (done?.result ?? {}) as { bytes?: number; rows?: number }
  const last = done?.finishedAt ? { at: done.finishedAt.toISOString(), bytes: result.bytes ?? 0, rows: result.rows ?? 0 } : null
  const failedSince = failed?.finishedAt && (!done?.finishedAt || failed.finishedAt > done.finishedAt) ? failed : undefined
  return {
    scheduled,
    last,
    failed: failedSince ? { at: failedSince.finishedAt!.toISOString(), error: failedSince.lastError ?? 'It stopped without a reason.' } : null,
  }
}
