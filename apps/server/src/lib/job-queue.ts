import { randomUUID } from 'node:crypto'
import { and, eq, inArray, schema, sql, type Db } from '@salon/db'

const { jobs } = schema

export type JobRow = typeof jobs.$inferSelect

/**
 * Thrown by a handler whose work may not be done yet (a reminder due in the quiet hours): the job waits until
 * `until` without the try counting against it.
 */
export class JobDeferred extends Error {
  constructor(readonly until: Date) {
    super(`deferred until ${until.toISOString()}`)
  }
}

/** Work to do later: its kind names the handler; a key makes it once, however often and wherever it is asked for. */
export interface JobRequest {
  kind: string
  payload?: Record<string, unknown>
  /** When it is due; now by default. */
  runAt?: Date
  key?: string
  maxAttempts?: number
}

/**
 * The job queue's table (docs/decisions/029), for the modules that ask for work and the worker that does it. Every
 * method takes the database or a transaction: a job asked for inside a transaction exists only if it commits, so a
 * cancellation and the refund it owes are saved together or not at all.
 */
export function createJobQueue(db: Db, now: () => number = Date.now) {
  return {
    /** True when the job was added; false when a job with its key already exists (done or not). */
    async enqueue(job: JobRequest): Promise<boolean> {
      const inserted = await db
        .insert(jobs)
        .values({
          id: randomUUID(),
          kind: job.kind,
          payload: job.payload ?? {},
          key: job.key ?? null,
          runAt: job.runAt ?? new Date(now()),
          maxAttempts: job.maxAttempts ?? 8,
        })
        .onConflictDoNothing()
        .returning({ id: jobs.id })
      return inserted.length === 1
    },

    /** Cancels a job that has not started, by its key (a reminder for a booking cancelled since): true if it was waiting. */
    async cancel(key: string): Promise<boolean> {
      const cancelled = await db
        .update(jobs)
        .set({ status: 'cancelled', finishedAt: new Date(now()), updatedAt: new Date(now()) })
        .where(and(eq(jobs.key, key), eq(jobs.status, 'queued')))
        .returning({ id: jobs.id })
      return cancelled.length === 1
    },

    /** Moves a waiting job to another time, by its key (a reminder for a booking moved since): true if it was waiting. */
    async reschedule(key: string, runAt: Date, payload?: Record<string, unknown>): Promise<boolean> {
      const moved = await db
        .update(jobs)
        .set({ runAt, updatedAt: new Date(now()), ...(payload ? { payload } : {}) })
        .where(and(eq(jobs.key, key), eq(jobs.status, 'queued')))
        .returning({ id: jobs.id })
      return moved.length === 1
    },

    /**
     * Takes up to `limit` due jobs of these kinds for `worker`, each locked until `lockMs` from now: waiting jobs
     * whose time has come, and running jobs whose lock has lapsed (their process died). Rows another process is
     * taking at this moment are skipped, not waited for, so no job is taken twice.
     */
    async claim(worker: string, kinds: readonly string[], limit: number, lockMs: number): Promise<JobRow[]> {
      if (!kinds.length) return []
      const at = new Date(now()).toISOString()
      const until = new Date(now() + lockMs).toISOString()
      const kindList = sql.join(
        kinds.map((kind) => sql`${kind}`),
        sql`, `,
      )
      const due = sql`select ${jobs.id} from ${jobs}
        where ${jobs.kind} in (${kindList})
          and ((${jobs.status} = 'queued' and ${jobs.runAt} <= ${at}::timestamptz)
            or (${jobs.status} = 'running' and ${jobs.lockedUntil} < ${at}::timestamptz))
        order by ${jobs.runAt}
        limit ${limit}
        for update skip locked`
      return db
        .update(jobs)
        .set({
          status: 'running',
          lockedBy: worker,
          lockedUntil: sql`${until}::timestamptz`,
          attempts: sql`${jobs.attempts} + 1`,
          updatedAt: sql`${at}::timestamptz`,
        })
        .where(sql`${jobs.id} in (${due})`)
        .returning()
    },

    /** Done: false when the job's lock had lapsed and another process took it (its handler must be idempotent). */
    async complete(id: string, worker: string, result?: unknown): Promise<boolean> {
      const done = await db
        .update(jobs)
        .set({ status: 'done', result: result ?? null, lockedBy: null, lockedUntil: null, finishedAt: new Date(now()), updatedAt: new Date(now()) })
        .where(and(eq(jobs.id, id), eq(jobs.lockedBy, worker), eq(jobs.status, 'running')))
        .returning({ id: jobs.id })
      return done.length === 1
    },

    /** A failed try: waits until `retryAt`, or is kept as failed with its error when there is none (its last try). */
    async fail(id: string, worker: string, error: string, retryAt: Date | null): Promise<void> {
      await db
        .update(jobs)
        .set(
          retryAt
            ? { status: 'queued', runAt: retryAt, lastError: error, lockedBy: null, lockedUntil: null, updatedAt: new Date(now()) }
            : { status: 'failed', lastError: error, lockedBy: null, lockedUntil: null, finishedAt: new Date(now()), updatedAt: new Date(now()) },
        )
        .where(and(eq(jobs.id, id), eq(jobs.lockedBy, worker), eq(jobs.status, 'running')))
    },

    /** Puts a taken job back to wait until `runAt`, giving back the try it was taken with. */
    async defer(id: string, worker: string, runAt: Date): Promise<void> {
      await db
        .update(jobs)
        .set({ status: 'queued', runAt, attempts: sql`greatest(${jobs.attempts} - 1, 0)`, lockedBy: null, lockedUntil: null, updatedAt: new Date(now()) })
        .where(and(eq(jobs.id, id), eq(jobs.lockedBy, worker), eq(jobs.status, 'running')))
    },

    async byKey(key: string): Promise<JobRow | undefined> {
      const [row] = await db.select().from(jobs).where(eq(jobs.key, key))
      return row
    },

    /** The last job of a kind that was done, and the last that gave up, each by when it finished. */
    async lastOf(kind: string): Promise<{ done: JobRow | undefined; failed: JobRow | undefined }> {
      const last = async (status: 'done' | 'failed') => {
        const [row] = await db
          .select()
          .from(jobs)
          .where(and(eq(jobs.kind, kind), eq(jobs.status, status)))
          .orderBy(sql`${jobs.finishedAt} desc nulls last`)
          .limit(1)
        return row
      }
      return { done: await last('done'), failed: await last('failed') }
    },

    /** Jobs that gave up, newest first, for the salon to act on. */
    async failed(kinds?: readonly string[]): Promise<JobRow[]> {
      return db
        .select()
        .from(jobs)
        .where(and(eq(jobs.status, 'failed'), kinds?.length ? inArray(jobs.kind, [...kinds]) : undefined))
        .orderBy(sql`${jobs.finishedAt} desc`)
    },

    /**
     * The queue at a glance, by kind, for the metrics: jobs waiting whose time has come, jobs running, jobs that
     * gave up, and the age in seconds of the oldest due job (0 when none is due): a queue no worker empties shows here.
     */
    async stats(): Promise<{ kind: string; due: number; running: number; failed: number; oldestDueSeconds: number }[]> {
      const at = new Date(now()).toISOString()
      const rows = await db
        .select({
          kind: jobs.kind,
          due: sql<number>`count(*) filter (where ${jobs.status} = 'queued' and ${jobs.runAt} <= ${at}::timestamptz)`.mapWith(Number),
          running: sql<number>`count(*) filter (where ${jobs.status} = 'running')`.mapWith(Number),
          failed: sql<number>`count(*) filter (where ${jobs.status} = 'failed')`.mapWith(Number),
          // A job due from the start of time (-infinity: asked for by a trigger, due whatever the clock) has waited since it was made.
          oldestDueSeconds:
            sql<number>`greatest(coalesce(extract(epoch from (${at}::timestamptz - min(case when isfinite(${jobs.runAt}) then ${jobs.runAt} else ${jobs.createdAt} end) filter (where ${jobs.status} = 'queued' and ${jobs.runAt} <= ${at}::timestamptz))), 0), 0)`.mapWith(
              Number,
            ),
        })
        .from(jobs)
        .where(inArray(jobs.status, ['queued', 'running', 'failed']))
        .groupBy(jobs.kind)
      return rows
    },

    /** Removes finished jobs older than `before`; failed ones are kept for the salon. */
    async prune(before: Date): Promise<number> {
      const removed = await db
        .delete(jobs)
        .where(and(inArray(jobs.status, ['done', 'cancelled']), sql`${jobs.finishedAt} < ${before.toISOString()}::timestamptz`))
        .returning({ id: jobs.id })
      return removed.length
    },
  }
}
export type JobQueue = ReturnType<typeof createJobQueue>
