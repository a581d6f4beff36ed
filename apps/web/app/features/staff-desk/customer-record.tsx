import type { MembershipResponse } from '@salon/contracts/memberships'
import type { StaffCustomerPurchase, StaffCustomerResponse } from '@salon/contracts/staff-customers'
import type { CreditResponse } from '@salon/contracts/vouchers'
import type { PhotoIdStatus } from '@salon/contracts/staff-photo-id'
import type { StaffSunbedSafetyResponse } from '@salon/contracts/sunbed-safety'
import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { formatAmount } from '../../lib/format.ts'
import {
  Badge,
  ConfirmDialog,
  dateTime,
  Empty,
  localPhone,
  longDate,
  messageOf,
  Panel,
  StaffPage,
  useStaff,
  useStaffAction,
  type Part,
} from '../staff/public.ts'
import { skinTypeText } from './customer-picker.tsx'
import { deskCalls } from './desk-calls.ts'
import { CreditPanel } from './voucher-desk.tsx'
import { EditDetailsDialog } from './edit-details.tsx'
import { AdjustDialog, RefundDialog } from './owner-corrections.tsx'
import { photoIdCheckedText } from './photo-id.tsx'
import { MembershipPanel } from './membership-panel.tsx'
import { NotesPanel } from './notes-panel.tsx'
import { SafetyPanel } from './safety-panel.tsx'

/** What the owner may refund here (docs/product.md §10.3): a counter sale, or a package bought online; a session's payment goes back with the session. */
const refundable = (p: StaffCustomerPurchase) =>
  p.status === 'succeeded' && p.purpose !== 'session' && (p.provider === 'cash' || p.provider === 'card_terminal' || p.purpose === 'package')

const BOOKING_STATUS: Record<string, { label: string; tone: 'neutral' | 'good' | 'warn' | 'bad' | 'info' }> = {
  pending: { label: 'Awaiting payment', tone: 'warn' },
  booked: { label: 'Booked', tone: 'info' },
  attended: { label: 'Attended', tone: 'good' },
  no_show: { label: 'No-show', tone: 'bad' },
  cancelled: { label: 'Cancelled', tone: 'neutral' },
}
const PROVIDERS: Record<string, string> = { stripe: 'Online card', offline: 'Online card', cash: 'Cash', card_terminal: 'Card terminal' }

