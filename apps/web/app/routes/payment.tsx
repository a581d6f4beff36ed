import type { Payment } from '@salon/contracts/commerce'
import type { ReactNode } from 'react'
import { Link, redirect, useNavigate } from 'react-router'
import { LoadingLine } from '../components/ui/load-states.tsx'
import { PageFrame } from '../components/ui/page-header.tsx'
import { awaitingCardPayment, confirmationPath } from '../features/booking/book-flow.ts'
import { BookingDetails } from '../features/booking/booking-details.tsx'
import { bookingDetailsUrl, lookUpBooking } from '../features/booking/booking-lookup.ts'
import { clockOf } from '../features/booking/dates.ts'
import { Checkout } from '../features/packages/checkout.tsx'
import { commerceCalls } from '../features/packages/commerce-calls.ts'
import { PackageSummary } from '../features/packages/package-summary.tsx'
import { PAYMENT_LEFT_PAGE_FAILED, packageToPay } from '../features/packages/payment-data.ts'
import { attemptOf, paidUrl, recordPurchase } from '../features/packages/purchase.ts'
import { PurchaseResult } from '../features/packages/purchase-result.tsx'
import { clearSelectedPackage, PAYMENT_PATH } from '../features/packages/selected-package.ts'
import { pageMeta } from '../lib/meta.ts'
import { useSalon } from '../lib/route-data.ts'
import type { Route } from './+types/payment'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Payment', 'Pay for a minute package or a session by card.', { private: true })

/**
 * Three pages in one, by the address:
 * - /payment/: pay for the package chosen on /book/package/ (kept in the tab's storage across signing in);
 * - /payment/?booking=ID: pay for a session the salon holds while it is paid for (p_book answered 'pending');
 * - /payment/?paid=PAYMENT: the provider took the payment (or Stripe sent the customer back): record the package.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const params = new URL(request.url).searchParams
  const bookingId = params.get('booking')
  const paid = params.get('paid')
  const failed = params.get('redirect_status') === 'failed'
  const notice = failed ? PAYMENT_LEFT_PAGE_FAILED : null
  if (paid && !failed) {
    if (bookingId) throw redirect(confirmationPath({ id: bookingId }))
    const view = await recordPurchase(paid, attemptOf(params), commerceCalls.recordPurchase)
    if (view.status === 'recorded') clearSelectedPackage()
    return { mode: 'paid' as const, paymentId: paid, view }
  }
  if (bookingId) {
    return { mode: 'session' as const, notice, lookup: await lookUpBooking(new URL(bookingDetailsUrl(bookingId), window.location.origin)) }
  }
  return { mode: 'package' as const, notice, pkg: await packageToPay() }
}
clientLoader.hydrate = true as const

function Page({ title = 'Payment', intro, children }: { title?: string; intro: ReactNode; children: ReactNode }) {
  return (
    <PageFrame eyebrow="Checkout" title={title} intro={intro}>
      {children}
    </PageFrame>
  )
}

export function HydrateFallback() {
  return (
    <Page intro="Pay securely by card.">
      <LoadingLine what="your order" />
    </Page>
  )
}

export default function PaymentPage({ loaderData }: Route.ComponentProps) {
  const { bedTypes } = useSalon()
  const navigate = useNavigate()
  const origin = typeof window === 'undefined' ? '' : window.location.origin

  if (loaderData.mode === 'paid') {
    return (
      <Page intro="Your minutes are on your account as soon as the payment is recorded.">
        <PurchaseResult paymentId={loaderData.paymentId} view={loaderData.view} />
      </Page>
    )
  }

  if (loaderData.mode === 'session') {
    const { lookup } = loaderData
    if (lookup.status !== 'ready') {
      return (
        <Page intro="Pay for your session by card.">
          <Problem title={lookup.status === 'missing' ? 'We could not find that session' : 'The session did not load'}>
            {lookup.status === 'missing' ? 'The link may be old, or the session belongs to another account.' : lookup.message}
          </Problem>
        </Page>
      )
    }
    const { booking } = lookup
    if (!awaitingCardPayment(booking)) {
      return (
        <Page intro="Pay for your session by card.">
          <Problem title="Nothing to pay online">
            {booking.status === 'booked' ? 'This session is booked: there is nothing more to pay online.' : 'This session is not waiting for a payment.'}{' '}
            <Link to={confirmationPath(booking)} className="font-semibold text-brand-teal underline">
              See the session
            </Link>
          </Problem>
        </Page>
      )
    }
    const { holdUntil } = booking
    return (
      <Page intro="Pay for your session by card to confirm it.">
        <Checkout
          order={{ kind: 'session', bookingId: booking.id, pricePence: booking.pricePence }}
          notice={loaderData.notice}
          summary={
            <>
              {holdUntil && (
                <p className="rounded-xl border border-glow-500 bg-glow-300/25 px-4 py-3 font-semibold text-cocoa-900" role="note">
                  We are holding your sunbed until {clockOf(holdUntil)}
                </p>
              )}
              <BookingDetails booking={booking} />
            </>
          }
          returnUrl={(paymentId) => `${origin}${PAYMENT_PATH}?${new URLSearchParams({ booking: booking.id, paid: paymentId })}`}
          onPaid={() => void navigate(confirmationPath(booking), { replace: true })}
        />
      </Page>
    )
  }

  const { pkg } = loaderData
  if (!pkg) {
    return (
      <Page intro="Pay for a minute package by card.">
        <section className="card flex max-w-xl flex-col items-start gap-4 p-6" aria-labelledby="no-package-title">
          <h2 id="no-package-title" className="text-2xl font-semibold">
            No package selected
          </h2>
          <p className="text-cocoa-700">Choose a minute package first, then pay for it here.</p>
          <Link to="/book/package/" className="btn-primary">
            Choose a package
          </Link>
        </section>
      </Page>
    )
  }
  return (
    <Page intro="Check your package, add a promo code if you have one, and pay securely by card.">
      <Checkout
        key={pkg.id}
        order={{ kind: 'package', packageId: pkg.id, pricePence: pkg.pricePence }}
        notice={loaderData.notice}
        summary={
          <>
            <PackageSummary pkg={pkg} bedTypes={bedTypes} />
            <Link to="/book/package/" className="self-start text-sm font-semibold text-brand-teal underline underline-offset-2">
              Choose another package
            </Link>
          </>
        }
        returnUrl={(paymentId) => `${origin}${paidUrl(paymentId)}`}
        onBoughtWithCredit={clearSelectedPackage}
        onPaid={(payment: Payment) => {
          // The money is taken: the choice is done with, whatever recording it says next.
          clearSelectedPackage()
          void navigate(paidUrl(payment.id), { replace: true })
        }}
      />
    </Page>
  )
}

function Problem({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card flex max-w-xl flex-col items-start gap-4 p-6" role="alert">
      <h2 className="text-2xl font-semibold">{title}</h2>
      <p className="text-cocoa-700">{children}</p>
      <div className="flex flex-wrap gap-3">
        <Link to="/book/" className="btn-primary">
          Book a session
        </Link>
        <Link to="/upcoming-booking/" className="btn-outline">
          Your bookings
        </Link>
      </div>
    </section>
  )
}
