import type { Database } from '@salon/db'
import type { JobQueue } from './lib/job-queue.ts'
import { createMetrics, type MeasuredGauge } from './lib/metrics.ts'
import type { createReportsModule } from './modules/reports/public.ts'

/**
 * The server's metrics (GET /metrics, docs/operations.md): requests as they are answered, and what is read from the
 * database when Prometheus asks: the job queue by kind, messages and payments by how they stand, and PostgreSQL's
 * connection pool.
 */
export function appMetrics(deps: {
  database: Database
  queue: JobQueue
  operations: ReturnType<typeof createReportsModule>['operations']
  processMetrics?: boolean
}) {
  const queueStats = () => deps.queue.stats()
  const byKind = (pick: (row: Awaited<ReturnType<JobQueue['stats']>>[number]) => number) => async () =>
    (await queueStats()).map((row) => ({ labels: { kind: row.kind }, value: pick(row) }))
  const gauges: MeasuredGauge[] = [
    { name: 'salon_jobs_due', help: 'Jobs waiting whose time has come, by kind.', labelNames: ['kind'], read: byKind((row) => row.due) },
    { name: 'salon_jobs_running', help: 'Jobs being done now, by kind.', labelNames: ['kind'], read: byKind((row) => row.running) },
    {
      name: 'salon_jobs_failed',
      help: 'Jobs that gave up after their last try and wait for the salon, by kind.',
      labelNames: ['kind'],
      read: byKind((row) => row.failed),
    },
    {
      name: 'salon_jobs_oldest_due_seconds',
      help: 'How long the oldest due job has waited, by kind: it grows when no worker empties the queue.',
      labelNames: ['kind'],
      read: byKind((row) => row.oldestDueSeconds),
    },
    {
      name: 'salon_messages',
      help: 'Texts and emails to customers, by channel and how they stand (sending, sent, delivered, failed, skipped).',
      labelNames: ['channel', 'status'],
      read: deps.operations.messageCounts,
    },
    {
      name: 'salon_payments',
      help: 'Payments, by provider, purpose and how they stand.',
      labelNames: ['provider', 'purpose', 'status'],
      read: deps.operations.paymentCounts,
    },
  ]
  return createMetrics({ processMetrics: deps.processMetrics, gauges: [...gauges, ...poolGauges(deps.database)] })
}

/** PostgreSQL's connection pool in this process, for the metrics; none on the embedded database. */
export function poolGauges(database: Database): MeasuredGauge[] {
  const pool = database.pool
  if (!pool) return []
  return [
    {
      name: 'salon_database_connections',
      help: "PostgreSQL's connection pool in this process: total, idle, and requests waiting for a connection.",
      labelNames: ['state'],
      read: () => {
        const { total, idle, waiting } = pool()
        return [
          { labels: { state: 'total' }, value: total },
          { labels: { state: 'idle' }, value: idle },
          { labels: { state: 'waiting' }, value: waiting },
        ]
      },
    },
  ]
}
