import { randomUUID } from 'node:crypto'
import { addDays } from '@salon/contracts/dates'
import {
  DUPLICATE_BOOKING_MESSAGE,
  type AppointmentRequest,
  type BookRequest,
  type Booking,
  type BookingsResponse,
  type PreloadTimesResponse,
  type PriceRequest,
  type PriceResponse,
  type SessionChangeResponse,
  type SessionsResponse,
  type SlotBed,
} from '@salon/contracts/booking'
import { HttpError } from '../../lib/errors.ts'
import { type CustomersRepository, type Identity } from '../identity/public.ts'
import type { MembershipSessions } from '../memberships/public.ts'
import { type Draw, fittingMinutes, type LedgerRepository, planSpend, type SessionCredit } from '../commerce/public.ts'
import { poundsAndPence, SESSION_HOLD_MINUTES } from '@salon/contracts/rules/money'
import type { AvailabilityCache, CachedAnswer, ComputedAnswer } from './availability-cache.ts'
import {
  bedOpenRefusal,
  bedTakes,
  busyByBed,
  checkStart,
  comingDates,
  dayRange,
  daySlots,
  isRefusal,
  lastBookableDate,
  type BedForSlots,
  type BookingRules,
} from './availability.ts'
import type { BookingRepository, BookingRow, LockedCustomer, ShopSetup } from './booking.repository.ts'
import { withRetries } from '../../lib/database-errors.ts'
import { createCustomerLock } from './customer-lock.service.ts'
import { bedsMatching, daySchedule, payment, rulesOf, sessionDescription, toBooking } from './booking-views.ts'
import { checkSunbedSafety } from './sunbed-safety-checks.service.ts'
import { historyProblems, personProblems, type SessionProblem } from './session-rules.ts'
import { plural } from '@salon/contracts/words'
import { describeDate, localDateOf, nextLocalMidnight } from '../../lib/local-time.ts'

const MINUTE = 60_000
/** p_preload_times covers today and the next six days. */
export const PRELOAD_DAYS = 7
/** PUT session/status with any status but `cancelled`: attendance is recorded by the salon, not the customer. */
export const ONLY_THE_SALON_MARKS_ATTENDANCE = 'Only the salon can mark a session as attended. You can cancel a session here.'

export interface BookingServiceDeps {
  bookings: BookingRepository
  ledger: LedgerRepository
  customers: CustomersRepository
  /** Paying a session with a membership, in the booking's transaction. */
  memberships: MembershipSessions
  /** Sessions paid with gift voucher credit (docs/product.md "Gift vouchers"). */
  credit: SessionCredit
  now: () => number
  /** Where availability answers are kept; without one, every call works its answer out. */
  availability?: AvailabilityCache
}

/** An answer serialized for keeping, and the first instant at which it may no longer be right. */
const answered = <T>(body: T, expiresAt: number): ComputedAnswer => ({ json: JSON.stringify(body), expiresAt })

const duration = (minutes: number) => (minutes % 60 === 0 ? plural(minutes / 60, 'hour') : plural(minutes, 'minute'))

