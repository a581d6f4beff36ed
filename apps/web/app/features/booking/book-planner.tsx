import type { PriceResponse } from '@salon/contracts/booking'
import type { SalonResponse } from '@salon/contracts/shop'
import { useCallback, useEffect, useId, useMemo, useReducer, useRef, useState, type RefObject } from 'react'
import { Link, useFetcher, useNavigate } from 'react-router'
import { useAlert } from '../../components/ui/alert.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { formatAmount, formatPence } from '../../lib/format.ts'
import type { StoredAppointment } from './appointment-storage.ts'
import { ANY_BED, BedPicker, bedFilter, typeChoice } from './bed-picker.tsx'
import { DUPLICATE_BOOKING_ALERT, HEALTH_QUESTIONS_PATH } from './book-failure.ts'
import { bookAppointment, SIGN_IN_TO_BOOK } from './book-flow.ts'
import { browserBookingCalls } from './booking-api.ts'
import { bookingReducer, initialBookingState } from './booking-state.ts'
import { DayStrip } from './day-strip.tsx'
import { formatDay, relativeDay } from './dates.ts'
import {
  FREE_TIMES_PATH,
  forgetFreeTimes,
  freeTimesQuery,
  PRICE_PATH,
  priceQuery,
  type FreeTimesAnswer,
  type PlannerPreload,
  type PlannerSlot,
  type PriceAnswer,
} from './planner-data.ts'
import { TimePicker } from './time-picker.tsx'
import { forgetWaitlistDay, JoinWaitlist, waitlistDayWaiting } from '../waitlist/public.ts'
import { useMyMembership } from '../memberships/public.ts'
import { useMyCredit } from './my-credit.ts'

interface BookPlannerProps {
  salon: Pick<SalonResponse, 'beds' | 'bedTypes'>
  preload: PlannerPreload | null
  /** A booking left waiting in storage (the customer went to sign in and came back): the planner starts from it. */
  stored: StoredAppointment | null
  signedIn: boolean
  /** A message to show once, e.g. why a booking made after signing in did not go through. */
  notice?: string | null
}

type PriceView = { status: 'idle' } | { status: 'loading' } | { status: 'ready'; price: PriceResponse } | { status: 'error'; message: string }

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value))

/** What the customer has chosen: a day, a sunbed (ANY_BED, a type or a bed), the minutes and a start time. */
interface Choice {
  date: string | null
  bedId: string
  minutes: number
  time: string | null
}

/** What the customer has chosen; restored from a booking still waiting in storage, else the first day with free times. */
function initialChoice(preload: PlannerPreload | null, stored: StoredAppointment | null): Choice {
  const days = Object.entries(preload?.times ?? {})
  const firstFree = days.find(([, slots]) => slots.length > 0)?.[0] ?? days[0]?.[0] ?? null
  if (stored) return { date: stored.date, bedId: stored.bedType ? typeChoice(stored.bedType) : stored.bedId, minutes: stored.minutes, time: stored.time }
  return { date: firstFree, bedId: ANY_BED, minutes: preload?.minutes || 6, time: null }
}

