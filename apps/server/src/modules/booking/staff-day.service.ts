import { randomUUID } from 'node:crypto'
import { NO_SUCH_CUSTOMER } from '@salon/contracts/staff-customers'
import { addDays, shortDate, todayInUk, weekdayOf } from '@salon/contracts/dates'
import { dateOfBirthRule } from '@salon/contracts/rules/date-of-birth'
import { plural } from '@salon/contracts/words'
import { isEmailAddress } from '@salon/contracts/rules/email'
import { poundsAndPence } from '@salon/contracts/rules/money'
import type {
  DaySheetBooking,
  DaySheetResponse,
  NewInSalonCustomer,
  StaffBookingChangeResponse,
  StaffMoveRequest,
  SunbedRule,
  WalkInRequest,
} from '@salon/contracts/staff-day'
import type { SmsSender } from '../../adapters/sms/sms.ts'
import { HttpError } from '../../lib/errors.ts'
import { describeDate, localDateOf, localTimeOf, localToInstant, minutesOfDay, toIsoWithOffset } from '../../lib/local-time.ts'
import type { Logger } from '../../lib/logger.ts'
import { fittingMinutes, planSpend, type Draw } from '../commerce/public.ts'
import { createCustomersRepository, normalisePhone, requirePhotoIdCheck } from '../identity/public.ts'
import { createAuditLog, ONLY_OWNER, type StaffActor } from '../shop/public.ts'
import { bedOpenRefusal, type BookingRules } from './availability.ts'
import { CustomerMissing, type LockedCustomer, type ShopSetup } from './booking.repository.ts'
import { withRetries, type BookingService, type CancelOutcome } from './booking.service.ts'
import { historyProblems, personProblems, SESSION_RULE_MESSAGES, type SessionProblem } from './session-rules.ts'
import type { DaySheetRow, StaffDayRepository } from './staff-day.repository.ts'
import { checkSunbedSafety, recordAnswers } from './sunbed-safety-checks.service.ts'

const MINUTE = 60_000
/** A walk-in may be booked from a start this long ago: the customer is at the desk as the session begins. */
const WALK_IN_GRACE_MINUTES = 5

/** Every refusal of the day sheet's calls, word for word (docs/product.md §10.2). */
export const DAY_MESSAGES = {
  notFound: 'There is no such booking at this salon.',
  noCustomer: NO_SUCH_CUSTOMER,
  noRules: 'This salon has no booking rules yet: the owner must set them before sessions can be booked.',
  changed: 'Someone else changed this booking a moment ago. Please look at the day sheet again.',
  markCancelled: 'This session is cancelled, so it cannot be marked.',
  markPending: 'This session is waiting for its card payment, so it cannot be marked.',
  markFuture: 'A session can be marked only on its day or after it.',
  alreadyCancelled: 'This session is already cancelled.',
  cancelAttended: 'This session has been marked attended. If that was a mistake, mark it booked first.',
  cancelNoShow: 'This session has been marked a no-show. If that was a mistake, mark it booked first.',
  moveCancelled: 'This session is cancelled, so it cannot be moved. Please book a new one.',
  moveAttended: 'This session has been marked attended, so it cannot be moved.',
  moveNoShow: 'This session has been marked a no-show, so it cannot be moved.',
  movePending: 'This session is waiting for its card payment, so it cannot be moved until it is paid.',
  moveMinutes: 'The minutes of a session paid from the balance or by card cannot be changed. Cancel it and book a new one instead.',
  passed: 'That time has passed. Please choose a later time.',
  noDob: SESSION_RULE_MESSAGES.staff.noDob,
  noSkinType: SESSION_RULE_MESSAGES.staff.noSkinType,
  skinTypeI: SESSION_RULE_MESSAGES.staff.skinTypeI,
  phone: 'Please check the request: customer.new.phone must be a mobile number, for example 07700 900123.',
  email: 'Please check the request: customer.new.email must be a valid email address.',
  dob: 'Please check the request: customer.new.dob must be in the past and no earlier than 1900.',
} as const