/** The rules of booking a sunbed: what is free, who may book it, how it is paid, and cancelling. */
export function createBookingService(deps: BookingServiceDeps) {
  const { bookings: repo, now } = deps
  const lock = createCustomerLock(deps)
  const { availability, setupOf, asCustomer, cancelBooking } = lock
  const payWithMembership = deps.memberships.payForSession

  /**
   * The slots of several days for a session of `minutes` on any of `beds`, reading the bookings of the whole stretch
   * in one query; and the first instant at which they may no longer be right: when the first slot offered falls
   * inside the lead time, a hold on a bed runs out, or the shop's day ends.
   */
  async function slotsFor(setup: ShopSetup, rules: BookingRules, dates: string[], minutes: number, beds: BedForSlots[], at: number) {
    const days = dates.map((date) => daySchedule(setup, rules, date))
    const today = localDateOf(at, setup.timeZone)
    const last = lastBookableDate(at, setup.timeZone, rules)
    const ranges = days
      .filter((day) => day.date >= today && day.date <= last)
      .map((day) => dayRange(day, beds))
      .filter((r) => r !== null)
    const usable = beds.filter((bed) => bedTakes(bed, minutes))
    const busy =
      ranges.length && usable.length
        ? await repo.busy(
            usable.map((b) => b.id),
            Math.min(...ranges.map((r) => r.from)),
            Math.max(...ranges.map((r) => r.to)),
            at,
          )
        : []
    const byBed = busyByBed(busy)
    const slots = days.map((day) => daySlots(day, usable, minutes, byBed, at))
    let expiresAt = nextLocalMidnight(at, setup.timeZone)
    const lead = rules.leadTimeMinutes * MINUTE
    for (const day of slots) if (day[0]) expiresAt = Math.min(expiresAt, Date.parse(day[0].startsAt) - lead)
    for (const range of busy) if (range.holdUntil) expiresAt = Math.min(expiresAt, range.holdUntil)
    const named: SlotBed[] = usable.map(({ id, name, type }) => ({ id, name, type }))
    return { beds: named, slots, expiresAt }
  }

  /** Refuses the first rule a customer's session breaks, in the customer's words. */
  function refuseFirst([first]: SessionProblem[]) {
    if (first) throw new HttpError(first.status, first.message)
  }

  /** UK sunbed law and HSE guidance, checked against the customer's own profile (session-rules.ts). */
  function checkSafety(profile: { dob: string | null; skinType: number | null }, date: string) {
    refuseFirst(personProblems(profile, date, 'customer'))
  }

  /** The rules only a booking transaction can check, because they depend on the customer's other sessions (session-rules.ts). */
  function checkCustomerRules(active: LockedCustomer['active'], rules: BookingRules, date: string, startsAt: number, minutes: number, timeZone: string) {
    refuseFirst(historyProblems(active, rules, { date, startsAt, minutes, timeZone }, 'customer'))
  }

  async function cancelSession(shopId: string, identity: Identity, id: string): Promise<SessionChangeResponse> {
    const setup = await setupOf(shopId)
    const rules = rulesOf(setup)
    const at = now()
    const notFound = () => new HttpError(404, 'There is no such booking among your sessions.')
    const outcome = await cancelBooking(shopId, identity.sub, id, {
      notFound,
      refuse(booking) {
        if (booking.status === 'cancelled') throw new HttpError(409, 'This session is already cancelled.')
        if (booking.status === 'attended') throw new HttpError(409, 'This session has already been marked as attended.')
        if (booking.status === 'no_show') throw new HttpError(409, 'This session was marked as missed, so it cannot be cancelled now.')
        const startsAt = booking.startsAt.getTime()
        // An unpaid hold can always be let go: nothing was paid, and the bed is free again at once.
        if (booking.status !== 'pending' && at > startsAt - rules.cancellationCutoffMinutes * MINUTE) {
          throw new HttpError(
            409,
            `Sessions can be cancelled online until ${duration(rules.cancellationCutoffMinutes)} before they start. Please call the salon on ${setup.phone}.`,
          )
        }
      },
    })
    const row = await repo.bookingOf(shopId, identity.sub, id)
    if (!row) throw notFound()
    const booking = toBooking(row, setup)
    const when = `${describeDate(booking.date)} at ${booking.time}`
    const { refunded, expired, creditBack, creditExpired } = outcome
    const message =
      `Your session on ${when} is cancelled.` +
      (refunded ? ` ${plural(refunded, 'minute')} ${refunded === 1 ? 'is' : 'are'} back on your balance.` : '') +
      (expired ? ` ${plural(expired, 'minute')} came from a package that has expired since, so ${expired === 1 ? 'it stays' : 'they stay'} expired.` : '') +
      (creditBack ? ` ${poundsAndPence(creditBack)} is back on your account as gift voucher credit.` : '') +
      (creditExpired ? ` ${poundsAndPence(creditExpired)} came from gift voucher credit that has expired since, so it stays expired.` : '') +
      (outcome.card ? ` Your card payment of £${(booking.pricePence / 100).toFixed(2)} is refunded to your card.` : '')
    return { message, booking }
  }

  return {
    /** What the salon's own calls (the day sheet, docs/product.md §10.2) share with the customer's: the same setup, lock and cancel. */
    forStaff: lock,

    /**
     * GET p_preload_times: the coming days for a session of the shop's first-session length, which anyone may book.
     * The same for every caller, so kept (availability-cache.ts).
     */
    preload(shopId: string): Promise<CachedAnswer> {
      return availability.answer(shopId, 'preload', async (at): Promise<ComputedAnswer> => {
        // Closures are fetched for a day either side of the UTC dates: the shop's local dates lie within.
        const today = new Date(at).toISOString().slice(0, 10)
        const setup = await setupOf(shopId, addDays(today, -1), addDays(today, PRELOAD_DAYS + 1), false)
        if (!setup.rules) return answered<PreloadTimesResponse>({ beds: [], times: {}, minutes: 0 }, Infinity)
        const minutes = setup.rules.firstSessionMaxMinutes
        const dates = comingDates(at, setup.timeZone, PRELOAD_DAYS)
        const { beds, slots, expiresAt } = await slotsFor(setup, setup.rules, dates, minutes, setup.beds, at)
        return answered<PreloadTimesResponse>({ beds, times: Object.fromEntries(dates.map((date, i) => [date, slots[i]!])), minutes }, expiresAt)
      })
    },

    /** POST p_sessions: one day's slots for the appointment request; the same for every caller, so kept. */
    sessions(shopId: string, request: AppointmentRequest): Promise<CachedAnswer> {
      const key = JSON.stringify(['sessions', request.date, request.minutes, request.bedType ?? null, request.bedId ?? null])
      return availability.answer(shopId, key, async (at): Promise<ComputedAnswer> => {
        const setup = await setupOf(shopId, request.date, request.date, false)
        const matching = bedsMatching(setup, request)
        if (!setup.rules) return answered<SessionsResponse>({ date: request.date, beds: [], times: [] }, Infinity)
        const { beds, slots, expiresAt } = await slotsFor(setup, setup.rules, [request.date], request.minutes, matching, at)
        return answered<SessionsResponse>({ date: request.date, beds, times: slots[0]! }, expiresAt)
      })
    },

    /** POST booking/get_price_for_booking: the price, and how it would be paid for this customer (or a visitor). */
    async price(shopId: string, identity: Identity | null, request: PriceRequest): Promise<PriceResponse> {
      const setup = await setupOf(shopId)
      const rules = rulesOf(setup)
      const [bed] = bedsMatching(setup, request)
      if (!bed) throw new HttpError(422, 'bedId: there is no such sunbed at this salon.')
      const pricePence = bed.perMinutePence * request.minutes
      const at = now()
      const lots = identity ? await deps.ledger.lotsWithMinutes(shopId, identity.sub) : null
      const total = lots ? lots.filter((l) => l.expiresAt.getTime() > at).reduce((sum, l) => sum + l.remaining, 0) : null
      const balance = lots ? fittingMinutes(lots, bed.type, at) : null
      const paidWith = payment(rules, balance, request.minutes)
      const pounds = `£${(pricePence / 100).toFixed(2)}`
      // Minutes the customer has that do not fit this bed are named, so a short balance is not a surprise.
      const elsewhere = total !== null && balance !== null && total > balance ? ` (${plural(total - balance, 'minute')} of yours are for other sunbeds)` : ''
      const yours = `your balance has ${plural(balance ?? 0, 'minute')} for ${bed.type} sunbeds${elsewhere}`
      const message =
        paidWith === 'balance'
          ? `${plural(request.minutes, 'minute')} come off your balance, leaving ${plural(balance! - request.minutes, 'minute')} for ${bed.type} sunbeds.`
          : paidWith === 'card'
            ? `${pounds}, paid by card when you book${identity ? `: ${yours}` : ''}.`
            : paidWith === 'in_salon'
              ? `${pounds}, paid in the salon${identity ? `: ${yours}` : ''}.`
              : identity
                ? `${yours.charAt(0).toUpperCase()}${yours.slice(1)}; please buy a package to book this ${request.minutes}-minute session.`
                : 'Please sign in to pay with the minutes on your balance.'
      return {
        minutes: request.minutes,
        bedType: bed.type,
        perMinutePence: bed.perMinutePence,
        pricePence,
        paidWith,
        balance: balance === null ? null : { before: balance, after: paidWith === 'balance' ? balance - request.minutes : balance },
        message,
      }
    },

    /** POST p_book */
    async book(shopId: string, identity: Identity, request: BookRequest): Promise<Booking> {
      // A customer the salon has put on hold books nothing online, pay-up-front holds included (docs/product.md §10.5).
      await deps.customers.refuseBlocked(shopId, identity.sub)
      const setup = await setupOf(shopId, request.date)
      const rules = rulesOf(setup)
      const [bed] = bedsMatching(setup, { bedId: request.bedId })
      if (!bed) throw new HttpError(422, 'bedId: there is no such sunbed at this salon.')
      const { dob, skinType } = identity.profile
      // The pool's profile normally has both; otherwise the salon's copy decides, inside the transaction.
      if (dob && skinType) checkSafety({ dob, skinType }, request.date)
      if (!bedTakes(bed, request.minutes)) {
        throw new HttpError(422, `${bed.name} takes sessions of ${bed.minMinutes} to ${bed.maxMinutes} minutes. Please choose a length in that range.`)
      }
      const start = checkStart(daySchedule(setup, rules, request.date), request.time, request.minutes, now())
      if (isRefusal(start)) throw new HttpError(start.status, start.message)
      const startsAt = start.startsAt
      const endsAt = startsAt + request.minutes * MINUTE
      const pricePence = bed.perMinutePence * request.minutes
      const id = randomUUID()

      const at = now()
      const holdUntil = new Date(at + SESSION_HOLD_MINUTES * MINUTE)
      const paidWith = await withRetries(
        () =>
          asCustomer(shopId, identity, async (tx, customer) => {
            checkSafety({ dob: dob ?? customer.dob, skinType: skinType ?? customer.skinType }, request.date)
            // Health questions, skin reactions and the yearly limit: the one check every booking path makes (sunbed-safety-checks.service.ts).
            const [unsafe] = await checkSunbedSafety(tx.db, {
              shopId,
              sub: identity.sub,
              date: request.date,
              startsAt,
              minutes: request.minutes,
              firstSessionMaxMinutes: rules.firstSessionMaxMinutes,
              timeZone: setup.timeZone,
              phone: setup.phone,
              at,
              audience: 'customer',
            })
            if (unsafe) throw new HttpError(unsafe.status, unsafe.message, { rule: unsafe.rule })
            checkCustomerRules(customer.active, rules, request.date, startsAt, request.minutes, setup.timeZone)
            const fitting = fittingMinutes(customer.lots, bed.type, at)
            // A member's session is paid with their membership, or with gift voucher credit, when they ask: every rule
            // above applies all the same.
            const paidWith = request.payWith ?? payment(rules, fitting, request.minutes)
            if (!paidWith) {
              throw new HttpError(
                402,
                `Your balance has ${plural(fitting, 'minute')} for ${bed.type} sunbeds and this session needs ${request.minutes}. Please buy a package of minutes first.`,
              )
            }
            const draws: Draw[] = paidWith === 'balance' ? planSpend(customer.lots, bed.type, request.minutes, at)! : []
            const blockedUntil = new Date(endsAt + bed.cleaningBufferMinutes * MINUTE)
            await tx.releaseLapsedHolds(bed.id, new Date(startsAt), blockedUntil)
            await tx.insertBooking({
              id,
              shopId,
              sub: identity.sub,
              bedId: bed.id,
              localDate: request.date,
              startsAt: new Date(startsAt),
              endsAt: new Date(endsAt),
              blockedUntil,
              minutes: request.minutes,
              pricePence,
              paidWith,
              status: paidWith === 'card' ? 'pending' : 'booked',
              holdUntil: paidWith === 'card' ? holdUntil : null,
            })
            await tx.spend(id, draws)
            if (paidWith === 'credit')
              await deps.credit.pay(tx.db, {
                shopId,
                sub: identity.sub,
                bookingId: id,
                pricePence,
                description: sessionDescription(bed.name, request.minutes, request.date, request.time),
                at: new Date(at),
                audience: 'customer',
              })
            if (paidWith === 'membership')
              await payWithMembership(tx.db, {
                shopId,
                sub: identity.sub,
                bookingId: id,
                bedType: bed.type,
                startsAt,
                minutes: request.minutes,
                timeZone: setup.timeZone,
              })
            return paidWith
          }),
        (constraint, code) => {
          const closed = bedOpenRefusal(constraint, bed.name, request.date)
          if (closed) return new HttpError(closed.status, closed.message)
          if (code === '23P01' || constraint === 'bookings_no_overlap' || code === '40P01' || code === '40001') {
            return new HttpError(409, `Sorry, ${bed.name} has just been booked at ${request.time}. Please choose another time or sunbed.`)
          }
          if (constraint === 'bookings_one_per_day') return new HttpError(409, DUPLICATE_BOOKING_MESSAGE)
          // The database refused to take a lot below zero: the balance changed under us (it cannot, under the customer's lock).
          if (constraint === 'minute_lots_remaining') return new HttpError(409, 'Your balance has just changed. Please try booking again.')
          return undefined
        },
      )
      return toBooking(
        {
          id,
          shopId,
          sub: identity.sub,
          bedId: bed.id,
          bedName: bed.name,
          bedType: bed.type,
          localDate: request.date,
          startsAt: new Date(startsAt),
          endsAt: new Date(endsAt),
          minutes: request.minutes,
          pricePence,
          paidWith,
          status: paidWith === 'card' ? 'pending' : 'booked',
          holdUntil: paidWith === 'card' ? holdUntil : null,
        },
        setup,
      )
    },

    /** GET p_bookings: sessions still to come, soonest first; the rest (taken place or cancelled), newest first. */
    async list(shopId: string, identity: Identity): Promise<BookingsResponse> {
      const setup = await setupOf(shopId)
      const rows = await repo.bookingsOf(shopId, identity.sub)
      const at = now()
      const isUpcoming = (row: BookingRow) =>
        (row.status === 'booked' || (row.status === 'pending' && row.holdUntil!.getTime() > at)) && row.endsAt.getTime() > at
      return {
        upcoming: rows
          .filter(isUpcoming)
          .reverse()
          .map((r) => toBooking(r, setup)),
        past: rows.filter((r) => !isUpcoming(r)).map((r) => toBooking(r, setup)),
      }
    },

    async get(shopId: string, identity: Identity, id: string): Promise<Booking> {
      const setup = await setupOf(shopId)
      const row = await repo.bookingOf(shopId, identity.sub, id)
      if (!row) throw new HttpError(404, 'There is no such booking among your sessions.')
      return toBooking(row, setup)
    },

    /** POST session/{id}: cancel before the cut-off; minutes paid from the balance go back onto it. */
    cancel: (shopId: string, identity: Identity, id: string) => cancelSession(shopId, identity, id),

    /**
     * PUT session/status: a customer may only cancel through it. Attendance is the salon's to record, at the desk;
     * a customer marking their own session attended would take it out of their upcoming sessions and past the
     * cancellation rules, so it is refused before the booking is even looked up, and nothing changes.
     */
    setStatus: (shopId: string, identity: Identity, id: string, status: 'attended' | 'cancelled') => {
      if (status !== 'cancelled') throw new HttpError(403, ONLY_THE_SALON_MARKS_ATTENDANCE)
      return cancelSession(shopId, identity, id)
    },
  }
}
export type BookingService = ReturnType<typeof createBookingService>