/** The /book/ page's steps: day, sunbed, minutes and time, then the price and the Book button. */
export function BookPlanner({ salon, preload, stored, signedIn, notice }: BookPlannerProps) {
  const calls = browserBookingCalls
  const navigate = useNavigate()
  const alert = useAlert()
  const liveId = useId()
  const preloadMinutes = preload?.minutes || 6

  const [choice, setChoice] = useState(() => initialChoice(preload, stored))
  const { date, bedId, minutes, time } = choice
  const [state, dispatch] = useReducer(bookingReducer, initialBookingState)
  /** The preloaded times suit any bed at the first-session length, until a refused booking says they changed. */
  const [preloadFresh, setPreloadFresh] = useState(true)
  // Where focus goes once an alert about a refused booking is closed: the step to choose again.
  const dayHeading = useRef<HTMLHeadingElement>(null)
  const timesHeading = useRef<HTMLHeadingElement>(null)
  const focus = (ref: RefObject<HTMLHeadingElement | null>) => () => ref.current?.focus()

  const covered = bedFilter(bedId, salon.beds)
  const bed = covered.filter.bedId ? (covered.beds[0] ?? null) : null
  const bedType = covered.filter.bedType ? salon.bedTypes.find((t) => t.code === covered.filter.bedType) : undefined
  const [minMinutes, maxMinutes] = minutesRange(covered.beds)

  const { show: showAlert } = alert
  useEffect(() => {
    if (notice) showAlert({ kind: 'error', message: notice, onConfirm: () => dayHeading.current?.focus() })
  }, [notice, showAlert])

  // Back from signing in to wait for a full day (docs/product.md "Waitlist"): the planner opens on it, once. Read after
  // hydration, as the page is the same for everyone until then.
  useEffect(() => {
    const waiting = signedIn && !stored ? waitlistDayWaiting() : null
    if (!waiting) return
    forgetWaitlistDay()
    setChoice({ date: waiting.date, bedId: waiting.bedType ? typeChoice(waiting.bedType) : ANY_BED, minutes: waiting.minutes, time: null })
  }, [signedIn, stored])

  // docs/product.md §3 times and timesLoading: the chosen day's free times for this request, preloaded with the page or
  // loaded by a fetcher; React Router keeps only the answer to the latest request.
  const timesFetcher = useFetcher<FreeTimesAnswer>()
  const preloaded = preloadFresh && minutes === preloadMinutes && bedId === ANY_BED && date ? preload?.times[date] : undefined
  const timesQuery = date && !preloaded ? freeTimesQuery({ date, minutes, ...covered.filter }) : null
  const { load: loadTimes } = timesFetcher
  useEffect(() => {
    if (timesQuery) void loadTimes(`${FREE_TIMES_PATH}${timesQuery}`)
  }, [timesQuery, loadTimes])
  const timesAnswer = timesQuery && timesFetcher.data?.query === timesQuery ? timesFetcher.data : undefined
  const slots: PlannerSlot[] | undefined = preloaded ?? (timesAnswer && 'times' in timesAnswer ? timesAnswer.times : undefined)
  const timesError = timesAnswer && 'error' in timesAnswer ? timesAnswer.error : null
  const timesLoading = !!date && !slots && !timesError

  const slot = slots?.find((s) => s.time === time) ?? null
  // Any free sunbed: the first the slot names (slots give the ids of their free beds, in the salon's order).
  const firstFree = slot?.bedIds[0]
  const bookedBed = bed ?? (firstFree ? (salon.beds.find((b) => b.id === firstFree) ?? null) : null)
  // A member may pay with their membership, and anyone with gift voucher credit with that, instead of as the salon's
  // rules say (docs/product.md "Memberships", "Gift vouchers"): one or the other.
  const membership = useMyMembership(signedIn)
  const credit = useMyCredit(signedIn)
  const [payWith, setPayWith] = useState<'membership' | 'credit' | null>(null)
  const payWithMembership = payWith === 'membership' && membership !== null
  const payWithCredit = payWith === 'credit' && credit !== null
  const booked: StoredAppointment | null =
    date && slot && bookedBed ? { date, time: slot.time, minutes, bedId: bookedBed.id, ...(bed ? {} : { bedType: bookedBed.type }) } : null
  const request: StoredAppointment | null =
    booked && (payWithMembership || payWithCredit) ? { ...booked, payWith: payWithMembership ? 'membership' : 'credit' } : booked
  const choosePayWith = (way: 'membership' | 'credit', chosen: boolean) => setPayWith(chosen ? way : null)

  // The price, and how it will be paid, once a time is chosen; asked again when the request or the session changes.
  const priceFetcher = useFetcher<PriceAnswer>()
  const priceOf = request ? priceQuery({ date: request.date, time: request.time, minutes: request.minutes, bedId: request.bedId }, signedIn) : null
  const { load: loadPrice } = priceFetcher
  useEffect(() => {
    if (priceOf) void loadPrice(`${PRICE_PATH}${priceOf}`)
  }, [priceOf, loadPrice])
  const priceAnswer = priceOf && priceFetcher.data?.query === priceOf ? priceFetcher.data : undefined
  const price: PriceView = !priceOf
    ? { status: 'idle' }
    : !priceAnswer
      ? { status: 'loading' }
      : 'price' in priceAnswer
        ? { status: 'ready', price: priceAnswer.price }
        : { status: 'error', message: priceAnswer.error }

  // The same function while the salon's beds are: the day, sunbed and time pickers (memoised) skip the planner's other renders.
  const beds = salon.beds
  const choose = useCallback(
    (next: Partial<Choice>) =>
      setChoice((current) => {
        const merged = { ...current, ...next }
        const [lo, hi] = minutesRange(bedFilter(merged.bedId, beds).beds)
        merged.minutes = clamp(merged.minutes, lo, hi)
        const sameTimes = merged.date === current.date && merged.minutes === current.minutes && merged.bedId === current.bedId
        if (next.time === undefined && !sameTimes) merged.time = null
        return merged
      }),
    [beds],
  )
  const chooseDay = useCallback((d: string) => choose({ date: d }), [choose])
  const chooseBed = useCallback((b: string) => choose({ bedId: b }), [choose])
  const chooseTime = useCallback((t: string) => choose({ time: t }), [choose])

  async function onBook() {
    if (!request) return
    const outcome = await bookAppointment({ request, signedIn, calls, dispatch })
    if (outcome.kind !== 'sign-in') forgetFreeTimes()
    switch (outcome.kind) {
      case 'booked':
        return navigate(outcome.next, { state: { booking: outcome.booking } })
      case 'sign-in':
        return navigate(SIGN_IN_TO_BOOK)
      case 'health':
        return navigate(HEALTH_QUESTIONS_PATH)
      case 'duplicate':
        return showAlert({ kind: 'error', message: DUPLICATE_BOOKING_ALERT, onConfirm: focus(dayHeading) })
      case 'refused':
        // Times may have changed (the bed was just taken): load them afresh.
        setPreloadFresh(false)
        choose({ time: null })
        if (timesQuery) void loadTimes(`${FREE_TIMES_PATH}${timesQuery}`)
        return showAlert({ kind: 'error', message: outcome.message, onConfirm: focus(timesHeading) })
    }
  }

  const days = useMemo(() => Object.entries(preload?.times ?? {}).map(([d, s]) => ({ date: d, slots: s })), [preload])
  const today = days[0]?.date ?? null
  const noPayment = price.status === 'ready' && price.price.paidWith === null && signedIn && !payWithMembership && !payWithCredit
  // Credit that does not cover the session's price cannot pay for it: the customer is told, and chooses another way.
  const creditShort = payWithCredit && price.status === 'ready' && credit < price.price.pricePence
  const canBook = request !== null && !state.isLoading && !noPayment && !creditShort
  const liveText = timesLoading
    ? 'Loading free times…'
    : date && slots
      ? `${slots.length ? `${slots.length} free time${slots.length === 1 ? '' : 's'}` : 'No free times'} on ${formatDay(date)}.`
      : ''

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="flex flex-col gap-8">
        <Step number={1} title="Choose a day" headingRef={dayHeading}>
          <DayStrip days={days} selected={date} onSelect={chooseDay} />
        </Step>

        <Step number={2} title="Choose a sunbed">
          <BedPicker beds={salon.beds} bedTypes={salon.bedTypes} selected={bedId} onSelect={chooseBed} />
        </Step>

        <Step number={3} title="How many minutes?">
          <div className="flex flex-col gap-2">
            <label htmlFor="minutes" className="sr-only">
              Minutes
            </label>
            <div className="flex items-center gap-3">
              <button
                type="button"
                className="btn-outline size-11 p-0 text-2xl"
                aria-label="One minute less"
                aria-controls="minutes"
                disabled={minutes <= minMinutes}
                onClick={() => choose({ minutes: minutes - 1 })}
              >
                −
              </button>
              <select
                id="minutes"
                name="minutes"
                className="field-input w-44 text-center text-lg font-semibold"
                value={minutes}
                onChange={(event) => choose({ minutes: Number(event.target.value) })}
              >
                {Array.from({ length: maxMinutes - minMinutes + 1 }, (_, i) => minMinutes + i).map((m) => (
                  <option key={m} value={m}>
                    {m} minutes
                  </option>
                ))}
              </select>
              <button
                type="button"
                className="btn-outline size-11 p-0 text-2xl"
                aria-label="One minute more"
                aria-controls="minutes"
                disabled={minutes >= maxMinutes}
                onClick={() => choose({ minutes: minutes + 1 })}
              >
                +
              </button>
            </div>
            <p className="text-sm text-cocoa-600">
              {bed
                ? `${bed.name} takes ${bed.minMinutes} to ${bed.maxMinutes} minutes.`
                : `Between ${minMinutes} and ${maxMinutes} minutes, depending on the sunbed.`}{' '}
              New to us? Your first session can be at most {preloadMinutes} minutes, so we can see how your skin takes to UV.
            </p>
          </div>
        </Step>

        <Step number={4} title={timesTitle(date, today)} headingRef={timesHeading}>
          <p id={liveId} aria-live="polite" className="sr-only">
            {liveText}
          </p>
          {!date ? (
            <p className="text-cocoa-700">Choose a day first.</p>
          ) : timesError ? (
            <div role="alert" className="flex flex-col items-start gap-3 rounded-2xl bg-cocoa-50 p-4 text-cocoa-700">
              <p>{timesError}</p>
              <button type="button" className="btn-outline" onClick={() => timesQuery && void loadTimes(`${FREE_TIMES_PATH}${timesQuery}`)}>
                Try again
              </button>
            </div>
          ) : timesLoading || !slots ? (
            <p className="flex items-center gap-2 text-cocoa-700">
              <Spinner label="Loading free times" /> Loading free times…
            </p>
          ) : slots.length === 0 ? (
            <div className="flex flex-col gap-4 rounded-2xl bg-cocoa-50 p-4">
              <p className="text-cocoa-700">
                No free times on {formatDay(date)} for {minutes} minutes{bed ? ` on ${bed.name}` : ''}. Please try another day
                {bed || bedType ? ' or any free sunbed' : ''}.
              </p>
              <JoinWaitlist key={`${date}:${minutes}`} date={date} minutes={minutes} bedType={bed?.type ?? bedType?.code} signedIn={signedIn} />
            </div>
          ) : (
            <TimePicker slots={slots} selected={time} onSelect={chooseTime} />
          )}
        </Step>
      </div>

      <aside aria-labelledby="summary-title" className="lg:sticky lg:top-24 lg:self-start">
        <div className="card flex flex-col gap-4 p-5">
          <h2 id="summary-title" className="text-xl font-semibold">
            Your session
          </h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-base">
            <dt className="text-cocoa-600">Day</dt>
            <dd className="font-semibold">{date ? formatDay(date) : '—'}</dd>
            <dt className="text-cocoa-600">Time</dt>
            <dd className="font-semibold">{time ?? 'Choose a time'}</dd>
            <dt className="text-cocoa-600">Sunbed</dt>
            <dd className="font-semibold">
              {bookedBed?.name ?? (bedType ? `Any ${bedType.name.replace(/ sunbeds?$/i, '').toLowerCase()}` : 'Any free sunbed')}
            </dd>
            <dt className="text-cocoa-600">Minutes</dt>
            <dd className="font-semibold">{minutes}</dd>
          </dl>
          <div aria-live="polite" className="min-h-12 rounded-xl bg-cocoa-50 p-3 text-sm text-cocoa-800">
            {price.status === 'idle' && 'Choose a time to see the price.'}
            {price.status === 'loading' && (
              <span className="flex items-center gap-2">
                <Spinner label="Working out the price" /> Working out the price…
              </span>
            )}
            {price.status === 'error' && price.message}
            {price.status === 'ready' &&
              (payWithMembership ? (
                <MembershipLine minutes={minutes} />
              ) : payWithCredit ? (
                <CreditLine pricePence={price.price.pricePence} creditPence={credit} />
              ) : (
                <PriceLine price={price.price} />
              ))}
          </div>
          {membership && (
            <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-cocoa-200 px-3 py-2 font-semibold text-cocoa-900">
              <input
                type="checkbox"
                className="size-5 accent-brand-teal"
                checked={payWithMembership}
                onChange={(e) => choosePayWith('membership', e.target.checked)}
              />
              Pay with my membership
            </label>
          )}
          {credit !== null && (
            <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-cocoa-200 px-3 py-2 font-semibold text-cocoa-900">
              <input type="checkbox" className="size-5 accent-brand-teal" checked={payWithCredit} onChange={(e) => choosePayWith('credit', e.target.checked)} />
              Pay with my gift voucher credit ({formatPence(credit)})
            </label>
          )}
          {noPayment && (
            <Link to="/book/package/" className="btn-outline">
              Buy a package
            </Link>
          )}
          <BookButton canBook={canBook} busy={state.isLoading} signedIn={signedIn} time={time} onBook={() => void onBook()} />
          {!signedIn && <p className="text-center text-sm text-cocoa-600">You will sign in or create an account next; your choice is kept.</p>}
        </div>
      </aside>

      {/* Phones: the price and Book stay in reach at the bottom once a time is chosen; the spacer keeps the page end clear of it. */}
      {request && <div aria-hidden="true" className="h-16 lg:hidden" />}
      {request && (
        <div className="fixed inset-x-0 bottom-0 z-30 border-t border-cocoa-100 bg-white/95 px-4 py-3 shadow-[0_-4px_16px_rgba(59,36,22,0.08)] backdrop-blur lg:hidden">
          <div className="mx-auto flex max-w-6xl items-center gap-3">
            <p className="min-w-0 flex-1 text-sm leading-tight">
              <strong className="block truncate">
                {relativeDay(request.date, today)} · {request.time}
              </strong>
              <span className="text-cocoa-700">
                {request.minutes} min
                {payWithMembership
                  ? ' · with your membership'
                  : payWithCredit
                    ? ' · with your credit'
                    : price.status === 'ready'
                      ? ` · ${price.price.paidWith === 'balance' ? 'from your balance' : formatPence(price.price.pricePence)}`
                      : ''}
              </span>
            </p>
            <button
              type="button"
              className="btn-primary shrink-0"
              disabled={!canBook}
              onClick={() => void onBook()}
              aria-label={bookLabel(request.time, signedIn)}
            >
              {state.isLoading && <Spinner label="Booking" />}
              Book
            </button>
          </div>
        </div>
      )}
      {alert.element}
    </div>
  )
}