const bedMissing = (bedId: string) => `bedId: there is no sunbed "${bedId.slice(0, 64)}" at this salon.`
const sameTypeOnly = (type: string) => `A session paid from the balance or by card can only move to another ${type} sunbed.`
const bedTaken = (bed: string, time: string) => `${bed} is already booked at ${time}, or is being cleaned then. Please choose another time or sunbed.`
const alreadyCustomer = (name: string) => `${name} already has this mobile number at the salon. Please choose them as a customer of the salon instead.`

/** A sunbed rule a staff booking breaks; the owner may let it past with a reason when it is overridable. */
type Problem = Omit<SessionProblem, 'rule'> & { rule: SunbedRule }

const fullName = (row: { firstName: string | null; lastName: string | null; erased?: boolean }) =>
  row.erased ? 'Deleted account' : [row.firstName, row.lastName].filter(Boolean).join(' ') || 'No name given'

/**
 * The day sheet and walk-ins (docs/product.md §10.2): the salon's view of a day, marking sessions, cancelling and
 * moving them on a customer's behalf, and booking at the desk. Bookings are changed under their customer's lock,
 * as the customer's own calls change them, and every change is audited in its transaction.
 */
export function createStaffDay(deps: { booking: BookingService['forStaff']; repo: StaffDayRepository; sms: SmsSender; logger: Logger; now: () => number }) {
  const { booking, repo, now } = deps

  function toSheet(row: DaySheetRow, timeZone: string): DaySheetBooking {
    // A hold whose time ran out no longer keeps the bed (it is let go when another booking needs it): shown cancelled.
    const lapsed = row.status === 'pending' && row.holdUntil !== null && row.holdUntil.getTime() <= now()
    const status = lapsed ? 'cancelled' : row.status
    const cancelledAt = lapsed ? row.holdUntil : row.cancelledAt
    const card = (): 'paid' | 'pending' | 'refunded' | 'unpaid' => {
      if (lapsed) return 'unpaid'
      if (row.status === 'pending') return 'pending'
      if (row.cardPayment === 'refunded') return 'refunded'
      // A cancelled session's card payment is owed back from the cancelling transaction, and refunded by a job.
      if (row.cardPayment === 'succeeded') return row.status === 'cancelled' ? 'refunded' : 'paid'
      return row.status === 'cancelled' ? 'unpaid' : 'paid'
    }
    return {
      id: row.id,
      bed: { id: row.bedId, name: row.bedName, type: row.bedType },
      date: row.localDate,
      time: localTimeOf(row.startsAt.getTime(), timeZone),
      endTime: localTimeOf(row.endsAt.getTime(), timeZone),
      startsAt: toIsoWithOffset(row.startsAt.getTime(), timeZone),
      endsAt: toIsoWithOffset(row.endsAt.getTime(), timeZone),
      minutes: row.minutes,
      status: status as DaySheetBooking['status'],
      customer: {
        sub: row.sub,
        name: fullName(row),
        firstName: row.firstName,
        lastName: row.lastName,
        phone: row.phone,
        skinType: row.skinType,
        onlineAccount: row.onlineAccount,
      },
      payment:
        row.paidWith === 'balance'
          ? { method: 'balance', minutes: row.minutes }
          : row.paidWith === 'card'
            ? { method: 'card', pricePence: row.pricePence, state: card() }
            : { method: 'in_salon', pricePence: row.pricePence },
      bookedBy: row.bookedBy ? { sub: row.bookedBy, name: row.bookedByName ?? 'A former member of staff' } : null,
      overrideReason: row.overrideReason,
      cancelledAt: cancelledAt ? toIsoWithOffset(cancelledAt.getTime(), timeZone) : null,
    }
  }

  async function sheetOf(shopId: string, id: string, setup: ShopSetup) {
    const row = await repo.one(shopId, id)
    if (!row) throw new HttpError(404, DAY_MESSAGES.notFound)
    return { row, booking: toSheet(row, setup.timeZone) }
  }

  function rulesOf(setup: ShopSetup): BookingRules {
    if (!setup.rules) throw new HttpError(409, DAY_MESSAGES.noRules)
    return setup.rules
  }

  function bedOf(setup: ShopSetup, bedId: string) {
    const bed = setup.beds.find((b) => b.id === bedId)
    if (!bed) throw new HttpError(422, bedMissing(bedId))
    return bed
  }

  /** The start's instant; a time the clocks skip, or one already past (beyond a walk-in's few minutes), is refused outright. */
  function startOf(setup: ShopSetup, date: string, time: string) {
    const startsAt = localToInstant(date, time, setup.timeZone)
    if (startsAt === null) throw new HttpError(422, `${time} does not exist on ${describeDate(date)}: the clocks go forward that night.`)
    if (startsAt < now() - WALK_IN_GRACE_MINUTES * MINUTE) throw new HttpError(422, DAY_MESSAGES.passed)
    return startsAt
  }

  /**
   * Every sunbed rule a session at the desk breaks: the law and safety rules on the customer's record, the customer's
   * other sessions, the bed's range and the opening hours. Lead time, horizon and slot step are for online booking only.
   */
  function problemsOf(input: {
    setup: ShopSetup
    rules: BookingRules
    customer: Pick<LockedCustomer, 'dob' | 'skinType' | 'active'>
    bed: ShopSetup['beds'][number]
    date: string
    startsAt: number
    minutes: number
    /** The session being moved, which does not count against itself. */
    moving?: string
  }): Problem[] {
    const { setup, rules, customer, bed, date, startsAt, minutes } = input
    const problems: Problem[] = []
    const hard = (rule: SunbedRule, status: Problem['status'], message: string) => problems.push({ rule, status, message, overridable: false })
    const soft = (rule: SunbedRule, status: Problem['status'], message: string) => problems.push({ rule, status, message, overridable: true })
    // The law's, safety's and the customer's own session rules, as the customer's online booking asks them (session-rules.ts).
    problems.push(...personProblems(customer, date, 'staff'))
    const others = customer.active.filter((b) => b.id !== input.moving)
    problems.push(...historyProblems(others, rules, { date, startsAt, minutes, timeZone: setup.timeZone }, 'staff'))
    if (minutes < bed.minMinutes || minutes > bed.maxMinutes) {
      soft('bed-minutes', 422, `${bed.name} takes sessions of ${bed.minMinutes} to ${bed.maxMinutes} minutes.`)
    }
    const closure = setup.closures.get(date)
    const hours = setup.hours.get(weekdayOf(date))
    // A closed day is the database's rule too (migration 0016): no one books on it.
    if (closure) hard('opening-hours', 422, `The salon is closed on ${describeDate(date)} (${closure.reason}).`)
    else if (!hours) soft('opening-hours', 422, `The salon is closed on ${describeDate(date).split(' ')[0]}s.`)
    else {
      const closesAt = localToInstant(date, hours.closesAt, setup.timeZone)
      const time = localTimeOf(startsAt, setup.timeZone)
      if (minutesOfDay(time) < minutesOfDay(hours.opensAt) || closesAt === null || startsAt + minutes * MINUTE > closesAt) {
        soft(
          'opening-hours',
          422,
          `On ${describeDate(date)} the salon is open from ${hours.opensAt} to ${hours.closesAt}: a ${minutes}-minute session must start at ${hours.opensAt} or later and end by ${hours.closesAt}.`,
        )
      }
    }
    return problems
  }

  /**
   * Refuses the first rule broken that may not be let past, or any rule when there is no owner's override; answers
   * the rules the override lets past (none when nothing was broken).
   */
  function judge(problems: Problem[], override: { reason: string } | undefined): SunbedRule[] {
    const refusal = problems.find((p) => !p.overridable) ?? (override ? undefined : problems[0])
    if (refusal) throw new HttpError(refusal.status, refusal.message, { rule: refusal.rule, overridable: refusal.overridable })
    return problems.map((p) => p.rule)
  }

  function ownerOnlyOverride(actor: StaffActor, override: { reason: string } | undefined) {
    if (override && actor.role !== 'owner') throw new HttpError(403, ONLY_OWNER)
  }

  /** Texts the customer; a message that cannot be sent does not undo the change, and the member of staff is told to call. */
  async function text(shopId: string, phone: string | null, body: string): Promise<string> {
    if (!phone) return ' The customer has no mobile number on record, so please tell them yourself.'
    try {
      await deps.sms.send({ to: phone, shopId, body })
      return ' The customer has been sent a text message.'
    } catch (error) {
      deps.logger.warn({ err: error, shopId }, 'a text message about a session changed by the salon could not be sent')
      return ' The text message to the customer could not be sent, so please call them.'
    }
  }

  const onConflict = (bedName: string, time: string, date: string) => (constraint: string | undefined, code: string) => {
    if (code === '23P01' || constraint === 'bookings_no_overlap' || code === '40P01' || code === '40001') return new HttpError(409, bedTaken(bedName, time))
    if (constraint === 'bookings_one_per_day') return new HttpError(409, SESSION_RULE_MESSAGES.staff.oneADay(describeDate(date)))
    if (constraint === 'minute_lots_remaining') return new HttpError(409, "The customer's balance has just changed. Please try again.")
    // The bed or the day changed under the booking (migration 0016): answered as every code that writes bookings does.
    const closed = bedOpenRefusal(constraint, bedName, date)
    if (closed) return new HttpError(closed.status, closed.message)
    return undefined
  }

  return {
    /** GET /api/staff/day: the day's hours, every bed, its sessions and, apart, its cancelled ones. */
    async day(actor: StaffActor, date: string | undefined): Promise<DaySheetResponse> {
      // Closures are read a day either side of the UTC date: the shop's local date lies within.
      const around = date ?? new Date(now()).toISOString().slice(0, 10)
      const setup = await booking.setupOf(actor.shopId, addDays(around, -1), addDays(around, 1))
      const day = date ?? localDateOf(now(), setup.timeZone)
      const midnight = Date.parse(`${day}T00:00:00Z`)
      const [beds, rows] = await Promise.all([
        repo.beds(actor.shopId),
        repo.day(actor.shopId, day, new Date(midnight - 86_400_000), new Date(midnight + 2 * 86_400_000)),
      ])
      const sessions = rows.map((row) => toSheet(row, setup.timeZone))
      return {
        date: day,
        hours: setup.hours.get(weekdayOf(day)) ?? null,
        closure: setup.closures.get(day) ?? null,
        beds,
        bookings: sessions.filter((b) => b.status !== 'cancelled'),
        cancelled: sessions.filter((b) => b.status === 'cancelled'),
      }
    },

    /** PUT /api/staff/bookings/{id}/status: attended or no-show on its day or after, or back to booked. */
    async mark(actor: StaffActor, id: string, status: 'attended' | 'no_show' | 'booked') {
      const setup = await booking.setupOf(actor.shopId)
      const today = localDateOf(now(), setup.timeZone)
      const found = await repo.mark(
        actor,
        id,
        status,
        (row) => {
          if (row.status === 'cancelled') throw new HttpError(409, DAY_MESSAGES.markCancelled)
          if (row.status === 'pending') throw new HttpError(409, DAY_MESSAGES.markPending)
          if (row.localDate > today) throw new HttpError(409, DAY_MESSAGES.markFuture)
        },
        { action: 'booking.marked', subjectType: 'booking', subjectId: id },
      )
      if (!found) throw new HttpError(404, DAY_MESSAGES.notFound)
      return { booking: (await sheetOf(actor.shopId, id, setup)).booking }
    },

    /**
     * POST /api/staff/bookings/{id}/cancel: on the customer's behalf, whatever the cut-off, through the customer's own
     * cancel path (minutes back to their lots, a card payment refunded), audited; the messages module tells the customer.
     */
    async cancel(actor: StaffActor, id: string, reason: string | undefined): Promise<StaffBookingChangeResponse> {
      const found = await repo.booking(actor.shopId, id)
      if (!found) throw new HttpError(404, DAY_MESSAGES.notFound)
      const setup = await booking.setupOf(actor.shopId)
      const note = reason?.trim() || null
      const outcome: CancelOutcome = await booking.cancelBooking(actor.shopId, found.sub, id, {
        by: actor.sub,
        notFound: () => new HttpError(404, DAY_MESSAGES.notFound),
        refuse(current) {
          if (current.status === 'cancelled') throw new HttpError(409, DAY_MESSAGES.alreadyCancelled)
          if (current.status === 'attended') throw new HttpError(409, DAY_MESSAGES.cancelAttended)
          if (current.status === 'no_show') throw new HttpError(409, DAY_MESSAGES.cancelNoShow)
        },
        alongside: (tx, before, done) =>
          tx.audit(actor, {
            action: 'booking.cancelled',
            subjectType: 'booking',
            subjectId: id,
            before: { status: before.status, paidWith: before.paidWith },
            after: { status: 'cancelled', minutesBack: done.refunded, minutesExpired: done.expired, cardRefunded: done.card },
            reason: note,
          }),
      })
      const { row, booking: sheet } = await sheetOf(actor.shopId, id, setup)
      const { refunded, expired } = outcome
      const price = poundsAndPence(row.pricePence)
      // The customer's message is asked for by the database in the cancelling transaction (migration 0017) and sent by
      // the messages module, saying that the salon cancelled it (bookings.cancelled_by): it is not sent from here too.
      const told = row.phone
        ? ' The customer will be sent a text message saying so.'
        : ' The customer has no mobile number on record, so please tell them yourself.'
      const done =
        (refunded ? ` ${plural(refunded, 'minute')} ${refunded === 1 ? 'is' : 'are'} back on the customer's balance.` : '') +
        (expired ? ` ${plural(expired, 'minute')} came from a lot that has expired since, so ${expired === 1 ? 'it stays' : 'they stay'} expired.` : '') +
        (outcome.card ? ` The card payment of ${price} is being refunded.` : '')
      return { message: `Session cancelled.${done}${told}`, booking: sheet }
    },

    /**
     * POST /api/staff/bookings/{id}/move: the same customer and payment at another bed, day or time, under the sunbed
     * rules; the database's exclusion constraint and one-a-day index have the last word. Of two members of staff
     * moving one session at once, the second finds it changed under its lock and is refused.
     */
    async move(actor: StaffActor, id: string, request: StaffMoveRequest): Promise<StaffBookingChangeResponse> {
      ownerOnlyOverride(actor, request.override)
      const found = await repo.booking(actor.shopId, id)
      if (!found) throw new HttpError(404, DAY_MESSAGES.notFound)
      const setup = await booking.setupOf(actor.shopId, request.date)
      const rules = rulesOf(setup)
      const bed = bedOf(setup, request.bedId)
      const startsAt = startOf(setup, request.date, request.time)
      const minutes = request.minutes ?? found.minutes
      const endsAt = startsAt + minutes * MINUTE
      const blockedUntil = new Date(endsAt + bed.cleaningBufferMinutes * MINUTE)
      const before = {
        bedId: found.bedId,
        date: localDateOf(found.startsAt.getTime(), setup.timeZone),
        time: localTimeOf(found.startsAt.getTime(), setup.timeZone),
        minutes: found.minutes,
      }
      const after = { bedId: bed.id, date: request.date, time: request.time, minutes }
      const unchanged = JSON.stringify(before) === JSON.stringify(after)
      await withRetries(
        () =>
          booking.underCustomerLock(actor.shopId, found.sub, async (tx, customer) => {
            const current = await tx.bookingForUpdate(id)
            if (!current) throw new HttpError(404, DAY_MESSAGES.notFound)
            if (
              current.status !== found.status ||
              current.bedId !== found.bedId ||
              current.startsAt.getTime() !== found.startsAt.getTime() ||
              current.minutes !== found.minutes
            ) {
              throw new HttpError(409, DAY_MESSAGES.changed)
            }
            if (current.status === 'cancelled') throw new HttpError(409, DAY_MESSAGES.moveCancelled)
            if (current.status === 'attended') throw new HttpError(409, DAY_MESSAGES.moveAttended)
            if (current.status === 'no_show') throw new HttpError(409, DAY_MESSAGES.moveNoShow)
            if (current.status === 'pending') throw new HttpError(409, DAY_MESSAGES.movePending)
            if (unchanged) return
            const paidAhead = current.paidWith !== 'in_salon'
            if (paidAhead && minutes !== current.minutes) throw new HttpError(422, DAY_MESSAGES.moveMinutes)
            if (paidAhead && bed.type !== found.bedType) throw new HttpError(422, sameTypeOnly(found.bedType))
            // A session moved keeps to the sunbed safety rules as a new one does (sunbed-safety-checks.service.ts): a reaction's pause, the yearly limit.
            const safety = await checkSunbedSafety(tx.db, {
              shopId: actor.shopId,
              sub: found.sub,
              date: request.date,
              startsAt,
              minutes,
              firstSessionMaxMinutes: rules.firstSessionMaxMinutes,
              timeZone: setup.timeZone,
              phone: setup.phone,
              at: now(),
              audience: 'staff',
              moving: id,
            })
            const overridden = judge(
              [...problemsOf({ setup, rules, customer, bed, date: request.date, startsAt, minutes, moving: id }), ...safety],
              actor.role === 'owner' ? request.override : undefined,
            )
            await tx.releaseLapsedHolds(bed.id, new Date(startsAt), blockedUntil)
            await tx.moveBooking(id, {
              bedId: bed.id,
              localDate: request.date,
              startsAt: new Date(startsAt),
              endsAt: new Date(endsAt),
              blockedUntil,
              minutes,
              // A session paid in the salon costs what its new bed and minutes cost; one paid ahead keeps its price.
              pricePence: paidAhead ? current.pricePence : bed.perMinutePence * minutes,
              ...(overridden.length ? { overrideReason: request.override!.reason.trim() } : {}),
            })
            await tx.audit(actor, {
              action: 'booking.moved',
              subjectType: 'booking',
              subjectId: id,
              before,
              after: overridden.length ? { ...after, overridden } : after,
              reason: overridden.length ? request.override!.reason.trim() : null,
            })
          }),
        onConflict(bed.name, request.time, request.date),
      )
      const { row, booking: sheet } = await sheetOf(actor.shopId, id, setup)
      if (unchanged) return { message: 'The session is already there: nothing was changed.', booking: sheet }
      const texted = await text(
        actor.shopId,
        row.phone,
        `${setup.name}: your sunbed session has been moved by the salon to ${shortDate(sheet.date)} at ${sheet.time} on ${sheet.bed.name}. Call us on ${setup.phone} if that time does not suit you.`,
      )
      return { message: `Session moved to ${describeDate(sheet.date)} at ${sheet.time} on ${sheet.bed.name}.${texted}`, booking: sheet }
    },

    /**
     * POST /api/staff/bookings: a walk-in or phone booking for a customer of the salon, or for one signed up here at
     * the desk (a record with a new sub and no online account). The sunbed rules hold; the owner may let one past
     * with a reason, never the age rule or one session a day.
     */
    async walkIn(actor: StaffActor, request: WalkInRequest) {
      ownerOnlyOverride(actor, request.override)
      const newcomer = 'new' in request.customer ? checkedNewcomer(request.customer.new, todayInUk(now())) : null
      const setup = await booking.setupOf(actor.shopId, request.date)
      const rules = rulesOf(setup)
      const bed = bedOf(setup, request.bedId)
      const startsAt = startOf(setup, request.date, request.time)
      const endsAt = startsAt + request.minutes * MINUTE
      const blockedUntil = new Date(endsAt + bed.cleaningBufferMinutes * MINUTE)
      const pricePence = bed.perMinutePence * request.minutes
      const id = randomUUID()
      const at = now()
      const reason = request.override?.reason.trim()
      const customer =
        newcomer === null
          ? (request.customer as { sub: string }).sub
          : async (tx: Parameters<typeof createCustomersRepository>[0]) => {
              const made = await createCustomersRepository(tx).addInSalon(actor.shopId, newcomer)
              if (!made.created) throw new HttpError(409, alreadyCustomer(fullName(made.customer)), { customerSub: made.customer.sub })
              await createAuditTx(tx, actor, made.customer.sub)
              const health = (request.customer as { new: NewInSalonCustomer }).new.health
              if (health) await recordAnswers(tx, { shopId: actor.shopId, sub: made.customer.sub, request: health, at, recordedBy: actor.sub })
              return made.customer.sub
            }
      await withRetries(
        () =>
          booking
            .underCustomerLock(actor.shopId, customer, async (tx, held, sub) => {
              // The same sunbed safety check as online (sunbed-safety-checks.service.ts); the owner's override never lets past a health answer or a reaction awaiting clearance.
              const safety = await checkSunbedSafety(tx.db, {
                shopId: actor.shopId,
                sub,
                date: request.date,
                startsAt,
                minutes: request.minutes,
                firstSessionMaxMinutes: rules.firstSessionMaxMinutes,
                timeZone: setup.timeZone,
                phone: setup.phone,
                at,
                audience: 'staff',
              })
              const overridden = judge(
                [...problemsOf({ setup, rules, customer: held, bed, date: request.date, startsAt, minutes: request.minutes }), ...safety],
                actor.role === 'owner' ? request.override : undefined,
              )
              // Photo ID (identity's rule, which the counter asks too): checked once, a new customer's always.
              await requirePhotoIdCheck(tx.db, { sub, check: request.idCheck, by: actor, at })
              let draws: Draw[] = []
              if (request.paidWith === 'balance') {
                const fitting = fittingMinutes(held.lots, bed.type, at)
                if (fitting < request.minutes) {
                  throw new HttpError(
                    402,
                    `The customer's balance has ${plural(fitting, 'minute')} for ${bed.type} sunbeds and this session needs ${request.minutes}. Take payment in the salon, or sell them a package first.`,
                  )
                }
                draws = planSpend(held.lots, bed.type, request.minutes, at)!
              }
              await tx.releaseLapsedHolds(bed.id, new Date(startsAt), blockedUntil)
              await tx.insertBooking({
                id,
                shopId: actor.shopId,
                sub,
                bedId: bed.id,
                localDate: request.date,
                startsAt: new Date(startsAt),
                endsAt: new Date(endsAt),
                blockedUntil,
                minutes: request.minutes,
                pricePence,
                paidWith: request.paidWith,
                status: 'booked',
                holdUntil: null,
                bookedBy: actor.sub,
                overrideReason: overridden.length ? reason! : null,
              })
              await tx.spend(id, draws)
              await tx.audit(actor, {
                action: 'booking.created',
                subjectType: 'booking',
                subjectId: id,
                after: {
                  sub,
                  bedId: bed.id,
                  date: request.date,
                  time: request.time,
                  minutes: request.minutes,
                  paidWith: request.paidWith,
                  ...(overridden.length ? { overridden } : {}),
                },
                reason: overridden.length ? reason : null,
              })
            })
            .catch((error: unknown) => {
              throw error instanceof CustomerMissing ? new HttpError(404, DAY_MESSAGES.noCustomer) : error
            }),
        onConflict(bed.name, request.time, request.date),
      )
      return { booking: (await sheetOf(actor.shopId, id, setup)).booking }
    },
  }
}
export type StaffDay = ReturnType<typeof createStaffDay>

