import { useState } from 'react'
import { ApiError } from '../../lib/api.ts'
import { messageOf } from '../staff/public.ts'

/** A refused booking or move: the server's words, and whether the owner may let it past a rule (docs/product.md §10.2). */
export interface Refusal {
  message: string
  overridable: boolean
}

export function refusalOf(error: unknown): Refusal {
  const body = error instanceof ApiError ? (error.body as { overridable?: unknown } | null) : null
  return { message: messageOf(error), overridable: body?.overridable === true }
}

/** The owner's choice to let a booking past a rule, with the reason; null until they choose it. */
export function useOverride() {
  const [chosen, setChosen] = useState(false)
  const [reason, setReason] = useState('')
  return {
    chosen,
    reason,
    setChosen,
    setReason,
    reset: () => {
      setChosen(false)
      setReason('')
    },
    /** What to send: `{ override: { reason } }` once chosen, nothing otherwise. */
    body: (): { override?: { reason: string } } => (chosen ? { override: { reason: reason.trim() } } : {}),
  }
}

/** Why the server refused; for the owner and a rule that may be let past, the choice to override it with a reason. */
export function RefusalBox({ refusal, isOwner, override }: { refusal: Refusal; isOwner: boolean; override: ReturnType<typeof useOverride> }) {
  return (
    <div role="alert" className="flex flex-col gap-3 rounded-xl bg-red-50 px-4 py-3 text-red-900">
      <p className="font-medium">{refusal.message}</p>
      {isOwner && refusal.overridable && (
        <>
          <label className="flex items-center gap-2 font-semibold">
            <input type="checkbox" className="size-4 accent-red-700" checked={override.chosen} onChange={(event) => override.setChosen(event.target.checked)} />
            Override this rule
          </label>
          {override.chosen && (
            <label className="flex flex-col gap-1.5">
              <span className="text-sm font-semibold">Why it is safe to book anyway (kept in the audit log)</span>
              <textarea className="field-input min-h-20" maxLength={500} value={override.reason} onChange={(event) => override.setReason(event.target.value)} />
            </label>
          )}
        </>
      )}
    </div>
  )
}
