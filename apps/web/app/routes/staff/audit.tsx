import type { AuditEntry, AuditFlag, AuditResponse } from '@salon/contracts/staff'
import { useState } from 'react'
import { Spinner } from '../../components/ui/spinner.tsx'
import {
  Badge,
  dateTime,
  Empty,
  LoadError,
  Loading,
  messageOf,
  OwnerOnly,
  Panel,
  query,
  StaffPage,
  staffApi,
  staffMeta,
  useStaffData,
} from '../../features/staff/public.ts'
import type { Route } from './+types/audit'

export const meta: Route.MetaFunction = () => staffMeta('Audit log')

/** How the page names each flag the server puts on an entry for the owner to look at. */
const FLAG_WORDS: Record<AuditFlag, string> = {
  'sold-to-self': 'Flagged: sold to themselves',
  'below-price-list': 'Flagged: below the price list',
}

type AuditFilter = 'all' | 'flagged'

/** docs/product.md §10.8: every change staff made, newest first, fifty at a time; or only the flagged ones. */
export default function StaffAudit() {
  return (
    <OwnerOnly>
      <AuditPage />
    </OwnerOnly>
  )
}

function AuditPage() {
  const [filter, setFilter] = useState<AuditFilter>('all')
  return (
    <StaffPage
      title="Audit log"
      subtitle="Every change made in the staff pages: who, when, what, and why. Newest first."
      actions={<AuditFilterTabs filter={filter} onChange={setFilter} />}
    >
      <AuditList key={filter} flagged={filter === 'flagged'} />
    </StaffPage>
  )
}

function AuditFilterTabs({ filter, onChange }: { filter: AuditFilter; onChange: (filter: AuditFilter) => void }) {
  return (
    <div role="tablist" aria-label="Which entries" className="flex w-full gap-1 rounded-full bg-cocoa-100/70 p-1 sm:w-auto">
      {(
        [
          ['all', 'All changes'],
          ['flagged', 'Flagged'],
        ] as const
      ).map(([value, label]) => (
        <button
          key={value}
          type="button"
          role="tab"
          aria-selected={filter === value}
          onClick={() => onChange(value)}
          className={`min-h-11 flex-1 rounded-full px-5 text-sm font-semibold whitespace-nowrap sm:flex-none ${filter === value ? 'bg-white text-cocoa-950 shadow-sm' : 'text-cocoa-700'}`}
        >
          {label}
        </button>
      ))}
    </div>
  )
}

function AuditList({ flagged }: { flagged: boolean }) {
  const only = flagged ? 'true' : undefined
  const first = useStaffData<AuditResponse>(`staff/audit${query({ flagged: only })}`)
  const [more, setMore] = useState<AuditEntry[]>([])
  const [next, setNext] = useState<number | null | undefined>(undefined)
  const [loadingMore, setLoadingMore] = useState(false)
  const [moreError, setMoreError] = useState<string | null>(null)
  const nextBefore = next === undefined ? first.data?.nextBefore : next
  async function loadMore() {
    if (!nextBefore) return
    setLoadingMore(true)
    setMoreError(null)
    try {
      const page = await staffApi.get<AuditResponse>(`staff/audit${query({ before: nextBefore, flagged: only })}`)
      setMore((entries) => [...entries, ...page.entries])
      setNext(page.nextBefore)
    } catch (error) {
      setMoreError(messageOf(error))
    } finally {
      setLoadingMore(false)
    }
  }
  const entries = [...(first.data?.entries ?? []), ...more]
  return (
    <>
      {first.error && <LoadError message={first.error} onRetry={first.reload} />}
      {!first.data && !first.error && <Loading what="the audit log" />}
      {first.data && (
        <Panel>
          {entries.length === 0 ? (
            flagged ? (
              <Empty title="Nothing is flagged">
                A sale at the counter that only you may make, to the member of staff themselves or further below the price list than staff may sell, appears
                here.
              </Empty>
            ) : (
              <Empty title="Nothing has been changed yet">Changes made in the staff pages appear here.</Empty>
            )
          ) : (
            <ol className="divide-y divide-cocoa-100">
              {entries.map((entry) => (
                <AuditRow key={entry.id} entry={entry} />
              ))}
            </ol>
          )}
          {(nextBefore || moreError) && (
            <div className="flex flex-col items-center gap-2 border-t border-cocoa-100 px-4 py-4">
              {moreError && (
                <p role="alert" className="font-medium text-red-800">
                  {moreError}
                </p>
              )}
              {nextBefore && (
                <button type="button" className="btn-outline" onClick={() => void loadMore()} disabled={loadingMore}>
                  {loadingMore && <Spinner label="Loading" />}
                  Load more
                </button>
              )}
            </div>
          )}
        </Panel>
      )}
    </>
  )
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const [open, setOpen] = useState(false)
  const hasDetail = entry.before !== null || entry.after !== null
  return (
    <li className="px-4 py-3 sm:px-5" data-testid="audit-entry">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="font-mono text-sm font-semibold text-cocoa-950">{entry.action}</span>
        <span className="text-sm text-cocoa-600">
          {entry.subjectType}
          {entry.subjectId ? ` ${entry.subjectId.length > 12 ? `${entry.subjectId.slice(0, 8)}…` : entry.subjectId}` : ''}
        </span>
        <span className="ml-auto text-sm text-cocoa-600">{dateTime(entry.at)}</span>
      </div>
      <p className="mt-1 text-sm text-cocoa-800">
        {entry.actorName} <Badge>{entry.actorRole === 'owner' ? 'Owner' : entry.actorRole === 'system' ? 'Automatic' : 'Staff'}</Badge>
        {entry.reason && <span className="ml-2 text-cocoa-700">Reason: “{entry.reason}”</span>}
      </p>
      {entry.flags.length > 0 && (
        <p className="mt-1 flex flex-wrap gap-1.5">
          {entry.flags.map((flag) => (
            <Badge key={flag} tone="warn">
              {FLAG_WORDS[flag]}
            </Badge>
          ))}
        </p>
      )}
      {hasDetail && (
        <div className="mt-1">
          <button
            type="button"
            className="text-sm font-semibold text-brand-teal underline-offset-2 hover:underline"
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
          >
            {open ? 'Hide the details' : 'Show before and after'}
          </button>
          {open && (
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              <Snapshot label="Before" value={entry.before} />
              <Snapshot label="After" value={entry.after} />
            </div>
          )}
        </div>
      )}
    </li>
  )
}

function Snapshot({ label, value }: { label: string; value: unknown }) {
  return (
    <div className="min-w-0 rounded-xl bg-stone-50 p-3">
      <p className="text-xs font-semibold tracking-wide text-cocoa-600 uppercase">{label}</p>
      <pre className="mt-1 overflow-x-auto text-xs whitespace-pre-wrap text-cocoa-900">
        {value === null || value === undefined ? '—' : JSON.stringify(value, null, 2)}
      </pre>
    </div>
  )
}
