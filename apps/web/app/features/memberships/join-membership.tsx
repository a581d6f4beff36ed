import type { MembershipCheckout, MembershipPlan, MembershipResponse } from '@salon/contracts/memberships'
import { useState } from 'react'
import { Link } from 'react-router'
import { Spinner } from '../../components/ui/spinner.tsx'
import { formatAmount, formatPence } from '../../lib/format.ts'
import { membershipCalls } from './membership-calls.ts'
import { MembershipPay } from './membership-pay.tsx'
import { allowanceText } from './membership-text.ts'

const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback)

/**
 * Joining a plan: its summary, then "Pay £X" asks the salon for the first month's card payment (asking again before
 * paying answers the same one) and shows the card form; once paid, `onJoined` has the membership and its welcome.
 */
export function JoinMembership({ plan, onJoined }: { plan: MembershipPlan; onJoined: (answer: MembershipResponse) => void }) {
  const [checkout, setCheckout] = useState<MembershipCheckout | null>(null)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)

  async function start() {
    setBusy(true)
    setProblem(null)
    try {
      setCheckout(await membershipCalls.join(plan.id))
    } catch (error) {
      setProblem(messageOf(error, 'We could not start the payment. Please try again.'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_26rem] lg:items-start">
      <section aria-labelledby="plan-title" className="card flex flex-col gap-3 p-5 sm:p-6">
        <h2 id="plan-title" className="text-2xl font-semibold">
          {plan.name}
        </h2>
        <p className="text-cocoa-700">
          {formatPence(plan.pricePence)} a month · {allowanceText(plan)} a month
        </p>
        <p className="text-cocoa-700">
          You pay the first month now. Your card is kept, and each month is paid from it at the month&rsquo;s end until you cancel.
        </p>
        <Link to="/book/package/" className="self-start text-sm font-semibold text-brand-teal underline underline-offset-2">
          Choose another plan
        </Link>
      </section>
      <section aria-labelledby="pay-title" className="card flex flex-col gap-5 p-5 sm:p-6">
        <h2 id="pay-title" className="text-2xl font-semibold">
          Payment
        </h2>
        <div className="flex items-baseline justify-between gap-3 border-t border-cocoa-100 pt-4">
          <span className="text-lg font-semibold">First month</span>
          <span className="font-display text-3xl font-semibold">{formatAmount(checkout?.payment.amountPence ?? plan.pricePence)}</span>
        </div>
        {checkout ? (
          <MembershipPay
            checkout={checkout}
            onDone={onJoined}
            onCancelled={(message) => {
              setCheckout(null)
              setProblem(message)
            }}
          />
        ) : (
          <div className="flex flex-col gap-3">
            <p role="alert" className="min-h-6 font-medium text-coral-700">
              {problem}
            </p>
            <button type="button" className="btn-primary w-full" onClick={() => void start()} disabled={busy}>
              {busy && <Spinner label="Starting the payment" />}
              Pay {formatAmount(plan.pricePence)}
            </button>
          </div>
        )}
      </section>
    </div>
  )
}
