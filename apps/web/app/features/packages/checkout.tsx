import type { Payment, PaymentIntentRequest, PromoResponse } from '@salon/contracts/commerce'
import type { VoucherCheckoutRequest } from '@salon/contracts/vouchers'
import { lazy, Suspense, useEffect, useId, useMemo, useState, type FormEvent, type ReactNode } from 'react'
import { Spinner } from '../../components/ui/spinner.tsx'
import { creditWithCard } from '@salon/contracts/rules/money'
import { Link } from 'react-router'
import { formatAmount, formatPence } from '../../lib/format.ts'
import { checkoutKeys, checkoutSubject } from './checkout-key.ts'
import { commerceCalls } from './commerce-calls.ts'

// Only /payment/ and /gift-vouchers/ show these, and only once a payment is started: neither the card form nor Stripe.js is in
// any page's own scripts.
const CardForm = lazy(() => import('./card-form.tsx'))
const StripeForm = lazy(() => import('./stripe-form.tsx'))

export type CheckoutOrder =
  /** A package to buy; a promo code may apply. */
  | { kind: 'package'; packageId: string; pricePence: number }
  /** A session waiting for its card payment. */
  | { kind: 'session'; bookingId: string; pricePence: number }
  /** A gift voucher, for a visitor or a customer: the salon works out its price from the request. */
  | { kind: 'voucher'; request: VoucherCheckoutRequest; pricePence: number }

interface CheckoutProps {
  order: CheckoutOrder
  /** What is being bought, shown above the payment. */
  summary: ReactNode
  /** Where Stripe sends the customer back to, for payment `id`, after a payment method that leaves the page. */
  returnUrl: (paymentId: string) => string
  /** The card provider says the payment went through. */
  onPaid: (payment: Payment) => void
  /** A message to show first, e.g. why a payment that left the page did not go through. */
  notice?: string | null
  /** A package was bought wholly with gift voucher credit: nothing more to pay. */
  onBoughtWithCredit?: () => void
}

const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback)

/**
 * The payment part of /payment/: the order, a promo code for a package, the total, and "Pay £X.XX", which asks
 * the salon for a payment (it works out the amount) and then shows the card form of its card provider.
 */