/** docs/product.md §10.5: a customer's record: profile, the note an import brought, consents, hold, balance lot by lot, bookings, purchases and history. */
export function CustomerRecord({
  data,
  photoId,
  safety,
  credit,
  membership,
}: {
  data: StaffCustomerResponse
  photoId: Part<PhotoIdStatus>
  safety: Part<StaffSunbedSafetyResponse>
  credit: Part<CreditResponse>
  membership: Part<MembershipResponse>
}) {
  const { isOwner } = useStaff()
  const { customer } = data
  const [adjusting, setAdjusting] = useState(false)
  const [refunding, setRefunding] = useState<StaffCustomerPurchase | null>(null)
  const [editing, setEditing] = useState(false)
  return (
    <StaffPage
      title={customer.name}
      subtitle={
        <span className="flex flex-wrap items-center gap-2">
          {data.blocked && <Badge tone="bad">On hold</Badge>}
          <Badge>{customer.account === 'online' ? 'Online account' : 'Signed up in the salon'}</Badge>
          <span>Customer since {longDate(customer.createdAt.slice(0, 10))}</span>
        </span>
      }
      actions={
        <Link to="/staff/customers/" className="btn-outline min-h-10 px-4 text-sm">
          Back to the search
        </Link>
      }
    >
      <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="flex flex-col gap-5">
          <Panel
            title="Profile"
            actions={
              <button type="button" className="btn-outline min-h-9 px-3 text-sm" onClick={() => setEditing(true)}>
                Edit details
              </button>
            }
          >
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 px-4 py-4 text-sm sm:px-5">
              <dt className="text-cocoa-600">Mobile</dt>
              <dd className="font-medium">{localPhone(customer.phone) || '—'}</dd>
              <dt className="text-cocoa-600">Email</dt>
              <dd className="font-medium break-all">{customer.email ?? '—'}</dd>
              <dt className="text-cocoa-600">Date of birth</dt>
              <dd className="font-medium">{customer.dob ? longDate(customer.dob) : '—'}</dd>
              <dt className="text-cocoa-600">Photo ID</dt>
              <dd className="font-medium">
                <PhotoIdLine status={photoId} />
              </dd>
              <dt className="text-cocoa-600">Skin type</dt>
              <dd className="font-medium">{skinTypeText(customer.skinType)}</dd>
            </dl>
            <EditDetailsDialog customer={customer} open={editing} onClose={() => setEditing(false)} />
          </Panel>
          {customer.note && (
            // docs/product.md §10.5: the note an import brought from the salon's previous system, as it was written there (text, never markup).
            <Panel title="Note from the salon's previous system">
              <p className="px-4 py-4 text-sm break-words whitespace-pre-wrap text-cocoa-900 sm:px-5" data-testid="imported-note">
                {customer.note}
              </p>
            </Panel>
          )}
          <Panel title="Marketing choices">
            <p className="px-4 pt-3 text-xs text-cocoa-600 sm:px-5">The customer's own choices: staff cannot change them.</p>
            <ul className="flex flex-col gap-1 px-4 py-3 text-sm sm:px-5">
              <li>
                Offers from this salon: <strong>{data.consents.appMarketing ? 'yes' : 'no'}</strong>
                {data.consents.appTimestamp && <span className="text-cocoa-600"> (since {dateTime(data.consents.appTimestamp)})</span>}
              </li>
              <li>
                Offers from the group: <strong>{data.consents.masterMarketing ? 'yes' : 'no'}</strong>
                {data.consents.masterTimestamp && <span className="text-cocoa-600"> (since {dateTime(data.consents.masterTimestamp)})</span>}
              </li>
            </ul>
          </Panel>
          <NotesPanel sub={customer.sub} notes={data.notes} />
          <HoldPanel data={data} />
          <SafetyPanel sub={customer.sub} safety={safety} sessions={data.bookings.past} />
          {isOwner && <OwnerTools data={data} />}
        </div>
        <div className="flex flex-col gap-5">
          <MembershipPanel sub={customer.sub} membership={membership} />
          <Panel
            title={`Balance: ${data.balance} min`}
            actions={
              isOwner && (
                <button type="button" className="btn-outline min-h-9 px-3 text-sm" onClick={() => setAdjusting(true)}>
                  Correct the balance
                </button>
              )
            }
          >
            {data.lots.length === 0 ? (
              <Empty title="No minutes bought yet" />
            ) : (
              <ul className="divide-y divide-cocoa-100">
                {data.lots.map((lot) => (
                  <li key={lot.id} className="flex items-center justify-between gap-3 px-4 py-2.5 text-sm sm:px-5">
                    <span className="min-w-0">
                      <span className="block font-semibold text-cocoa-950">{lot.label}</span>
                      <span className="block text-cocoa-600">
                        {lot.expired ? 'Expired' : 'Use by'} {longDate(lot.lastDay)}
                      </span>
                    </span>
                    <span className="text-right tabular-nums">
                      <span className={`block font-semibold ${lot.expired ? 'text-cocoa-600 line-through' : 'text-cocoa-950'}`}>{lot.remaining} min left</span>
                      <span className="block text-cocoa-600">of {lot.minutes}</span>
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Panel>
          <CreditPanel credit={credit} sub={customer.sub} />
          <Panel title="Sessions">
            {data.bookings.upcoming.length + data.bookings.past.length === 0 ? (
              <Empty title="No sessions yet" />
            ) : (
              <ul className="divide-y divide-cocoa-100">
                {[...data.bookings.upcoming, ...data.bookings.past].map((b) => (
                  <li key={b.id} className="flex items-center justify-between gap-3 px-4 py-2.5 text-sm sm:px-5">
                    <span className="min-w-0">
                      <span className="block font-semibold text-cocoa-950">{dateTime(b.startsAt)}</span>
                      <span className="block text-cocoa-600">
                        {b.bed} · {b.minutes} min ·{' '}
                        {b.paidWith === 'balance'
                          ? 'from balance'
                          : b.paidWith === 'in_salon'
                            ? 'pay in salon'
                            : b.paidWith === 'membership'
                              ? 'membership'
                              : b.paidWith === 'credit'
                                ? 'gift voucher credit'
                                : 'card'}
                      </span>
                    </span>
                    <Badge tone={BOOKING_STATUS[b.status]?.tone ?? 'neutral'}>{BOOKING_STATUS[b.status]?.label ?? b.status}</Badge>
                  </li>
                ))}
              </ul>
            )}
          </Panel>
          <Panel title="Purchases">
            {data.purchases.length === 0 ? (
              <Empty title="No purchases yet" />
            ) : (
              <ul className="divide-y divide-cocoa-100">
                {data.purchases.map((p) => (
                  <li key={p.paymentId} className="flex flex-wrap items-center justify-between gap-3 px-4 py-2.5 text-sm sm:px-5">
                    <span className="min-w-0">
                      <span className="block font-semibold text-cocoa-950">{p.description}</span>
                      <span className="block text-cocoa-600">
                        {dateTime(p.at)} · {PROVIDERS[p.provider] ?? p.provider}
                        {p.promoCode && ` · ${p.promoCode}`}
                        {p.recordedBy && ` · by ${p.recordedBy}`}
                      </span>
                    </span>
                    <span className="flex items-center gap-2">
                      <span className="font-semibold tabular-nums">{formatAmount(p.amountPence)}</span>
                      {p.status !== 'succeeded' && <Badge tone={p.status === 'refunded' ? 'neutral' : 'warn'}>{p.status}</Badge>}
                      {(p.status === 'succeeded' || p.status === 'refunded') && (
                        <Link to={`/staff/receipts/${p.paymentId}/`} className="btn-outline min-h-9 px-3 text-sm" aria-label={`Receipt for ${p.description}`}>
                          Receipt
                        </Link>
                      )}
                      {isOwner && refundable(p) && (
                        <button type="button" className="btn-outline min-h-9 px-3 text-sm" onClick={() => setRefunding(p)}>
                          Refund
                        </button>
                      )}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Panel>
          <Panel title="History">
            {data.ledger.length === 0 ? (
              <Empty title="Nothing yet" />
            ) : (
              <ul className="divide-y divide-cocoa-100">
                {data.ledger.map((entry) => (
                  <li key={entry.id} className="flex items-start justify-between gap-3 px-4 py-2.5 text-sm sm:px-5">
                    <span className="min-w-0">
                      <span className="block text-cocoa-950">{entry.description}</span>
                      <span className="block text-cocoa-600">
                        {dateTime(entry.at)}
                        {entry.recordedBy && ` · ${entry.recordedBy}`}
                        {entry.reason && ` · “${entry.reason}”`}
                      </span>
                    </span>
                    <span className={`shrink-0 font-semibold tabular-nums ${entry.minutes < 0 ? 'text-cocoa-700' : 'text-emerald-800'}`}>
                      {entry.minutes > 0 ? '+' : ''}
                      {entry.minutes} min
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Panel>
        </div>
      </div>
      <AdjustDialog customer={adjusting ? customer : null} onClose={() => setAdjusting(false)} />
      <RefundDialog
        sale={
          refunding && {
            paymentId: refunding.paymentId,
            description: refunding.description,
            amountPence: refunding.amountPence,
            method: refunding.provider,
            minutes: refunding.purpose === 'package' || refunding.purpose === 'minutes',
          }
        }
        onClose={() => setRefunding(null)}
      />
    </StaffPage>
  )
}

function HoldPanel({ data }: { data: StaffCustomerResponse }) {
  const { isOwner } = useStaff()
  const action = useStaffAction()
  const [asking, setAsking] = useState(false)
  const sub = data.customer.sub
  async function block(reason: string) {
    await action.run(() => deskCalls.block(sub, reason), { success: `${data.customer.name} is on hold: booking and buying online are refused.` })
    setAsking(false)
  }
  async function unblock() {
    await action.run(() => deskCalls.unblock(sub), { success: `${data.customer.name} is no longer on hold.` })
    setAsking(false)
  }
  if (!data.blocked && !isOwner) return null
  return (
    <Panel title="On hold">
      <div className="flex flex-col items-start gap-3 px-4 py-4 text-sm sm:px-5">
        {data.blocked ? (
          <p className="text-red-900">
            On hold since {dateTime(data.blocked.at)}
            {data.blocked.reason && <>: “{data.blocked.reason}”</>}. They cannot book or buy online; the counter can still sell to them.
          </p>
        ) : (
          <p className="text-cocoa-700">Not on hold. A customer on hold cannot book or buy online.</p>
        )}
        {isOwner && (
          <button type="button" className="btn-outline min-h-10 px-4 text-sm" onClick={() => setAsking(true)}>
            {data.blocked ? 'Take off hold' : 'Put on hold'}
          </button>
        )}
      </div>
      <ConfirmDialog
        open={asking}
        title={data.blocked ? `Take ${data.customer.name} off hold?` : `Put ${data.customer.name} on hold?`}
        message={
          data.blocked ? (
            <p>They will be able to book and buy online again.</p>
          ) : (
            <p>
              They will be refused when they book or buy online, and told "Your account is on hold. Please contact the salon." The reason is yours: they never
              see it.
            </p>
          )
        }
        confirmLabel={data.blocked ? 'Take off hold' : 'Put on hold'}
        danger={!data.blocked}
        reasonLabel={data.blocked ? undefined : 'Reason (kept in the audit log)'}
        busy={action.busy}
        onConfirm={(reason) => void (data.blocked ? unblock() : block(reason))}
        onClose={() => setAsking(false)}
      />
    </Panel>
  )
}

function OwnerTools({ data }: { data: StaffCustomerResponse }) {
  const { notify } = useStaff()
  const action = useStaffAction()
  const navigate = useNavigate()
  const [erasing, setErasing] = useState(false)
  const [downloading, setDownloading] = useState(false)
  const sub = data.customer.sub
  async function download() {
    setDownloading(true)
    try {
      const { blob } = await deskCalls.exportCustomer(sub)
      const url = URL.createObjectURL(blob)
      const link = document.createElement('a')
      link.href = url
      link.download = `customer-${sub}.json`
      link.click()
      setTimeout(() => URL.revokeObjectURL(url), 10_000)
    } catch (error) {
      notify({ kind: 'error', message: messageOf(error) })
    } finally {
      setDownloading(false)
    }
  }
  async function erase(reason: string) {
    const answer = await action.run(() => deskCalls.erase(sub, reason))
    setErasing(false)
    if (answer) {
      notify({ kind: 'success', message: answer.message })
      await navigate('/staff/customers/', { replace: true })
    }
  }
  return (
    <Panel title="Their data">
      <div className="flex flex-col items-start gap-3 px-4 py-4 text-sm sm:px-5">
        <p className="text-cocoa-700">A customer may ask for a copy of what the salon holds about them, or for it to be erased.</p>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn-outline min-h-10 px-4 text-sm" onClick={() => void download()} disabled={downloading}>
            Download their data
          </button>
          <button
            type="button"
            className="btn min-h-10 border border-red-300 bg-white px-4 text-sm text-red-800 hover:bg-red-50"
            onClick={() => setErasing(true)}
          >
            Erase on request
          </button>
        </div>
      </div>
      <ConfirmDialog
        open={erasing}
        title={`Erase ${data.customer.name}?`}
        message={
          <p>
            Their name, mobile number, email, date of birth and marketing choices are erased for good, and their online account is deleted unless another salon
            still holds them. Their sessions and payments stay, without their name, so the salon's records still add up. This cannot be undone.
          </p>
        }
        confirmLabel="Erase their details"
        danger
        reasonLabel="Reason (kept in the audit log)"
        busy={action.busy}
        onConfirm={(reason) => void erase(reason)}
        onClose={() => setErasing(false)}
      />
    </Panel>
  )
}

/** docs/product.md §10.5: the photo-ID check the desk recorded, or that none has been made yet. */
function PhotoIdLine({ status }: { status: Part<PhotoIdStatus> }) {
  if (status.status === 'error') return <>{status.message}</>
  return <>{status.data.check ? photoIdCheckedText(status.data.check) : 'Not checked yet: the desk asks at the next booking or sale'}</>
}
