import { useEffect, useRef, type ReactNode } from 'react'
import { Link, useNavigate } from 'react-router'
import { Spinner } from '../../components/ui/spinner.tsx'
import { paidUrl, retryDelayMs, type PurchaseView } from './purchase.ts'
import { SuccessMark } from '../../components/ui/success-mark.tsx'

/**
 * /payment/?paid=…: the package just paid for, once the salon has added its minutes. While the salon has not
 * heard from the card provider, the page asks again (a new try is a new address, so React Router runs the
 * loader again), further apart each time.
 */
export function PurchaseResult({ paymentId, view }: { paymentId: string; view: PurchaseView }) {
  const navigate = useNavigate()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const attempt = view.status === 'processing' ? view.attempt : null

  useEffect(() => {
    if (attempt === null) return
    const timer = window.setTimeout(() => void navigate(paidUrl(paymentId, attempt + 1), { replace: true }), retryDelayMs(attempt))
    return () => window.clearTimeout(timer)
  }, [attempt, paymentId, navigate])

  const recorded = view.status === 'recorded'
  useEffect(() => {
    if (recorded) headingRef.current?.focus()
  }, [recorded])

  if (view.status === 'processing') {
    return (
      <section className="card mx-auto flex w-full max-w-xl flex-col items-center gap-4 p-8 text-center" aria-labelledby="processing-title">
        <h2 id="processing-title" className="text-2xl font-semibold">
          Payment received
        </h2>
        <p className="flex items-center gap-2 text-cocoa-700" aria-live="polite">
          <Spinner label="Adding the minutes to your account" /> Adding the minutes to your account…
        </p>
      </section>
    )
  }

  if (view.status === 'refunded') {
    return (
      <PurchaseNotice titleId="refunded-title" title="Your payment was refunded" message={view.message}>
        <Link to="/book/package/" className="btn-primary">
          Choose a package
        </Link>
        <Link to="/account/balance/" className="btn-outline">
          See your balance
        </Link>
      </PurchaseNotice>
    )
  }

  if (view.status === 'error') {
    return (
      <PurchaseNotice
        titleId="record-title"
        title={view.stillProcessing ? 'Your payment is being processed' : 'We could not add your minutes yet'}
        message={view.message}
      >
        <button type="button" className="btn-primary" onClick={() => void navigate(paidUrl(paymentId), { replace: true })}>
          Try again
        </button>
        <Link to="/account/balance/" className="btn-outline">
          See your balance
        </Link>
      </PurchaseNotice>
    )
  }

  const { purchase } = view
  return (
    <section className="card mx-auto flex w-full max-w-xl flex-col gap-6 p-6 sm:p-8" aria-labelledby="bought-title">
      <div className="flex flex-col items-center gap-3 text-center">
        <SuccessMark />
        <h2 id="bought-title" ref={headingRef} tabIndex={-1} className="text-3xl font-semibold focus:outline-none">
          Thank you
        </h2>
        <p className="text-lg text-cocoa-800">{purchase.message}</p>
      </div>
      <div className="rounded-2xl bg-cocoa-50 px-5 py-4 text-center">
        <p className="text-sm font-semibold tracking-wide text-cocoa-600 uppercase">Your balance</p>
        <p className="font-display text-4xl font-semibold">{purchase.balance} minutes</p>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Link to="/book/" className="btn-primary flex-1">
          Book a session
        </Link>
        <Link to="/account/balance/" className="btn-outline flex-1">
          See your balance
        </Link>
      </div>
    </section>
  )
}

/** A purchase that did not end in minutes: what happened, and what the customer can do next. */
function PurchaseNotice({ titleId, title, message, children }: { titleId: string; title: string; message: string; children: ReactNode }) {
  return (
    <section className="card mx-auto flex w-full max-w-xl flex-col items-start gap-4 p-6 sm:p-8" role="alert" aria-labelledby={titleId}>
      <h2 id={titleId} className="text-2xl font-semibold">
        {title}
      </h2>
      <p className="text-cocoa-700">{message}</p>
      <div className="flex flex-wrap gap-3">{children}</div>
    </section>
  )
}