/** A newcomer's details as the salon keeps them: the number in E.164, a real date of birth, an email only when valid. */
function checkedNewcomer(input: NewInSalonCustomer, today: string) {
  const phone = normalisePhone(input.phone)
  if (!phone) throw new HttpError(400, DAY_MESSAGES.phone, { field: 'customer.new.phone' })
  const email = input.email?.trim() || null
  if (email !== null && !isEmailAddress(email)) throw new HttpError(400, DAY_MESSAGES.email, { field: 'customer.new.email' })
  const problem = dateOfBirthRule(input.dob, today)
  // Under 18 is the booking's own refusal, on the session's date, which no one can override.
  if (problem && problem !== 'under-age') throw new HttpError(400, DAY_MESSAGES.dob, { field: 'customer.new.dob' })
  return { firstName: input.firstName, lastName: input.lastName, phone, email, dob: input.dob, skinType: input.skinType }
}

/** The audit line of a customer signed up at the desk, in the transaction that makes them. */
async function createAuditTx(tx: Parameters<typeof createCustomersRepository>[0], actor: StaffActor, sub: string) {
  // The log outlives an erasure, so it names the customer by id only and holds none of their details (docs/product.md §10.5).
  await createAuditLog(tx).record(actor, { action: 'customer.signed-up-in-salon', subjectType: 'customer', subjectId: sub, after: { source: 'in_salon' } })
}