export function Checkout({ order, summary, returnUrl, onPaid, notice = null, onBoughtWithCredit }: CheckoutProps) {
  const keys = useMemo(() => checkoutKeys(), [])
  const [promo, setPromo] = useState<PromoResponse | null>(null)
  const [payment, setPayment] = useState<Payment | null>(null)
  const [creating, setCreating] = useState(false)
  const [problem, setProblem] = useState<string | null>(notice)
  const problemId = useId()
  const credit = useCredit(order.kind === 'package')
  const [withCredit, setWithCredit] = useState(false)

  const priceToPay = promo?.totalPence ?? order.pricePence
  // Credit that does not cover the price may pay part of it, the card the rest (docs/decisions/053).
  const share = credit === null ? null : creditWithCard(priceToPay, credit)
  const split = share?.kind === 'split' ? share : null
  // Credit that covers the whole package buys it with no card (the purchase takes no promo code).
  const covers = order.kind === 'package' && !promo && share?.kind === 'whole' ? order : null
  const [bought, setBought] = useState<string | null>(null)
  const creditUsed = payment ? payment.creditPence : withCredit && split ? split.creditPence : 0
  const total = payment?.amountPence ?? priceToPay - creditUsed
  const request: PaymentIntentRequest | null =
    order.kind === 'voucher'
      ? null
      : order.kind === 'session'
        ? { bookingId: order.bookingId }
        : { packageId: order.packageId, ...(promo ? { promoCode: promo.code } : {}), ...(withCredit && split ? { useCredit: true } : {}) }

  /** The payment for this order: a voucher's own checkout, or the payment intent of a package or session. */
  async function startPayment(): Promise<Payment> {
    if (request) return (await commerceCalls.createPayment(request, keys.keyFor(checkoutSubject(request)))).payment
    if (order.kind !== 'voucher') throw new Error('Nothing to pay for.')
    return (await commerceCalls.startVoucher(order.request, keys.keyFor(`voucher:${JSON.stringify(order.request)}`))).payment
  }

  function changePromo(next: PromoResponse | null) {
    // A different code is a different checkout: its own payment, with its own key.
    setPromo(next)
    setPayment(null)
    setProblem(null)
  }

  function changeCredit(use: boolean) {
    // So is using credit, or not.
    setWithCredit(use)
    setPayment(null)
    setProblem(null)
  }

  function paid(done: Payment) {
    keys.forget()
    onPaid(done)
  }

  async function start() {
    setCreating(true)
    setProblem(null)
    try {
      const created = await startPayment()
      if (created.status === 'succeeded') return paid(created)
      if (created.status === 'pending') return setPayment(created)
      // A payment that can no longer be paid: the next press starts a new one.
      keys.forget()
      setProblem('That payment could not be completed. Please press Pay to try again.')
    } catch (error) {
      setProblem(messageOf(error, 'We could not start the payment. Please try again.'))
    } finally {
      setCreating(false)
    }
  }

  async function buyWithCredit(packageId: string) {
    setCreating(true)
    setProblem(null)
    try {
      const answer = await commerceCalls.buyWithCredit(packageId, keys.keyFor(`credit:${packageId}`))
      keys.forget()
      onBoughtWithCredit?.()
      setBought(answer.message)
    } catch (error) {
      setProblem(messageOf(error, 'We could not buy it with your credit. Please try again.'))
    } finally {
      setCreating(false)
    }
  }

  if (bought) {
    return (
      <section role="status" className="card flex max-w-xl flex-col items-start gap-4 p-6">
        <h2 className="text-2xl font-semibold">Bought with your gift voucher credit</h2>
        <p className="text-cocoa-800">{bought}</p>
        <div className="flex flex-wrap gap-3">
          <Link to="/book/" className="btn-primary">
            Book a session
          </Link>
          <Link to="/account/balance/" className="btn-outline">
            See your balance
          </Link>
        </div>
      </section>
    )
  }

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_26rem] lg:items-start">
      <section aria-labelledby="order-title" className="card flex flex-col gap-4 p-5 sm:p-6">
        <h2 id="order-title" className="text-2xl font-semibold">
          Your order
        </h2>
        {summary}
      </section>

      <section aria-labelledby="pay-title" className="card flex flex-col gap-5 p-5 sm:p-6">
        <h2 id="pay-title" className="text-2xl font-semibold">
          Payment
        </h2>
        {order.kind === 'package' && <PromoCode packageId={order.packageId} applied={promo} onChange={changePromo} disabled={creating} />}
        {split && (
          <label className="flex items-start gap-3 rounded-xl border border-cocoa-100 px-4 py-3 text-cocoa-900">
            <input
              type="checkbox"
              name="useCredit"
              className="mt-1 size-4 shrink-0"
              checked={withCredit}
              onChange={(e) => changeCredit(e.target.checked)}
              // Once the card is asked, the credit is held for that payment: a refused card ends it, and the choice is free again.
              disabled={creating || payment !== null}
            />
            <span>
              Use my gift voucher credit ({formatPence(split.creditPence)}) and pay {formatPence(split.cardPence)} by card
            </span>
          </label>
        )}
        {covers && credit !== null && !payment && (
          <div className="flex flex-col gap-3 rounded-xl border border-glow-500 bg-glow-300/20 px-4 py-3">
            <p className="text-cocoa-900">Your gift voucher credit ({formatPence(credit)}) covers this package: no card is needed.</p>
            <button type="button" className="btn-primary w-full" onClick={() => void buyWithCredit(covers.packageId)} disabled={creating}>
              {creating && <Spinner label="Buying with your credit" />}
              Pay {formatAmount(covers.pricePence)} with my credit
            </button>
          </div>
        )}
        <dl className="flex flex-col gap-2 border-t border-cocoa-100 pt-4">
          {promo && (
            <>
              <div className="flex justify-between gap-3 text-cocoa-700">
                <dt>Price</dt>
                <dd>{formatAmount(promo.pricePence)}</dd>
              </div>
              <div className="flex justify-between gap-3 text-cocoa-700">
                <dt>Discount ({promo.code})</dt>
                <dd>−{formatAmount(promo.discountPence)}</dd>
              </div>
            </>
          )}
          {creditUsed > 0 && (
            <div className="flex justify-between gap-3 text-cocoa-700">
              <dt>Gift voucher credit</dt>
              <dd>−{formatAmount(creditUsed)}</dd>
            </div>
          )}
          <div className="flex items-baseline justify-between gap-3">
            <dt className="text-lg font-semibold">{creditUsed > 0 ? 'To pay by card' : 'Total'}</dt>
            <dd className="font-display text-3xl font-semibold">{formatAmount(total)}</dd>
          </div>
        </dl>
        {payment ? (
          <Suspense fallback={<Loading text="Loading the card form…" />}>
            {payment.provider === 'stripe' && payment.publishableKey ? (
              <StripeForm
                payment={{ clientSecret: payment.clientSecret, publishableKey: payment.publishableKey, amountPence: payment.amountPence }}
                returnUrl={returnUrl(payment.id)}
                onSucceeded={() => paid(payment)}
                onRefused={
                  payment.creditPence > 0
                    ? (message) => {
                        // The refusal ends this payment; the next press ends it for certain and holds the credit afresh.
                        keys.forget()
                        setPayment(null)
                        setProblem(`${message} Press Pay to try again.`)
                      }
                    : undefined
                }
              />
            ) : (
              <CardForm
                payment={payment}
                onSucceeded={() => paid(payment)}
                onCancelled={(message) => {
                  keys.forget()
                  setPayment(null)
                  setProblem(message)
                }}
              />
            )}
          </Suspense>
        ) : (
          <div className="flex flex-col gap-3">
            <p id={problemId} role="alert" className="min-h-6 font-medium text-coral-700">
              {problem}
            </p>
            <button
              type="button"
              className={covers ? 'btn-outline w-full' : 'btn-primary w-full'}
              onClick={() => void start()}
              disabled={creating}
              aria-describedby={problem ? problemId : undefined}
            >
              {creating && <Spinner label="Starting the payment" />}
              Pay {formatAmount(total)}
              {covers && ' by card'}
            </button>
          </div>
        )}
      </section>
    </div>
  )
}

