import { todayInUk } from '@salon/contracts/dates'
import type { BoughtVoucher } from '@salon/contracts/vouchers'
import { useEffect, useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { LoadingLine } from '../components/ui/load-states.tsx'
import { PageFrame } from '../components/ui/page-header.tsx'
import { SuccessMark } from '../components/ui/success-mark.tsx'
import { Checkout } from '../features/packages/checkout.tsx'
import { commerceCalls } from '../features/packages/commerce-calls.ts'
import { giftVoucherConfirmation, giftVoucherPaidUrl, GIFT_VOUCHERS_PATH, type GiftVoucherForm } from '../features/packages/gift-voucher.ts'
import { GiftVoucherDetails, GiftVoucherSummary, type ChosenGift } from '../features/packages/gift-voucher-form.tsx'
import { ApiError } from '../lib/api.ts'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/gift-vouchers'

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, 'Gift vouchers', 'Give a gift voucher for an amount or a minute package, sent by text or email on the day you choose.', { private: true })

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'We could not load this page. Please try again.')

/**
 * Two pages in one, by the address: /gift-vouchers/ chooses a voucher and pays for it by card (signed in or not);
 * /gift-vouchers/?paid=PAYMENT is the buyer's confirmation, once the card provider says the payment went through.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const paid = new URL(request.url).searchParams.get('paid')
  if (paid) {
    try {
      return { mode: 'paid' as const, voucher: await commerceCalls.boughtVoucher(paid), problem: null }
    } catch (error) {
      return {
        mode: 'paid' as const,
        voucher: null,
        problem: error instanceof ApiError && error.status === 404 ? 'There is no such gift voucher payment.' : messageOf(error),
      }
    }
  }
  try {
    return { mode: 'choose' as const, options: await commerceCalls.voucherOptions(), problem: null }
  } catch (error) {
    return { mode: 'choose' as const, options: null, problem: messageOf(error) }
  }
}
clientLoader.hydrate = true as const

const INTRO = 'Give a gift voucher for an amount or a minute package. We send it by text or email on the day you choose.'

export function HydrateFallback() {
  return (
    <PageFrame eyebrow="Gift vouchers" title="Give a gift voucher" intro={INTRO}>
      <LoadingLine what="the gift vouchers" />
    </PageFrame>
  )
}

export default function GiftVouchers({ loaderData }: Route.ComponentProps) {
  if (loaderData.mode === 'paid') {
    return (
      <PageFrame eyebrow="Gift vouchers" title="Your gift voucher">
        <Confirmation voucher={loaderData.voucher} problem={loaderData.problem} />
      </PageFrame>
    )
  }
  return (
    <PageFrame eyebrow="Gift vouchers" title="Give a gift voucher" intro={INTRO}>
      {loaderData.options ? (
        <Choose options={loaderData.options} />
      ) : (
        <p role="alert" className="card p-5">
          {loaderData.problem}
        </p>
      )}
    </PageFrame>
  )
}

function Choose({ options }: { options: NonNullable<Extract<Route.ComponentProps['loaderData'], { mode: 'choose' }>['options']> }) {
  const navigate = useNavigate()
  const [today] = useState(() => todayInUk())
  const [form, setForm] = useState<GiftVoucherForm | null>(null)
  const [chosen, setChosen] = useState<ChosenGift | null>(null)
  const origin = typeof window === 'undefined' ? '' : window.location.origin

  if (!chosen) {
    return (
      <GiftVoucherDetails
        options={options}
        today={today}
        initial={form}
        onContinue={(typed, next) => {
          setForm(typed)
          setChosen(next)
        }}
      />
    )
  }
  return (
    <Checkout
      key={JSON.stringify(chosen.request)}
      order={{ kind: 'voucher', request: chosen.request, pricePence: chosen.choice.pricePence }}
      summary={<GiftVoucherSummary chosen={chosen} onChange={() => setChosen(null)} />}
      returnUrl={(paymentId) => `${origin}${giftVoucherPaidUrl(paymentId)}`}
      onPaid={(payment) => void navigate(giftVoucherPaidUrl(payment.id), { replace: true })}
    />
  )
}

function Confirmation({ voucher, problem }: { voucher: BoughtVoucher | null; problem: string | null }) {
  const headingRef = useRef<HTMLHeadingElement>(null)
  const issued = voucher !== null && voucher.status !== 'awaiting_payment'
  useEffect(() => {
    if (issued) headingRef.current?.focus()
  }, [issued])
  return (
    <section className="card mx-auto flex w-full max-w-xl flex-col items-center gap-4 p-8 text-center" aria-labelledby="gift-done-title">
      {issued && <SuccessMark />}
      <h2 id="gift-done-title" ref={headingRef} tabIndex={-1} className="text-2xl font-semibold">
        {issued ? 'Thank you' : 'Not paid yet'}
      </h2>
      <p className="text-cocoa-800" role={issued ? 'status' : 'alert'}>
        {voucher ? giftVoucherConfirmation(voucher) : problem}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to={GIFT_VOUCHERS_PATH} className="btn-primary" reloadDocument={!issued}>
          {issued ? 'Give another voucher' : 'Start again'}
        </Link>
        <Link to="/book/package/" className="btn-outline">
          See the packages
        </Link>
      </div>
    </section>
  )
}
