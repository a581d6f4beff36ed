import { todayInUk } from '@salon/contracts/dates'
import { dateOfBirthRule } from '@salon/contracts/rules/date-of-birth'
import { isEmailAddress } from '@salon/contracts/rules/email'
import {
  type BookingNowBreakingRules,
  type CustomerDetailField,
  type CustomerDetailsRequest,
  CUSTOMER_DETAILS_MESSAGES as MESSAGES,
  NO_SUCH_CUSTOMER,
} from '@salon/contracts/staff-customers'
import type { Db } from '@salon/db'
import { withRetries } from '../../lib/database-errors.ts'
import { HttpError } from '../../lib/errors.ts'
import { describeDate, localTimeOf } from '../../lib/local-time.ts'
import { correctPoolProfile, createCustomersRepository, IN_SALON, normalisePhone, type CustomerProfile, type CustomerRow } from '../identity/public.ts'
import { createAuditLog, type StaffActor } from '../shop/public.ts'
import { personProblems, SESSION_RULE_MESSAGES } from './session-rules.ts'
import { createStaffDayRepository } from './staff-day.repository.ts'

export interface CorrectedDetails {
  customer: CustomerRow
  online: boolean
  /** The fields whose values changed, in the request's order. */
  changed: CustomerDetailField[]
  bookingsBreakingRules: BookingNowBreakingRules[]
}

export interface CorrectionOptions {
  at: number
  /** The app signs customers in with a real Cognito pool, whose profiles the salon cannot write (docs/decisions/040). */
  externalPool: boolean
}

/**
 * The details of a correction as the salon keeps them, by the sign-up's rules (desk-rules.ts checkedNewcomer): the
 * number in E.164, an email address or none, a real date of birth of someone 18 or over today. Checked before
 * anything is locked, so a wrong value changes nothing.
 */
export function checkedDetails(request: CustomerDetailsRequest, today: string): Partial<CustomerProfile> {
  const details: Partial<CustomerProfile> = {}
  if (request.firstName !== undefined) details.firstName = request.firstName
  if (request.lastName !== undefined) details.lastName = request.lastName
  if (request.phone !== undefined) {
    const phone = normalisePhone(request.phone)
    if (!phone) throw new HttpError(400, MESSAGES.phone, { field: 'phone' })
    details.phone = phone
  }
  if (request.email !== undefined) {
    const email = request.email?.trim() || null
    if (email !== null && !isEmailAddress(email)) throw new HttpError(400, MESSAGES.email, { field: 'email' })
    details.email = email
  }
  if (request.dob !== undefined) {
    const problem = dateOfBirthRule(request.dob, today)
    if (problem === 'under-age') throw new HttpError(422, SESSION_RULE_MESSAGES.staff.under18(describeDate(today)), { rule: 'under-18', field: 'dob' })
    if (problem) throw new HttpError(400, MESSAGES.dob, { field: 'dob' })
    details.dob = request.dob
  }
  if (request.skinType !== undefined) details.skinType = request.skinType
  return details
}

/** The wanted details that differ from the record's. */
function changesOf(row: CustomerRow, wanted: Partial<CustomerProfile>): Partial<CustomerProfile> {
  return Object.fromEntries(Object.entries(wanted).filter(([field, value]) => row[field as keyof CustomerProfile] !== value))
}

/**
 * The customer's upcoming sessions that the new date of birth or skin type breaks a rule of, and the old did not. Only
 * the customer's own part of the desk's rules (problemsOf's personProblems: under 18 on the session's date, skin type
 * I) depends on them; the rest of problemsOf (the other sessions, the bed, the hours) is the same before and after.
 */
async function nowBreaking(tx: Db, shopId: string, before: CustomerRow, after: CustomerRow, at: number): Promise<BookingNowBreakingRules[]> {
  const upcoming = await createStaffDayRepository(tx).upcomingOf(shopId, after.sub, new Date(at))
  return upcoming.flatMap((booking) => {
    const had = new Set(personProblems(before, booking.localDate, 'staff').map((p) => p.rule))
    const problems = personProblems(after, booking.localDate, 'staff')
      .filter((p) => !had.has(p.rule))
      .map(({ rule, message }) => ({ rule, message }))
    if (problems.length === 0) return []
    return [{ id: booking.id, date: booking.localDate, time: localTimeOf(booking.startsAt.getTime(), booking.timeZone), bed: booking.bedName, problems }]
  })
}

/** The correction in its transaction: the number's lock, the customer's, the checks, the record and the pool, the audit line. */
async function correctIn(tx: Db, actor: StaffActor, sub: string, wanted: Partial<CustomerProfile>, options: CorrectionOptions): Promise<CorrectedDetails> {
  const customers = createCustomersRepository(tx)
  // The number's lock first, as a sign-up at the desk takes it, then the customer's row.
  if (wanted.phone) await customers.lockPhone(actor.shopId, wanted.phone)
  const found = await customers.lockedForStaff(actor.shopId, sub)
  if (!found) throw new HttpError(404, NO_SUCH_CUSTOMER)
  const before = found.customer
  // With a real Cognito pool there are no pool users here: any record the salon did not make at its desk is an account's.
  const online = found.online || (options.externalPool && before.signupSource !== IN_SALON)
  const changes = changesOf(before, wanted)
  const changed = Object.keys(changes) as CustomerDetailField[]
  if (changed.length === 0) return { customer: before, online, changed, bookingsBreakingRules: [] }
  if (online && options.externalPool) throw new HttpError(409, MESSAGES.ownAccount)
  if (changes.phone && (await customers.phoneHeldByAnother(actor.shopId, changes.phone, sub))) {
    throw new HttpError(409, MESSAGES.phoneTaken, { field: 'phone' })
  }
  const inPool = online && (await correctPoolProfile(tx, sub, changes))
  const after = await customers.correctDetails(actor.shopId, sub, changes, new Date(options.at), inPool)
  // The log outlives an erasure, so it names the fields changed and never their values (docs/product.md §10.5).
  await createAuditLog(tx).record(actor, {
    action: 'customer.details-changed',
    subjectType: 'customer',
    subjectId: sub,
    after: { fields: changed, account: online ? 'online' : 'in_salon' },
  })
  const recheck = changes.dob !== undefined || changes.skinType !== undefined
  return { customer: after, online, changed, bookingsBreakingRules: recheck ? await nowBreaking(tx, actor.shopId, before, after, options.at) : [] }
}

/**
 * Corrects a customer's details at the desk (docs/product.md §10.5): any of the name, number, email, date of birth and
 * skin type, by the sign-up's rules; a number once per salon, under the lock a sign-up at the desk takes; an online
 * account's pool profile in the same transaction; one audit line naming the fields. Answers the upcoming sessions a
 * new date of birth or skin type now breaks a rule of, for staff to move or cancel: none is cancelled here.
 */
export async function correctCustomerDetails(
  db: Db,
  actor: StaffActor,
  sub: string,
  request: CustomerDetailsRequest,
  options: CorrectionOptions,
): Promise<CorrectedDetails> {
  const wanted = checkedDetails(request, todayInUk(options.at))
  return withRetries(
    () => db.transaction((tx) => correctIn(tx, actor, sub, wanted, options)),
    // Another desk's salon gave the number to an online account a moment ago: the pool's own unique number says so.
    (constraint, code) =>
      code === '23505' && constraint === 'identity_users_phone' ? new HttpError(409, MESSAGES.phoneTakenOnline, { field: 'phone' }) : undefined,
  )
}
