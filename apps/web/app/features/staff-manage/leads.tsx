import type { Lead, LeadHandledRequest, LeadsResponse } from '@salon/contracts/staff-reports'
import { useState } from 'react'
import { SegmentedControl } from '../../components/ui/segmented-control.tsx'
import { manageCalls } from './manage-calls.ts'
import { momentText } from './dates.ts'
import { Badge, Empty, NoticeLine, useFormAction } from '../staff/public.ts'

export type LeadsFilter = 'waiting' | 'handled'

/** The leads shown: ?handled=true for those handled, else those still waiting. */
export const leadsFilterOf = (url: string): LeadsFilter => (new URL(url).searchParams.get('handled') === 'true' ? 'handled' : 'waiting')

/** The filter between leads still waiting and those handled, as two tabs. */
export function LeadsFilterTabs({ filter, onChange }: { filter: LeadsFilter; onChange: (filter: LeadsFilter) => void }) {
  return (
    <SegmentedControl
      label="Which leads"
      className="w-full sm:w-auto"
      segments={[
        { value: 'waiting', label: 'To handle' },
        { value: 'handled', label: 'Handled' },
      ]}
      value={filter}
      onChange={onChange}
    />
  )
}

/**
 * The offers popup's sign-ups and the contact form's messages, newest first: who, how to reach them, what they
 * wrote or agreed to, and a button to mark each handled (or back to waiting). Older pages load on request.
 */
export function LeadsList({ first, filter }: { first: LeadsResponse; filter: LeadsFilter }) {
  const [older, setOlder] = useState<{ leads: Lead[]; nextBefore: string | null } | null>(null)
  const [loadingOlder, setLoadingOlder] = useState(false)
  const [olderError, setOlderError] = useState<string | null>(null)
  // After a change the first page is loaded again; the older pages shown are dropped.
  const action = useFormAction(() => setOlder(null))
  const leads = [...first.leads, ...(older?.leads ?? [])]
  const nextBefore = older ? older.nextBefore : first.nextBefore

  async function loadOlder() {
    if (!nextBefore) return
    setLoadingOlder(true)
    setOlderError(null)
    try {
      const page = await manageCalls.leads(filter === 'handled', nextBefore)
      setOlder((o) => ({ leads: [...(o?.leads ?? []), ...page.leads], nextBefore: page.nextBefore }))
    } catch (failure) {
      setOlderError(failure instanceof Error ? failure.message : 'The older leads could not be loaded.')
    } finally {
      setLoadingOlder(false)
    }
  }

  const mark = (lead: Lead, handled: boolean) => {
    const request: LeadHandledRequest = { handled }
    void action.run(
      () => manageCalls.markLead(lead.kind, lead.id, request),
      handled ? `${lead.name} marked handled.` : `${lead.name} is back on the list to handle.`,
    )
  }

  return (
    <div className="flex flex-col gap-3">
      <NoticeLine notice={action.notice} />
      {leads.length === 0 ? (
        <Empty>{filter === 'waiting' ? 'Nothing to handle: every sign-up and message has been dealt with.' : 'Nothing handled yet.'}</Empty>
      ) : (
        <ul className="flex flex-col gap-3">
          {leads.map((lead) => (
            <li key={`${lead.kind}-${lead.id}`} className="card flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between sm:p-5">
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="text-lg font-semibold text-cocoa-950">{lead.name}</span>
                  {lead.kind === 'offer' ? <Badge tone="warn">Offers sign-up</Badge> : <Badge tone="neutral">Message</Badge>}
                </p>
                <p className="text-sm text-cocoa-600">{momentText(lead.at)}</p>
                <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
                  {lead.phone && (
                    <a className="font-semibold text-brand-teal underline underline-offset-2" href={`tel:${lead.phone.replace(/\s+/g, '')}`}>
                      {lead.phone}
                    </a>
                  )}
                  {lead.email && (
                    <a className="font-semibold break-all text-brand-teal underline underline-offset-2" href={`mailto:${lead.email}`}>
                      {lead.email}
                    </a>
                  )}
                </p>
                {lead.message && <p className="mt-3 rounded-xl bg-cocoa-50 px-3 py-2 whitespace-pre-line text-cocoa-800">{lead.message}</p>}
                {lead.consentText && <p className="mt-2 text-xs text-cocoa-600">Agreed to: “{lead.consentText}”</p>}
                {lead.handledAt && (
                  <p className="mt-2 text-sm text-emerald-800">
                    Handled {momentText(lead.handledAt)}
                    {lead.handledBy ? ` by ${lead.handledBy}` : ''}
                  </p>
                )}
              </div>
              <button
                type="button"
                className={`${lead.handledAt ? 'btn-outline' : 'btn-teal'} shrink-0`}
                disabled={action.pending}
                onClick={() => mark(lead, !lead.handledAt)}
                // Which lead, for a screen reader: the name follows the words shown, as WCAG 2.2 asks (2.5.3).
                aria-label={`${lead.handledAt ? 'Not handled' : 'Mark handled'}: ${lead.name}`}
              >
                {lead.handledAt ? 'Not handled' : 'Mark handled'}
              </button>
            </li>
          ))}
        </ul>
      )}
      {olderError && <NoticeLine notice={{ kind: 'error', text: olderError }} />}
      {nextBefore && (
        <button type="button" className="btn-outline self-center" onClick={() => void loadOlder()} disabled={loadingOlder}>
          {loadingOlder ? 'Loading…' : 'Show older'}
        </button>
      )}
    </div>
  )
}
