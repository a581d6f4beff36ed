import { createHash, randomUUID } from 'node:crypto'
import type { Booking } from '@salon/contracts/booking'
import type { JoinWaitlistRequest, WaitlistEntry, WaitlistOffer } from '@salon/contracts/waitlist'
import { OFFER_HOLD_MINUTES } from '@salon/contracts/waitlist'
import { plural } from '@salon/contracts/words'
import { databaseError } from '../../lib/database-errors.ts'
import { HttpError } from '../../lib/errors.ts'
import { describeDate, localDateOf, localTimeOf, localToInstant, toIsoWithOffset } from '../../lib/local-time.ts'
import { fittingMinutes, planSpend, type LedgerRepository } from '../commerce/public.ts'
import type { CustomersRepository, Identity } from '../identity/public.ts'
import type { StaffActor } from '../shop/public.ts'
import { bedTakes, lastBookableDate } from './availability.ts'
import type { BookingRepository, LockedCustomer, ShopSetup } from './booking.repository.ts'
import { bedsMatching, payment, rulesOf, toBooking } from './booking-views.ts'
import type { CustomerLock } from './customer-lock.service.ts'
import { checkSunbedSafety, type Audience } from './sunbed-safety-checks.service.ts'
import { historyProblems, personProblems } from './session-rules.ts'
import type { WaitlistEntryRow, WaitlistRepository } from './waitlist.repository.ts'

/** Every waitlist message, word for word (docs/product.md "Waitlist"). */
export const WAITLIST_MESSAGES = {
  joined: (day: string, from: string, to: string) =>
    `You're on the waitlist for ${day}, ${from} to ${to}. If a time frees up, we'll text you and hold it for you for ${OFFER_HOLD_MINUTES} minutes.`,
  already: (day: string) => `You are already on the waitlist for ${day}. Leave that entry first to choose other times.`,
  staffJoined: (day: string, from: string, to: string) =>
    `The customer is on the waitlist for ${day}, ${from} to ${to}: they will be texted if a time frees up.`,
  staffLeft: (day: string) => `The customer is off the waitlist for ${day}.`,
  staffAlready: (day: string) => `The customer is already on the waitlist for ${day}.`,
  order: 'Please choose a "to" time after the "from" time.',
  passed: 'That range of times has passed. Please choose later times or another day.',
  beyond: (last: string) => `You can join the waitlist for a day you could book: from today up to ${last}.`,
  noBed: (minutes: number) => `No sunbed here takes ${minutes}-minute sessions. Please choose another length.`,
  waiting: (day: string, from: string, to: string, minutes: number, bedType: string | null) =>
    `Waiting for a time on ${day}, ${from} to ${to} (${minutes} minutes${bedType ? `, ${bedType}` : ''})`,
  left: (day: string) => `You have left the waitlist for ${day}.`,
  notFound: 'There is no such entry on the waitlist.',
  offerNotFound: 'This offer is not among yours. Please sign in with the account the text was sent to.',
  gone: `This offer has gone: the time was held for you for ${OFFER_HOLD_MINUTES} minutes. Please choose another time on the booking page.`,
  held: (day: string, time: string, until: string) => `${day} at ${time} is held for you until ${until}.`,
} as const

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

export interface WaitlistDeps {
  bookings: BookingRepository
  waitlist: WaitlistRepository
  customers: CustomersRepository
  ledger: LedgerRepository
  lock: CustomerLock
  now: () => number
}

export function toEntry(row: WaitlistEntryRow, timeZone: string): WaitlistEntry {
  const from = localTimeOf(row.fromAt.getTime(), timeZone)
  const to = localTimeOf(row.toAt.getTime(), timeZone)
  return {
    id: row.id,
    date: row.localDate,
    from,
    to,
    minutes: row.minutes,
    bedType: row.bedType,
    status: row.status as WaitlistEntry['status'],
    description: WAITLIST_MESSAGES.waiting(describeDate(row.localDate), from, to, row.minutes, row.bedType),
  }
}

/**
 * The rules a session breaks for this customer (session-rules.ts and the sunbed safety checks: the one home of each),
 * for a session at `startsAt`; `only` keeps the rules that hold whatever the time in the range (when joining).
 */
