import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import { JobDeferred, type JobQueue, type JobRow } from '../lib/job-queue.ts'
import type { Logger } from '../lib/logger.ts'

/** What a handler is given: the job as it was asked for, and which try this is (1 for the first). */
export interface JobContext {
  id: string
  key: string | null
  attempt: number
  maxAttempts: number
}

/** Does a job's work; what it answers is kept with the job. It must be safe to run twice (a lapsed lock). */
export type JobHandler = (payload: Record<string, unknown>, context: JobContext) => Promise<unknown>

/** Work asked for on a clock: one job per period, whatever the number of processes asking. */
export interface PeriodicJob {
  kind: string
  everyMs: number
}

export interface WorkerOptions {
  queue: JobQueue
  handlers: Record<string, JobHandler>
  periodic?: PeriodicJob[]
  logger: Logger
  now?: () => number
  /** How often the queue is asked for due jobs (1 s by default). */
  pollMs?: number
  /** How long a taken job is held before another process may take it (2 minutes by default). */
  lockMs?: number
  /** Jobs taken at a time. */
  batch?: number
}

const MINUTE = 60_000

/** The wait after a failed try: 30 s, doubling, at most an hour, with a tenth of jitter so retries spread out. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 3600_000)
  return Math.round(base * (0.9 + random() * 0.2))
}

/**
 * One process's worker (docs/decisions/029): it asks the shared queue for due jobs of the kinds it can do, runs
 * each with its handler, marks it done, or schedules the next try with backoff until the last, after which the job
 * is kept as failed with its error. It also asks for each periodic job once per period, by a key of that period,
 * so any number of processes asking makes one job.
 */
export function createWorker(options: WorkerOptions) {
  const { queue, handlers, logger } = options
  const now = options.now ?? Date.now
  const lockMs = options.lockMs ?? 2 * MINUTE
  const batch = options.batch ?? 5
  const kinds = Object.keys(handlers)
  const id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`
  let timer: NodeJS.Timeout | undefined
  let running: Promise<number> | undefined
  let stopped = false

  async function run(job: JobRow) {
    const handler = handlers[job.kind]
    const context = { id: job.id, key: job.key, attempt: job.attempts, maxAttempts: job.maxAttempts }
    if (!handler) return
    // A job taken again after its process died may have used up its tries on the way.
    if (job.attempts > job.maxAttempts) {
      await queue.fail(job.id, id, job.lastError ?? 'The process running it stopped before it finished.', null)
      return
    }
    try {
      const result = await handler(job.payload as Record<string, unknown>, context)
      await queue.complete(job.id, id, result)
    } catch (error) {
      if (error instanceof JobDeferred) {
        await queue.defer(job.id, id, error.until)
        return
      }
      const message = error instanceof Error ? error.message : String(error)
      const last = job.attempts >= job.maxAttempts
      await queue.fail(job.id, id, message.slice(0, 2000), last ? null : new Date(now() + backoffMs(job.attempts)))
      const line = { job: job.id, kind: job.kind, attempt: job.attempts, of: job.maxAttempts, err: error }
      if (last) logger.error(line, 'a job failed for the last time and is kept as failed')
      else logger.warn(line, 'a job failed and will be tried again')
    }
  }

  /** Asks for this period's periodic jobs; a period already asked for by any process adds nothing. */
  async function schedulePeriodic() {
    for (const task of options.periodic ?? []) {
      const period = Math.floor(now() / task.everyMs)
      await queue.enqueue({ kind: task.kind, key: `${task.kind}:${period}`, runAt: new Date(period * task.everyMs), maxAttempts: 3 })
    }
  }

  /** Runs due jobs until none is left; answers how many were run. */
  async function drain(): Promise<number> {
    let ran = 0
    await schedulePeriodic()
    for (;;) {
      const taken = await queue.claim(id, kinds, batch, lockMs)
      if (!taken.length) return ran
      for (const job of taken) await run(job)
      ran += taken.length
      if (stopped) return ran
    }
  }

  /** One pass at a time in this process. */
  function tick(): Promise<number> {
    running ??= drain()
      .catch((error: unknown) => {
        logger.error({ err: error }, 'the job queue could not be read')
        return 0
      })
      .finally(() => {
        running = undefined
      })
    return running
  }

  return {
    id,
    /** Runs every due job now (the tests' way of letting time pass), answering how many ran. */
    runDue: tick,
    start() {
      stopped = false
      void tick()
      timer = setInterval(() => void tick(), options.pollMs ?? 1000)
      timer.unref()
    },
    /** Stops asking for jobs and waits for the pass under way, so a graceful stop leaves no job half done. */
    async stop() {
      stopped = true
      if (timer) clearInterval(timer)
      await running
    },
  }
}
export type Worker = ReturnType<typeof createWorker>
