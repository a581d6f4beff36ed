import type { MembershipCheckout, MembershipPlan } from '@salon/contracts/memberships'
import { Suspense, useState } from 'react'
import { useRevalidator } from 'react-router'
import { SelectField } from '../../components/ui/field.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { formatPence } from '../../lib/format.ts'
import { allowanceText } from '../memberships/public.ts'
import { CardForm } from '../packages/public.ts'
import { messageOf, type Notice, NoticeLine } from '../staff/public.ts'
import { deskCalls } from './desk-calls.ts'

/**
 * Joining a plan at the desk (docs/decisions/046-memberships-at-the-desk.md): the plans on sale, then the first
 * month's card payment on the desk's card form, where the customer types their own card, which is kept for the
 * renewals; once paid the membership starts and the page loads again.
 */
export function MembershipJoin({ sub, onJoined }: { sub: string; onJoined: (message: string) => void }) {
  const [plans, setPlans] = useState<MembershipPlan[] | null>(null)
  const [planId, setPlanId] = useState('')
  const [checkout, setCheckout] = useState<MembershipCheckout | null>(null)
  const [busy, setBusy] = useState(false)
  const [notice, setNotice] = useState<Notice | null>(null)
  const { revalidate } = useRevalidator()

  async function run<T>(call: () => Promise<T>, then: (answer: T) => void | Promise<void>) {
    setBusy(true)
    setNotice(null)
    try {
      await then(await call())
    } catch (error) {
      setNotice({ kind: 'error', text: messageOf(error) })
    } finally {
      setBusy(false)
    }
  }

  const loadPlans = () =>
    run(deskCalls.membershipPlans, ({ plans: all }) => {
      const onSale = all.filter((p) => p.active)
      setPlans(onSale)
      setPlanId(onSale[0]?.id ?? '')
    })

  const paid = (payment: MembershipCheckout['payment']) =>
    run(
      () => deskCalls.recordMembershipPayment(sub, payment.id),
      async (answer) => {
        onJoined(answer.message ?? '')
        await revalidate()
      },
    )

  if (!plans) {
    return (
      <div className="flex flex-col gap-2 px-4 py-3 sm:px-5">
        <button type="button" className="btn-outline self-start" disabled={busy} onClick={() => void loadPlans()}>
          {busy && <Spinner label="Loading the plans" />}
          Join a plan
        </button>
        <NoticeLine notice={notice} />
      </div>
    )
  }

  if (checkout) {
    return (
      <div className="flex flex-col gap-3 px-4 py-3 sm:px-5">
        <p className="text-sm text-cocoa-700">The customer types their own card: it is kept for each month&rsquo;s payment.</p>
        <Suspense fallback={<Spinner label="Loading the card form" />}>
          <CardForm
            payment={checkout.payment}
            onSucceeded={() => void paid(checkout.payment)}
            onCancelled={(message) => {
              setCheckout(null)
              setNotice({ kind: 'error', text: message })
            }}
          />
        </Suspense>
        <button type="button" className="btn-outline self-start" onClick={() => setCheckout(null)}>
          Back
        </button>
        <NoticeLine notice={notice} />
      </div>
    )
  }

  return (
    <form
      className="flex flex-col gap-3 px-4 py-3 sm:px-5"
      onSubmit={(event) => {
        event.preventDefault()
        if (planId) void run(() => deskCalls.joinMembership(sub, planId), setCheckout)
      }}
    >
      {plans.length === 0 ? (
        <p className="text-sm text-cocoa-700">No membership plans are on sale. The owner adds them under Manage → Membership plans.</p>
      ) : (
        <>
          <SelectField label="Plan" value={planId} onChange={(e) => setPlanId(e.target.value)}>
            {plans.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}: {formatPence(p.pricePence)} a month, {allowanceText(p).toLowerCase()}
              </option>
            ))}
          </SelectField>
          <button type="submit" className="btn-primary self-start" disabled={busy}>
            {busy && <Spinner label="Starting the payment" />}
            Take the first month by card
          </button>
        </>
      )}
      <NoticeLine notice={notice} />
    </form>
  )
}
