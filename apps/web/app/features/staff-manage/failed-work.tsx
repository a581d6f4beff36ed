import type { FailedJobsResponse } from '@salon/contracts/staff-jobs'
import { dateTime, Empty, NoticeLine, Panel, useFormAction, type Part } from '../staff/public.ts'
import { manageCalls } from './manage-calls.ts'

/**
 * docs/operations.md "Work that failed": messages, receipts, refunds and renewals the server gave up on after every
 * try, with why, each with "Try again" (GET /api/staff/jobs/failed, POST /api/staff/jobs/{id}/retry).
 */
export function FailedWorkPanel({ work }: { work: Part<FailedJobsResponse> }) {
  const retry = useFormAction()
  if (work.status === 'error') return null
  const { jobs } = work.data
  return (
    <Panel
      variant="section"
      id="failed-work"
      title="Work that failed"
      description="Messages, receipts, refunds and renewals the server tried several times and gave up on. Fix the cause (a provider’s account, a card), then try again."
    >
      {jobs.length === 0 ? (
        <Empty>Nothing has failed. Everything the server was asked to do later has been done or is waiting its turn.</Empty>
      ) : (
        <ul className="flex flex-col divide-y divide-cocoa-100 rounded-xl border border-cocoa-100">
          {jobs.map((job) => (
            <li key={job.id} className="flex flex-wrap items-start justify-between gap-3 px-4 py-3">
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-cocoa-900">{job.what}</p>
                <p className="text-sm text-cocoa-600">
                  Gave up {dateTime(job.failedAt)} after {job.tries} {job.tries === 1 ? 'try' : 'tries'}
                </p>
                {job.error ? <p className="mt-1 text-sm break-words text-red-800">{job.error}</p> : null}
              </div>
              <button
                type="button"
                className="btn-outline shrink-0"
                disabled={retry.pending}
                aria-label={`Try again: ${job.what}, failed ${dateTime(job.failedAt)}`}
                onClick={() =>
                  void retry.run(
                    () => manageCalls.retryWork(job.id),
                    (answer) => answer.message,
                  )
                }
              >
                Try again
              </button>
            </li>
          ))}
        </ul>
      )}
      {retry.notice && (
        <div className="mt-3">
          <NoticeLine notice={retry.notice} />
        </div>
      )}
    </Panel>
  )
}
