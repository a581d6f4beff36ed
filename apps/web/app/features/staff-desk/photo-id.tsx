import { PHOTO_ID_DOCUMENTS, PHOTO_ID_LABELS, type PhotoIdDocument } from '@salon/contracts/rules/photo-id'
import type { PhotoIdCheck, PhotoIdStatus } from '@salon/contracts/staff-photo-id'
import { MONTHS, ukWallClock } from '@salon/contracts/uk-calendar'
import { useId } from 'react'
import { lookupAnswer, useStaffLookup } from '../staff/public.ts'
import { deskCalls } from './desk-calls.ts'

/** "3 March 2026", in UK time. */
function dayOf(iso: string) {
  const at = ukWallClock(new Date(iso))
  return `${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()}`
}

/** "Photo ID checked: Passport, 3 March 2026, by Amy Jones" (the kind of document is gone once the customer was erased). */
export function photoIdCheckedText(check: PhotoIdCheck) {
  return `Photo ID checked: ${check.document ? `${PHOTO_ID_LABELS[check.document]}, ` : ''}${dayOf(check.at)}, by ${check.by.name}`
}

/** The route that answers a customer's photo-ID status to the forms' fetchers. */
const photoIdPath = (sub: string) => `/staff/customers/${encodeURIComponent(sub)}/photo-id/`

/** That route's loader: whether the desk must check the customer's photo ID (GET /api/staff/customers/{sub}/photo-id). */
export const photoIdLookup = (request: Request, sub: string) => lookupAnswer(request, deskCalls.photoId(sub))

/** The request's part for the document chosen: nothing until one is. */
export const idCheckOf = (document: PhotoIdDocument | '') => (document ? { idCheck: { document } } : {})

/**
 * The desk's photo-ID check (docs/product.md §10.2, §10.3): for a customer whose date of birth no check has confirmed
 * (someone new always), a select of the kind of document seen, which the booking or sale then records; for one
 * checked before, the check that was made. Never the document's number.
 */
export function PhotoIdField({
  sub,
  value,
  onChange,
}: {
  /** The customer chosen; null for someone new, who is always checked. */
  sub: string | null
  value: PhotoIdDocument | ''
  onChange: (document: PhotoIdDocument | '') => void
}) {
  const lookup = useStaffLookup<PhotoIdStatus>(sub === null ? null : photoIdPath(sub))
  const status = lookup.part?.status === 'ready' ? lookup.part.data : undefined
  const id = useId()
  if (lookup.loading) return <p className="text-sm text-cocoa-600">Looking for a photo-ID check…</p>
  if (status && !status.needed && status.check) {
    return <p className="rounded-xl bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-900">{photoIdCheckedText(status.check)}</p>
  }
  return (
    <div className="flex flex-col gap-1.5 rounded-xl border border-amber-200 bg-amber-50 p-3">
      <label htmlFor={id} className="text-sm font-semibold text-cocoa-800">
        Photo ID seen
      </label>
      <p id={`${id}-help`} className="text-sm text-cocoa-700">
        Their date of birth has not been checked yet: UK law requires us to check they are 18 or over. Choose the document you saw; never write down its number.
      </p>
      <select
        id={id}
        name="idCheck"
        className="field-input"
        value={value}
        onChange={(event) => onChange(event.target.value as PhotoIdDocument | '')}
        aria-describedby={`${id}-help`}
        required
      >
        <option value="" disabled>
          Choose the document…
        </option>
        {PHOTO_ID_DOCUMENTS.map((document) => (
          <option key={document} value={document}>
            {PHOTO_ID_LABELS[document]}
          </option>
        ))}
      </select>
    </div>
  )
}
