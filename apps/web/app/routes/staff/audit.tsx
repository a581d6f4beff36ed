import type { AuditEntry, AuditFlag, AuditResponse } from '@salon/contracts/staff'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { SegmentedControl } from '../../components/ui/segmented-control.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { manageCalls } from '../../features/staff-manage/public.ts'
import { Badge, dateTime, Empty, messageOf, OwnerOnly, Panel, Ready, StaffPage, staffMeta, ownerPart, type Part } from '../../features/staff/public.ts'
import type { Route } from './+types/audit'

export const meta: Route.MetaFunction = () => staffMeta('Audit log')

/** How the page names each flag the server puts on an entry for the owner to look at. */
const FLAG_WORDS: Record<AuditFlag, string> = {
  'sold-to-self': 'Flagged: sold to themselves',
  'below-price-list': 'Flagged: below the price list',
}

type AuditFilter = 'all' | 'flagged'

/** docs/product.md §10.8: every change staff made, newest first, fifty at a time; or only the flagged ones. */
export default function StaffAudit({ loaderData }: Route.ComponentProps) {
  return (
    <OwnerOnly>
      <AuditPage {...loaderData} />
    </OwnerOnly>
  )
}

/** The newest fifty entries, all or only the flagged ones (?flagged=true); loaded again when the filter changes. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const flagged = new URL(request.url).searchParams.get('flagged') === 'true'
  return { flagged, first: await ownerPart(request, () => manageCalls.audit(flagged)) }
}

function AuditPage({ flagged, first }: { flagged: boolean; first: Part<AuditResponse> }) {
  const [, setParams] = useSearchParams()
  const filter: AuditFilter = flagged ? 'flagged' : 'all'
  const setFilter = (next: AuditFilter) => setParams(next === 'flagged' ? { flagged: 'true' } : {}, { replace: true })
  return (
    <StaffPage
      title="Audit log"
      subtitle="Every change made in the staff pages: who, when, what, and why. Newest first."
      actions={<AuditFilterTabs filter={filter} onChange={setFilter} />}
    >
      <Ready part={first}>{(page) => <AuditList key={filter} flagged={flagged} first={page} />}</Ready>
    </StaffPage>
  )
}

function AuditFilterTabs({ filter, onChange }: { filter: AuditFilter; onChange: (filter: AuditFilter) => void }) {
  return (
    <SegmentedControl
      label="Which entries"
      className="w-full sm:w-auto"
      segments={[
        { value: 'all', label: 'All changes' },
        { value: 'flagged', label: 'Flagged' },
      ]}
      value={filter}
      onChange={onChange}
    />
  )
}

/** The first page, and the older pages the owner asks for (a click, not a page's load: kept here until the filter changes). */
function AuditList({ flagged, first }: { flagged: boolean; first: AuditResponse }) {
  const [more, setMore] = useState<AuditEntry[]>([])
  const [next, setNext] = useState<number | null | undefined>(undefined)
  const [loadingMore, setLoadingMore] = useState(false)
  const [moreError, setMoreError] = useState<string | null>(null)
  const nextBefore = next === undefined ? first.nextBefore : next
  async function loadMore() {
    if (!nextBefore) return
    setLoadingMore(true)
    setMoreError(null)
    try {
      const page = await manageCalls.audit(flagged, nextBefore)
      setMore((entries) => [...entries, ...page.entries])
      setNext(page.nextBefore)
    } catch (error) {
      setMoreError(messageOf(error))
    } finally {
      setLoadingMore(false)
    }
  }
  const entries = [...first.entries, ...more]
  return (
    <>
      {
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
      }
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
