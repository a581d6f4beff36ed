import { Suspense, useState } from 'react'
import type { MembershipCheckout } from '@salon/contracts/memberships'
import { Spinner } from '../../components/ui/spinner.tsx'
import { CardForm } from '../packages/public.ts'
import { SelectField } from '../../components/ui/field.tsx'
import type { MembershipResponse } from '@salon/contracts/memberships'
import { formatAmount, formatPence } from '../../lib/format.ts'
import { allowanceText, lastDayOf, leftText, longDay, PAYMENT_KIND, PAYMENT_STATUS, STATUS_TEXT } from '../memberships/public.ts'
import { Badge, Empty, NoticeLine, Panel, useConfirm, useFormAction, type Part } from '../staff/public.ts'
import { deskCalls } from './desk-calls.ts'
import { MembershipJoin } from './membership-join.tsx'

const TONE = { pending: 'warn', active: 'good', past_due: 'bad', paused: 'warn', cancelled: 'neutral' } as const

/** The customer's membership at the desk (docs/product.md "Memberships"): plan, status, this month and the payments; without one, joining a plan. */
export function MembershipPanel({ sub, membership }: { sub: string; membership: Part<MembershipResponse> }) {
  // What joining said, kept here while the page loads again with the new membership.
  const [joined, setJoined] = useState<string | null>(null)
  if (membership.status === 'error') {
    return (
      <Panel title="Membership">
        <p className="px-4 py-3 text-sm text-cocoa-700 sm:px-5">{membership.message}</p>
      </Panel>
    )
  }
  const m = membership.data.membership
  if (!m || m.status === 'cancelled') {
    return (
      <Panel title="Membership">
        {m ? (
          <p className="px-4 pt-3 text-sm text-cocoa-700 sm:px-5">
            {m.planName} ended{m.endsAt ? ` on ${longDay(m.endsAt)}` : ''}.
          </p>
        ) : (
          <Empty title="No membership" />
        )}
        <MembershipJoin sub={sub} onJoined={setJoined} />
      </Panel>
    )
  }
  return (
    <Panel title={`Membership: ${m.planName}`} actions={<Badge tone={TONE[m.status]}>{STATUS_TEXT[m.status]}</Badge>}>
      {joined && (
        <p role="status" className="px-4 pt-3 text-sm font-semibold text-emerald-800 sm:px-5">
          {joined}
        </p>
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 px-4 py-3 text-sm sm:px-5">
        <dt className="text-cocoa-600">Plan</dt>
        <dd className="font-semibold">
          {formatPence(m.pricePence)} a month · {allowanceText(m)}
        </dd>
        {m.cardLast4 && (
          <>
            <dt className="text-cocoa-600">Card</dt>
            <dd className="font-semibold">Ending {m.cardLast4}</dd>
          </>
        )}
        {m.periodStart && m.periodEnd && (
          <>
            <dt className="text-cocoa-600">This month</dt>
            <dd className="font-semibold">
              {longDay(m.periodStart)} to {lastDayOf(m.periodEnd)} · {leftText(m)} left
            </dd>
          </>
        )}
        {m.nextPayment && (
          <>
            <dt className="text-cocoa-600">Next payment</dt>
            <dd className="font-semibold">
              {formatAmount(m.nextPayment.amountPence)} on {longDay(m.nextPayment.at)}
            </dd>
          </>
        )}
        {m.endsAt && (
          <>
            <dt className="text-cocoa-600">Ends</dt>
            <dd className="font-semibold">{longDay(m.endsAt)}</dd>
          </>
        )}
      </dl>
      <MembershipChanges sub={sub} membership={m} />
      {m.payments.length > 0 && (
        <ul className="divide-y divide-cocoa-100 border-t border-cocoa-100">
          {m.payments.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-x-3 px-4 py-2 text-sm sm:px-5">
              <span>
                <span className="font-semibold text-cocoa-950">{PAYMENT_KIND[p.kind]}</span> · {longDay(p.at)}
              </span>
              <span className="tabular-nums">
                {formatAmount(p.amountPence)} · {PAYMENT_STATUS[p.status]}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  )
}

const monthsText = (n: number) => `${n} ${n === 1 ? 'month' : 'months'}`

/** Pause and Cancel for a customer at the desk, under the rules and in the words of their own account's buttons. */
function MembershipChanges({ sub, membership: m }: { sub: string; membership: NonNullable<MembershipResponse['membership']> }) {
  const [months, setMonths] = useState(1)
  const [checkout, setCheckout] = useState<MembershipCheckout | null>(null)
  const change = useFormAction()
  const confirm = useConfirm()
  if (m.status === 'pending' || m.status === 'cancelled') return null
  const answer = (done: MembershipResponse) => done.message ?? ''
  if (checkout) {
    return (
      <div className="flex flex-col gap-3 border-t border-cocoa-100 px-4 py-3 sm:px-5">
        <p className="text-sm text-cocoa-700">
          The customer types their new card: it is kept for each month&rsquo;s payment
          {checkout.payment.amountPence > 0 ? `, and ${formatAmount(checkout.payment.amountPence)} owed is taken now.` : '. Nothing is taken now.'}
        </p>
        <Suspense fallback={<Spinner label="Loading the card form" />}>
          <CardForm
            payment={checkout.payment}
            onSucceeded={() => {
              setCheckout(null)
              void change.run(() => deskCalls.recordMembershipPayment(sub, checkout.payment.id), answer)
            }}
            onCancelled={(message) => {
              setCheckout(null)
              change.setNotice({ kind: 'error', text: message })
            }}
          />
        </Suspense>
        <button type="button" className="btn-outline self-start" onClick={() => setCheckout(null)}>
          Keep the card
        </button>
      </div>
    )
  }
  return (
    <div className="flex flex-col gap-3 border-t border-cocoa-100 px-4 py-3 sm:px-5">
      <div className="flex flex-wrap items-end gap-3">
        <button
          type="button"
          className="btn-outline"
          disabled={change.pending}
          onClick={() =>
            void change.run(async () => {
              setCheckout(await deskCalls.changeMembershipCard(sub))
            })
          }
        >
          Change card
        </button>
        {m.pauseLeft > 0 && !m.endsAt && (
          <form
            className="flex flex-wrap items-end gap-3"
            onSubmit={(event) => {
              event.preventDefault()
              void change.run(() => deskCalls.pauseMembership(sub, months), answer)
            }}
          >
            <SelectField label="Pause for" value={String(months)} onChange={(e) => setMonths(Number(e.target.value))}>
              {Array.from({ length: m.pauseLeft }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {monthsText(n)}
                </option>
              ))}
            </SelectField>
            <button type="submit" className="btn-outline" disabled={change.pending}>
              Pause
            </button>
          </form>
        )}
        {!m.endsAt && (
          <button
            type="button"
            className="btn-outline text-red-700"
            disabled={change.pending}
            onClick={() =>
              confirm.ask({
                title: `Cancel ${m.planName}?`,
                message: m.earliestEnd
                  ? `The membership would end on ${longDay(m.earliestEnd)}. Nothing is charged after that.`
                  : 'The membership would end. Nothing is charged after that.',
                confirmLabel: 'Cancel membership',
                onConfirm: () => change.run(() => deskCalls.cancelMembership(sub), answer),
              })
            }
          >
            Cancel membership
          </button>
        )}
      </div>
      <NoticeLine notice={change.notice} />
      {confirm.element}
    </div>
  )
}
