import type { Membership, MembershipCheckout, MembershipResponse } from '@salon/contracts/memberships'
import { useState, type ReactNode } from 'react'
import { SelectField } from '../../components/ui/field.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { formatAmount, formatPence } from '../../lib/format.ts'
import { membershipCalls } from './membership-calls.ts'
import { MembershipPay } from './membership-pay.tsx'
import { allowanceText, lastDayOf, leftText, longDay, PAYMENT_KIND, PAYMENT_STATUS, STATUS_TEXT } from './membership-text.ts'

const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback)

type Said = { kind: 'success' | 'error'; text: string }

/** /account/membership/: the customer's membership, its payments, and Cancel, Pause and Change card. */
export function MembershipView({ membership: first, said: firstSaid = null }: { membership: Membership; said?: Said | null }) {
  const [membership, setMembership] = useState(first)
  const [said, setSaid] = useState<Said | null>(firstSaid)
  const [busy, setBusy] = useState(false)
  const [checkout, setCheckout] = useState<MembershipCheckout | null>(null)
  const [confirmCancel, setConfirmCancel] = useState(false)
  const [months, setMonths] = useState(1)
  const m = membership
  const running = m.status !== 'cancelled'

  async function act(call: () => Promise<MembershipResponse | MembershipCheckout>) {
    setBusy(true)
    setSaid(null)
    try {
      const answer = await call()
      if ('payment' in answer) return setCheckout(answer)
      if (answer.membership) setMembership(answer.membership)
      if (answer.message) setSaid({ kind: 'success', text: answer.message })
    } catch (error) {
      setSaid({ kind: 'error', text: messageOf(error, 'That did not work. Please try again.') })
    } finally {
      setBusy(false)
      setConfirmCancel(false)
    }
  }

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[3fr_2fr] lg:items-start">
      <section aria-labelledby="membership-title" className="card flex flex-col gap-4 p-5 sm:p-6">
        <h2 id="membership-title" className="text-2xl font-semibold">
          {m.planName}
        </h2>
        {said && (
          <p role={said.kind === 'error' ? 'alert' : 'status'} className={`font-semibold ${said.kind === 'error' ? 'text-coral-700' : 'text-emerald-800'}`}>
            {said.text}
          </p>
        )}
        <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-[auto_1fr]">
          <Row label="Status">{STATUS_TEXT[m.status]}</Row>
          <Row label="Price">{formatPence(m.pricePence)} a month</Row>
          <Row label="Each month">{allowanceText(m)}</Row>
          {m.cardLast4 && <Row label="Card">Ending {m.cardLast4}</Row>}
          {m.periodStart && m.periodEnd && running && (
            <Row label="This month">
              {longDay(m.periodStart)} to {lastDayOf(m.periodEnd)}
            </Row>
          )}
          {m.periodStart && running && <Row label="Left this month">{leftText(m)}</Row>}
          {m.nextPayment && (
            <Row label="Next payment">
              {formatAmount(m.nextPayment.amountPence)} on {longDay(m.nextPayment.at)}
            </Row>
          )}
          {m.endsAt && <Row label={m.status === 'cancelled' ? 'Ended' : 'Ends'}>{longDay(m.endsAt)}</Row>}
          {m.pauseRequested > 0 && <Row label="Pause asked for">{months1(m.pauseRequested)} from the end of this month</Row>}
          {running && <Row label="Pause months left">{m.pauseLeft}</Row>}
        </dl>
      </section>

      <div className="flex flex-col gap-6">
        {checkout ? (
          <section aria-labelledby="card-title" className="card flex flex-col gap-4 p-5 sm:p-6">
            <h2 id="card-title" className="text-2xl font-semibold">
              Change card
            </h2>
            <p className="text-cocoa-700">
              {checkout.payment.amountPence > 0
                ? `The month owed, ${formatAmount(checkout.payment.amountPence)}, is paid with the new card.`
                : 'Nothing is owed now: the new card is kept for the next payment.'}
            </p>
            <MembershipPay
              checkout={checkout}
              onDone={(answer) => {
                setCheckout(null)
                if (answer.membership) setMembership(answer.membership)
                if (answer.message) setSaid({ kind: 'success', text: answer.message })
              }}
              onCancelled={(message) => {
                setCheckout(null)
                setSaid({ kind: 'error', text: message })
              }}
            />
            <button type="button" className="btn-outline self-start" onClick={() => setCheckout(null)}>
              Keep my card
            </button>
          </section>
        ) : (
          running && (
            <section aria-labelledby="actions-title" className="card flex flex-col gap-4 p-5 sm:p-6">
              <h2 id="actions-title" className="text-2xl font-semibold">
                Change your membership
              </h2>
              <button type="button" className="btn-outline self-start" disabled={busy} onClick={() => void act(membershipCalls.changeCard)}>
                Change card
              </button>
              <form
                className="flex flex-wrap items-end gap-3"
                onSubmit={(event) => {
                  event.preventDefault()
                  void act(() => membershipCalls.pause(months))
                }}
              >
                <SelectField label="Pause for" value={String(months)} onChange={(e) => setMonths(Number(e.target.value))}>
                  {Array.from({ length: Math.max(1, m.pauseLeft) }, (_, i) => i + 1).map((n) => (
                    <option key={n} value={n}>
                      {months1(n)}
                    </option>
                  ))}
                </SelectField>
                <button type="submit" className="btn-outline" disabled={busy}>
                  Pause
                </button>
              </form>
              {confirmCancel ? (
                <div className="flex flex-col gap-3 rounded-xl border border-coral-500/40 bg-coral-500/5 p-4" role="group" aria-label="Cancel your membership">
                  <p className="text-cocoa-800">
                    {m.earliestEnd ? `Your membership would end on ${longDay(m.earliestEnd)}.` : 'Your membership would end.'} Nothing is charged after that.
                  </p>
                  <div className="flex flex-wrap gap-3">
                    <button type="button" className="btn-primary" disabled={busy} onClick={() => void act(membershipCalls.cancel)}>
                      {busy && <Spinner label="Cancelling" />}
                      Yes, cancel it
                    </button>
                    <button type="button" className="btn-outline" onClick={() => setConfirmCancel(false)}>
                      Keep it
                    </button>
                  </div>
                </div>
              ) : (
                !m.endsAt && (
                  <button type="button" className="btn-outline self-start" disabled={busy} onClick={() => setConfirmCancel(true)}>
                    Cancel membership
                  </button>
                )
              )}
            </section>
          )
        )}
        <Payments payments={m.payments} />
      </div>
    </div>
  )
}

const months1 = (n: number) => `${n} ${n === 1 ? 'month' : 'months'}`

function Payments({ payments }: { payments: Membership['payments'] }) {
  return (
    <section aria-labelledby="payments-title" className="card flex flex-col gap-3 p-5 sm:p-6">
      <h2 id="payments-title" className="text-2xl font-semibold">
        Payments
      </h2>
      {payments.length === 0 ? (
        <p className="text-cocoa-700">No payments yet.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-cocoa-100">
          {payments.map((p) => (
            <li key={p.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
              <span>
                <span className="font-semibold">{PAYMENT_KIND[p.kind]}</span> · {longDay(p.at)}
              </span>
              <span>
                {formatAmount(p.amountPence)} · <span className={p.status === 'failed' ? 'text-coral-700' : ''}>{PAYMENT_STATUS[p.status]}</span>
              </span>
              {p.error && <span className="w-full text-sm text-cocoa-600">{p.error}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="text-sm font-semibold text-cocoa-600 sm:text-base sm:font-normal">{label}</dt>
      <dd className="-mt-2 text-lg font-semibold sm:mt-0">{children}</dd>
    </div>
  )
}
