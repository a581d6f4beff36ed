import type { StaffReactionsResponse } from '@salon/contracts/sunbed-safety'
import { useState } from 'react'
import { Link } from 'react-router'
import { Badge, dateTime, Empty, localPhone, longDate, Panel } from '../staff/public.ts'
import { deskCalls } from './desk-calls.ts'
import { ClearanceDialog, REACTION_CLEARANCE, type Clearing } from './safety-panel.tsx'

type Reaction = StaffReactionsResponse['reactions'][number]

const KINDS: Record<string, string> = { redness: 'redness', itching: 'itching', soreness: 'soreness' }

/**
 * docs/product.md §4.15, §10.5: the skin reactions customers reported online or told the desk about, newest first;
 * itching after a first session waits for a member of staff to clear it after speaking with the customer.
 */
export function SkinReactionsList({ reactions }: { reactions: Reaction[] }) {
  const [clearing, setClearing] = useState<Clearing | null>(null)
  if (reactions.length === 0) {
    return (
      <Panel>
        <Empty title="No skin reactions">When a customer reports a reaction online, or tells the desk about one, it is listed here.</Empty>
      </Panel>
    )
  }
  return (
    <Panel title={`${reactions.length} ${reactions.length === 1 ? 'reaction' : 'reactions'}, newest first`}>
      <ul className="divide-y divide-cocoa-100">
        {reactions.map((r) => {
          const waiting = r.needsClearance && !r.cleared
          return (
            <li key={r.id} className="flex flex-col gap-1.5 px-4 py-3 text-sm sm:px-5">
              <div className="flex flex-wrap items-center gap-2">
                <Link
                  to={`/staff/customers/${encodeURIComponent(r.customer.sub)}/`}
                  className="font-semibold text-cocoa-900 underline-offset-2 hover:underline"
                >
                  {r.customer.name}
                </Link>
                {r.customer.phone && <span className="text-cocoa-600">{localPhone(r.customer.phone)}</span>}
                {waiting ? <Badge tone="bad">Waiting for clearance</Badge> : r.cleared ? <Badge tone="good">Cleared</Badge> : null}
              </div>
              <p className="text-cocoa-800">
                After the session on {longDate(r.sessionDate)}: {r.kinds.map((k) => KINDS[k] ?? k).join(', ')}
                {r.note && ` (“${r.note}”)`}. No session before {longDate(r.pausedUntil)}.
              </p>
              <p className="text-cocoa-600">
                {r.reportedBy ? `Recorded at the desk by ${r.reportedBy}` : 'Reported online by the customer'}, {dateTime(r.reportedAt)}.
                {r.cleared && ` Cleared by ${r.cleared.by}: “${r.cleared.reason}”.`}
              </p>
              {waiting && (
                <button
                  type="button"
                  className="btn-outline min-h-10 self-start px-4 text-sm"
                  onClick={() =>
                    setClearing({ clear: (reason) => deskCalls.clearSkinReaction(r.id, reason), title: REACTION_CLEARANCE, keptWith: 'the reaction' })
                  }
                >
                  Clear after speaking with them
                </button>
              )}
            </li>
          )
        })}
      </ul>
      <ClearanceDialog clearing={clearing} onClose={() => setClearing(null)} />
    </Panel>
  )
}
