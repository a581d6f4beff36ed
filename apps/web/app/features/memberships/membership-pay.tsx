import type { MembershipCheckout, MembershipResponse } from '@salon/contracts/memberships'
import { Suspense, useState } from 'react'
import { Spinner } from '../../components/ui/spinner.tsx'
import { CardForm } from '../packages/public.ts'
import { membershipCalls } from './membership-calls.ts'

const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback)

/**
 * A membership's card payment (the first month's, or a changed card's), paid as a package is: the card provider's
 * form, then the salon records it and says what it means ("Welcome to …", "Your card is changed.").
 */
export function MembershipPay({
  checkout,
  onDone,
  onCancelled,
}: {
  checkout: MembershipCheckout
  onDone: (answer: MembershipResponse) => void
  onCancelled: (message: string) => void
}) {
  const [problem, setProblem] = useState<string | null>(null)
  const [recording, setRecording] = useState(false)

  async function record() {
    setRecording(true)
    setProblem(null)
    try {
      onDone(await membershipCalls.confirm(checkout.payment.id))
    } catch (error) {
      setProblem(messageOf(error, 'We could not record your payment. Please try again.'))
    } finally {
      setRecording(false)
    }
  }

  if (recording || problem) {
    return (
      <div className="flex flex-col gap-3">
        {recording && (
          <p className="flex items-center gap-2 text-cocoa-700">
            <Spinner label="Recording your payment" /> <span aria-hidden="true">Recording your payment…</span>
          </p>
        )}
        {problem && (
          <>
            <p role="alert" className="font-medium text-coral-700">
              {problem}
            </p>
            <button type="button" className="btn-primary self-start" onClick={() => void record()}>
              Try again
            </button>
          </>
        )}
      </div>
    )
  }

  return (
    <Suspense
      fallback={
        <p className="flex min-h-56 items-center justify-center gap-2 text-cocoa-700">
          <Spinner label="Loading the card form…" /> <span aria-hidden="true">Loading the card form…</span>
        </p>
      }
    >
      <CardForm payment={checkout.payment} onSucceeded={() => void record()} onCancelled={onCancelled} />
    </Suspense>
  )
}