export async function sessionProblems(
  tx: { db: Parameters<typeof checkSunbedSafety>[0] },
  customer: LockedCustomer,
  input: { setup: ShopSetup; sub: string; date: string; startsAt: number; minutes: number; at: number; audience: Audience; moving?: string },
) {
  const { setup, audience } = input
  const rules = rulesOf(setup)
  const safety = await checkSunbedSafety(tx.db, {
    shopId: setup.shopId,
    sub: input.sub,
    date: input.date,
    startsAt: input.startsAt,
    minutes: input.minutes,
    firstSessionMaxMinutes: rules.firstSessionMaxMinutes,
    timeZone: setup.timeZone,
    phone: setup.phone,
    at: input.at,
    audience,
    moving: input.moving,
  })
  const others = customer.active.filter((b) => b.id !== input.moving)
  const session = { date: input.date, startsAt: input.startsAt, minutes: input.minutes, timeZone: setup.timeZone }
  return [...personProblems(customer, input.date, audience), ...safety, ...historyProblems(others, rules, session, audience)]
}

/** Joining and leaving the waitlist, and the offer behind a text's link (docs/product.md "Waitlist"). */
export function createWaitlist(deps: WaitlistDeps) {
  const { waitlist, lock, now } = deps

  /** The entry's range as instants, or the refusal a person can act on. */
  function rangeOf(setup: ShopSetup, request: JoinWaitlistRequest) {
    const rules = rulesOf(setup)
    const fromAt = localToInstant(request.date, request.from, setup.timeZone)
    const toAt = localToInstant(request.date, request.to, setup.timeZone)
    if (fromAt === null || toAt === null || toAt <= fromAt) throw new HttpError(422, WAITLIST_MESSAGES.order)
    const at = now()
    const last = lastBookableDate(at, setup.timeZone, rules)
    if (request.date < localDateOf(at, setup.timeZone) || request.date > last) throw new HttpError(422, WAITLIST_MESSAGES.beyond(describeDate(last)))
    if (toAt <= at) throw new HttpError(422, WAITLIST_MESSAGES.passed)
    const beds = bedsMatching(setup, { bedType: request.bedType })
    if (!beds.some((bed) => bedTakes(bed, request.minutes))) throw new HttpError(422, WAITLIST_MESSAGES.noBed(request.minutes))
    return { fromAt: Math.max(fromAt, at), toAt }
  }

  /**
   * Puts a customer on the waitlist, online or at the desk (`addedBy`), under their lock: the sunbed rules that hold
   * whatever the time in the range (the law's, the health questions', the yearly limit's, one session a day) are
   * asked now, and all of them again when a time is offered and when it is booked.
   */
  async function join(shopId: string, sub: string | Identity, request: JoinWaitlistRequest, audience: Audience, actor?: StaffActor) {
    const setup = await lock.setupOf(shopId, request.date)
    const { fromAt, toAt } = rangeOf(setup, request)
    const id = randomUUID()
    const at = now()
    const work = async (tx: Parameters<Parameters<CustomerLock['asCustomer']>[2]>[0], customer: LockedCustomer, who: string) => {
      const problems = await sessionProblems(tx, customer, { setup, sub: who, date: request.date, startsAt: fromAt, minutes: request.minutes, at, audience })
      const [first] = problems.filter((p) => p.rule !== 'too-close')
      if (first) throw new HttpError(first.status, first.message)
      const row = {
        id,
        shopId,
        sub: who,
        localDate: request.date,
        fromAt: new Date(fromAt),
        toAt: new Date(toAt),
        minutes: request.minutes,
        bedType: request.bedType ?? null,
        addedBy: actor?.sub ?? null,
        createdAt: new Date(at),
      }
      await waitlist.insertEntry(tx.db, row)
      if (actor)
        await tx.audit(actor, {
          action: 'waitlist.add',
          subjectType: 'waitlist_entry',
          subjectId: id,
          after: { date: request.date, from: request.from, to: request.to, minutes: request.minutes },
        })
      return { ...row, status: 'waiting', endedAt: null }
    }
    try {
      const row =
        typeof sub === 'string' ? await lock.underCustomerLock(shopId, sub, work) : await lock.asCustomer(shopId, sub, (tx, c) => work(tx, c, sub.sub))
      const entry = toEntry(row, setup.timeZone)
      const words = actor ? WAITLIST_MESSAGES.staffJoined : WAITLIST_MESSAGES.joined
      return { message: words(describeDate(entry.date), entry.from, entry.to), entry }
    } catch (error) {
      if (databaseError(error)?.constraint === 'waitlist_entries_one_per_day') {
        const day = describeDate(request.date)
        throw new HttpError(409, audience === 'staff' ? WAITLIST_MESSAGES.staffAlready(day) : WAITLIST_MESSAGES.already(day))
      }
      throw error
    }
  }

  /** Takes an entry off the waitlist (the customer, or staff for them); a time held for it is let go, and so offered to the next. */
  async function leave(shopId: string, sub: string, id: string, actor?: StaffActor) {
    const at = now()
    await lock.underCustomerLock(shopId, sub, async (tx) => {
      const before = await waitlist.leave(tx.db, shopId, sub, id, new Date(at))
      if (!before) throw new HttpError(404, WAITLIST_MESSAGES.notFound)
      if (actor) await tx.audit(actor, { action: 'waitlist.remove', subjectType: 'waitlist_entry', subjectId: id })
      if (before.holdId) {
        const hold = await tx.bookingForUpdate(before.holdId)
        if (hold?.status === 'pending') await tx.setStatus(before.holdId, 'cancelled')
      }
    })
  }

  async function offerOf(shopId: string, identity: Identity, token: string) {
    const offer = await waitlist.offerByToken(shopId, identity.sub, hashToken(token))
    if (!offer) throw new HttpError(404, WAITLIST_MESSAGES.offerNotFound)
    return offer
  }

  return {
    join,
    leave,

    /** GET p_account/waitlist */
    async entries(shopId: string, identity: Identity) {
      const setup = await lock.setupOf(shopId)
      return { entries: (await waitlist.liveEntriesOf(shopId, identity.sub)).map((row) => toEntry(row, setup.timeZone)) }
    },

    /** DELETE p_account/waitlist/{id} */
    async leaveOwn(shopId: string, identity: Identity, id: string) {
      const [row] = (await waitlist.liveEntriesOf(shopId, identity.sub)).filter((e) => e.id === id)
      if (!row) throw new HttpError(404, WAITLIST_MESSAGES.notFound)
      await leave(shopId, identity.sub, id)
      return { message: WAITLIST_MESSAGES.left(describeDate(row.localDate)) }
    },

    /** GET p_account/waitlist/offers/{token}: the held time and how it would be paid, or that it has gone. */
    async offer(shopId: string, identity: Identity, token: string): Promise<WaitlistOffer> {
      const offer = await offerOf(shopId, identity, token)
      const setup = await lock.setupOf(shopId, offer.localDate)
      const at = now()
      const held = offer.status === 'pending' && offer.holdUntil !== null && offer.holdUntil.getTime() > at
      const time = localTimeOf(offer.startsAt.getTime(), setup.timeZone)
      const until = offer.holdUntil ?? offer.startsAt
      const rules = rulesOf(setup)
      const fitting = fittingMinutes(await deps.ledger.lotsWithMinutes(shopId, identity.sub), offer.bedType, at)
      return {
        held,
        date: offer.localDate,
        time,
        minutes: offer.minutes,
        bed: { id: offer.bedId, name: offer.bedName, type: offer.bedType },
        pricePence: offer.pricePence,
        holdUntil: toIsoWithOffset(until.getTime(), setup.timeZone),
        paidWith: payment(rules, fitting, offer.minutes),
        message: held ? WAITLIST_MESSAGES.held(describeDate(offer.localDate), time, localTimeOf(until.getTime(), setup.timeZone)) : WAITLIST_MESSAGES.gone,
      }
    },

    /** POST p_account/waitlist/offers/{token}/book: the held time becomes the customer's booking, under every rule a booking keeps. */
    async book(shopId: string, identity: Identity, token: string): Promise<Booking> {
      await deps.customers.refuseBlocked(shopId, identity.sub)
      const offer = await offerOf(shopId, identity, token)
      const setup = await lock.setupOf(shopId, offer.localDate)
      const rules = rulesOf(setup)
      const at = now()
      await lock.asCustomer(shopId, identity, async (tx, customer) => {
        const hold = await tx.bookingForUpdate(offer.bookingId)
        if (!hold || hold.status !== 'pending' || !hold.holdUntil || hold.holdUntil.getTime() <= at) throw new HttpError(409, WAITLIST_MESSAGES.gone)
        const input = {
          setup,
          sub: identity.sub,
          date: offer.localDate,
          startsAt: offer.startsAt.getTime(),
          minutes: offer.minutes,
          at,
          audience: 'customer' as const,
        }
        const [first] = await sessionProblems(tx, customer, { ...input, moving: offer.bookingId })
        if (first) throw new HttpError(first.status, first.message)
        const fitting = fittingMinutes(customer.lots, offer.bedType, at)
        const paidWith = payment(rules, fitting, offer.minutes)
        if (!paidWith) {
          throw new HttpError(
            402,
            `Your balance has ${plural(fitting, 'minute')} for ${offer.bedType} sunbeds and this session needs ${offer.minutes}. Please buy a package of minutes first.`,
          )
        }
        if (paidWith === 'balance') await tx.spend(offer.bookingId, planSpend(customer.lots, offer.bedType, offer.minutes, at)!)
        await waitlist.confirmHold(tx.db, offer, paidWith, new Date(at))
      })
      const row = await deps.bookings.bookingOf(shopId, identity.sub, offer.bookingId)
      return toBooking(row!, setup)
    },
  }
}
export type Waitlist = ReturnType<typeof createWaitlist>