/** A signed-in customer's gift voucher credit in pence, for a package's checkout; null while it loads, when it fails or there is none. */
function useCredit(wanted: boolean): number | null {
  const [credit, setCredit] = useState<number | null>(null)
  useEffect(() => {
    if (!wanted) return
    let current = true
    commerceCalls
      .credit()
      .then(({ creditPence }) => current && setCredit(creditPence > 0 ? creditPence : null))
      .catch(() => current && setCredit(null))
    return () => {
      current = false
    }
  }, [wanted])
  return credit
}

function Loading({ text }: { text: string }) {
  return (
    <p className="flex min-h-56 items-center justify-center gap-2 text-cocoa-700">
      <Spinner label={text} /> <span aria-hidden="true">{text}</span>
    </p>
  )
}

/** "Promo code" with Apply, then the salon's message about it and Remove; a refusal is shown as the salon words it. */
function PromoCode({
  packageId,
  applied,
  onChange,
  disabled,
}: {
  packageId: string
  applied: PromoResponse | null
  onChange: (promo: PromoResponse | null) => void
  disabled: boolean
}) {
  const [code, setCode] = useState('')
  const [busy, setBusy] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)
  const inputId = useId()
  const messageId = useId()

  async function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const typed = code.trim().toUpperCase()
    if (!typed) return setRefusal('Please enter a promo code.')
    setBusy(true)
    setRefusal(null)
    try {
      onChange(await commerceCalls.promo(typed, packageId))
    } catch (error) {
      setRefusal(messageOf(error, 'We could not check that code. Please try again.'))
    } finally {
      setBusy(false)
    }
  }

  if (applied) {
    return (
      <div className="flex flex-col gap-2">
        <p className="text-sm font-semibold text-cocoa-800">Promo code</p>
        <div className="flex items-center justify-between gap-3 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3">
          <p aria-live="polite" className="min-w-0 text-emerald-900">
            <strong className="font-mono">{applied.code}</strong> · {applied.description}
            <span className="block text-sm">{applied.message}</span>
          </p>
          <button
            type="button"
            className="shrink-0 text-sm font-semibold text-brand-teal underline underline-offset-2 disabled:opacity-60"
            onClick={() => {
              setCode('')
              onChange(null)
            }}
            disabled={disabled}
          >
            Remove
          </button>
        </div>
      </div>
    )
  }

  return (
    <form onSubmit={apply} noValidate className="flex flex-col gap-1.5">
      <label htmlFor={inputId} className="text-sm font-semibold text-cocoa-800">
        Promo code
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          name="promoCode"
          className="field-input min-w-0 flex-1 font-mono uppercase"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={32}
          value={code}
          onChange={(e) => {
            setCode(e.target.value)
            if (refusal) setRefusal(null)
          }}
          aria-invalid={refusal ? true : undefined}
          aria-describedby={refusal ? messageId : undefined}
        />
        <button type="submit" className="btn-outline shrink-0" disabled={busy || disabled}>
          {busy && <Spinner label="Checking the code" />}
          Apply
        </button>
      </div>
      <p id={messageId} role="alert" className="min-h-5 text-sm font-medium text-coral-700">
        {refusal}
      </p>
    </form>
  )
}