/** The shortest and longest session the beds take between them. */
function minutesRange(beds: { minMinutes: number; maxMinutes: number }[]): [number, number] {
  if (beds.length === 0) return [1, 60]
  return [Math.min(...beds.map((b) => b.minMinutes)), Math.max(...beds.map((b) => b.maxMinutes))]
}

function timesTitle(date: string | null, today: string | null) {
  if (!date) return 'Free times'
  const day = relativeDay(date, today)
  return day === 'Today' || day === 'Tomorrow' ? `Free times ${day.toLowerCase()}` : `Free times on ${day}`
}

function Step({
  number,
  title,
  headingRef,
  children,
}: {
  number: number
  title: string
  headingRef?: RefObject<HTMLHeadingElement | null>
  children: React.ReactNode
}) {
  const id = useId()
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4">
      <h2 id={id} ref={headingRef} tabIndex={headingRef ? -1 : undefined} className="flex items-center gap-3 text-2xl font-semibold focus:outline-none">
        <span
          aria-hidden="true"
          className="flex size-8 shrink-0 items-center justify-center rounded-full bg-glow-400 font-sans text-base font-bold text-cocoa-950"
        >
          {number}
        </span>
        {title}
      </h2>
      {children}
    </section>
  )
}

/** The price of a chosen session, and how it will be paid. */
export function PriceLine({ price }: { price: PriceResponse }) {
  const paidWith = price.paidWith
  const how =
    paidWith === 'balance'
      ? 'Paid from your balance'
      : paidWith === 'in_salon'
        ? 'Pay in the salon'
        : paidWith === 'card'
          ? 'Pay by card when you book'
          : 'Not covered by your balance'
  return (
    <span className="flex flex-col gap-1">
      <span className="flex items-baseline justify-between gap-3">
        <span className="font-semibold">{how}</span>
        <span className="font-display text-xl font-semibold">{formatPence(price.pricePence)}</span>
      </span>
      {(price.paidWith !== 'in_salon' || price.balance !== null) && <span className="text-cocoa-700">{price.message}</span>}
    </span>
  )
}

