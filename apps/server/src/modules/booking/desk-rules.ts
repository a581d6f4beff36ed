import { NO_SUCH_CUSTOMER } from '@salon/contracts/staff-customers'
import { dateOfBirthRule } from '@salon/contracts/rules/date-of-birth'
import { isEmailAddress } from '@salon/contracts/rules/email'
import type { NewInSalonCustomer, SunbedRule } from '@salon/contracts/staff-day'
import { HttpError } from '../../lib/errors.ts'
import { describeDate, localTimeOf, localToInstant, minutesOfDay } from '../../lib/local-time.ts'
import { normalisePhone } from '../identity/public.ts'
import { ONLY_OWNER, type StaffActor } from '../shop/public.ts'
import { bedOpenRefusal, outsideHours, type BookingRules } from './availability.ts'
import { hoursOn } from './booking-views.ts'
import type { LockedCustomer, ShopSetup } from './booking.repository.ts'
import { historyProblems, personProblems, SESSION_RULE_MESSAGES, type SessionProblem } from './session-rules.ts'

/**
 * The rules of the salon's own bookings (docs/product.md §10.2): the session rules in the desk's words, what the
 * owner may let past with a reason, and the desk's refusals, word for word. The day sheet, moves and walk-ins ask them.
 */
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
export const sameTypeOnly = (type: string) => `A session paid from the balance or by card can only move to another ${type} sunbed.`
const bedTaken = (bed: string, time: string) => `${bed} is already booked at ${time}, or is being cleaned then. Please choose another time or sunbed.`
export const alreadyCustomer = (name: string) => `${name} already has this mobile number at the salon. Please choose them as a customer of the salon instead.`

/** A sunbed rule a staff booking breaks; the owner may let it past with a reason when it is overridable. */
export type Problem = Omit<SessionProblem, 'rule'> & { rule: SunbedRule }

export const fullName = (row: { firstName: string | null; lastName: string | null; erased?: boolean }) =>
  row.erased ? 'Deleted account' : [row.firstName, row.lastName].filter(Boolean).join(' ') || 'No name given'

/** The shop's booking rules, which the desk needs too (the lengths of a first session, the customer's own limits). */
export function deskRulesOf(setup: ShopSetup): BookingRules {
  if (!setup.rules) throw new HttpError(409, DAY_MESSAGES.noRules)
  return setup.rules
}

export function bedOf(setup: ShopSetup, bedId: string) {
  const bed = setup.beds.find((b) => b.id === bedId)
  if (!bed) throw new HttpError(422, bedMissing(bedId))
  return bed
}

/** The start's instant; a time the clocks skip, or one already past (beyond a walk-in's few minutes), is refused outright. */
export function startOf(setup: ShopSetup, date: string, time: string, now: number) {
  const startsAt = localToInstant(date, time, setup.timeZone)
  if (startsAt === null) throw new HttpError(422, `${time} does not exist on ${describeDate(date)}: the clocks go forward that night.`)
  if (startsAt < now - WALK_IN_GRACE_MINUTES * MINUTE) throw new HttpError(422, DAY_MESSAGES.passed)
  return startsAt
}

/**
 * Every sunbed rule a session at the desk breaks: the law and safety rules on the customer's record, the customer's
 * other sessions, the bed's range and the opening hours. Lead time, horizon and slot step are for online booking only.
 */
export function problemsOf(input: {
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
  const { hours, special } = hoursOn(setup, date)
  // A closed day and a date's special hours are the database's rules too (migrations 0016, 0029): no override
  // lets a session past them; the weekday's hours the owner may.
  if (closure) hard('opening-hours', 422, `The salon is closed on ${describeDate(date)} (${closure.reason}).`)
  else if (!hours) soft('opening-hours', 422, `The salon is closed on ${describeDate(date).split(' ')[0]}s.`)
  else {
    const closesAt = localToInstant(date, hours.closesAt, setup.timeZone)
    const time = localTimeOf(startsAt, setup.timeZone)
    if (minutesOfDay(time) < minutesOfDay(hours.opensAt) || closesAt === null || startsAt + minutes * MINUTE > closesAt) {
      const message = outsideHours(date, hours, minutes, special)
      if (special) hard('opening-hours', 422, message)
      else soft('opening-hours', 422, message)
    }
  }
  return problems
}

/**
 * Refuses the first rule broken that may not be let past, or any rule when there is no owner's override; answers
 * the rules the override lets past (none when nothing was broken).
 */
export function judge(problems: Problem[], override: { reason: string } | undefined): SunbedRule[] {
  const refusal = problems.find((p) => !p.overridable) ?? (override ? undefined : problems[0])
  if (refusal) throw new HttpError(refusal.status, refusal.message, { rule: refusal.rule, overridable: refusal.overridable })
  return problems.map((p) => p.rule)
}

/** Only the owner may let a rule past. */
export function ownerOnlyOverride(actor: StaffActor, override: { reason: string } | undefined) {
  if (override && actor.role !== 'owner') throw new HttpError(403, ONLY_OWNER)
}

/** A database refusal of a desk booking, in the desk's words. */
export const onConflict = (bedName: string, time: string, date: string) => (constraint: string | undefined, code: string) => {
  if (code === '23P01' || constraint === 'bookings_no_overlap' || code === '40P01' || code === '40001') return new HttpError(409, bedTaken(bedName, time))
  if (constraint === 'bookings_one_per_day') return new HttpError(409, SESSION_RULE_MESSAGES.staff.oneADay(describeDate(date)))
  if (constraint === 'minute_lots_remaining') return new HttpError(409, "The customer's balance has just changed. Please try again.")
  // The bed or the day changed under the booking (migration 0016): answered as every code that writes bookings does.
  const closed = bedOpenRefusal(constraint, bedName, date)
  if (closed) return new HttpError(closed.status, closed.message)
  return undefined
}

/** A newcomer's details as the salon keeps them: the number in E.164, a real date of birth, an email only when valid. */
export function checkedNewcomer(input: NewInSalonCustomer, today: string) {
  const phone = normalisePhone(input.phone)
  if (!phone) throw new HttpError(400, DAY_MESSAGES.phone, { field: 'customer.new.phone' })
  const email = input.email?.trim() || null
  if (email !== null && !isEmailAddress(email)) throw new HttpError(400, DAY_MESSAGES.email, { field: 'customer.new.email' })
  const problem = dateOfBirthRule(input.dob, today)
  // Under 18 is the booking's own refusal, on the session's date, which no one can override.
  if (problem && problem !== 'under-age') throw new HttpError(400, DAY_MESSAGES.dob, { field: 'customer.new.dob' })
  return { firstName: input.firstName, lastName: input.lastName, phone, email, dob: input.dob, skinType: input.skinType }
}