/** A session paid with the customer's gift voucher credit: what it takes of it, or that it does not cover it. */
function CreditLine({ pricePence, creditPence }: { pricePence: number; creditPence: number }) {
  return (
    <span className="flex flex-col gap-1">
      <span className="flex items-baseline justify-between gap-3">
        <span className="font-semibold">Paid with your gift voucher credit</span>
        <span className="font-display text-xl font-semibold">{formatPence(pricePence)}</span>
      </span>
      <span className={creditPence < pricePence ? 'font-medium text-coral-700' : 'text-cocoa-700'}>
        {creditPence < pricePence
          ? `Your gift voucher credit is ${formatAmount(creditPence)} and this session costs ${formatAmount(pricePence)}. Please choose another way to pay.`
          : `${formatAmount(creditPence - pricePence)} of your credit will be left.`}
      </span>
    </span>
  )
}

/** A session paid with the customer's membership: nothing to pay for it. */
function MembershipLine({ minutes }: { minutes: number }) {
  return (
    <span className="flex flex-col gap-1">
      <span className="font-semibold">With your membership</span>
      <span className="text-cocoa-700">{minutes} minutes with your membership</span>
    </span>
  )
}

const bookLabel = (time: string, signedIn: boolean) => (signedIn ? `Book ${time}` : `Book ${time} and sign in`)

function BookButton({
  canBook,
  busy,
  signedIn,
  time,
  onBook,
}: {
  canBook: boolean
  busy: boolean
  signedIn: boolean
  time: string | null
  onBook: () => void
}) {
  return (
    // Phones use the bar at the bottom of the screen instead.
    <button type="button" className="btn-primary hidden w-full text-lg lg:inline-flex" disabled={!canBook} onClick={onBook}>
      {busy && <Spinner label="Booking" />}
      {time ? bookLabel(time, signedIn) : 'Book'}
    </button>
  )
}
