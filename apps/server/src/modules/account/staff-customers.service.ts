import { randomUUID } from 'node:crypto'
import {
  type BlockResponse,
  CUSTOMER_SEARCH_LIMIT,
  type AddCustomerResponse,
  type CustomerNote,
  type CustomerDetailField,
  type CustomerDetailsRequest,
  type CustomerDetailsResponse,
  type CustomerNoteResponse,
  type CustomerSearchResponse,
  type CustomerSummary,
  type EraseResponse,
  NO_SUCH_CUSTOMER,
  type StaffCustomerResponse,
  type StaffLedgerEntry,
} from '@salon/contracts/staff-customers'
import type { Db } from '@salon/db'
import { HttpError } from '../../lib/errors.ts'
import type { Logger } from '../../lib/logger.ts'
import { describeDate, localDateOf, localTimeOf, toIsoWithOffset } from '../../lib/local-time.ts'
import { correctCustomerDetails, signUpAtDesk, type BookingRepository, type CorrectedDetails } from '../booking/public.ts'
import type { NewInSalonCustomer } from '@salon/contracts/staff-day'
import type { CounterService } from '../commerce/public.ts'
import { createCustomersRepository, eraseCustomer, type CustomerRow, type CustomersRepository } from '../identity/public.ts'
import { createAuditLog, type StaffActor } from '../shop/public.ts'
import { createCustomerNotesRepository, type CustomerNoteRow } from './customer-notes.repository.ts'
import type { AccountService } from './account.service.ts'

export const STAFF_CUSTOMER_MESSAGES = {
  noCustomer: NO_SUCH_CUSTOMER,
} as const

const nameOf = (row: { firstName: string | null; lastName: string | null }) => [row.firstName, row.lastName].filter(Boolean).join(' ') || '(no name)'

function summaryOf(row: Pick<CustomerRow, 'sub' | 'firstName' | 'lastName' | 'email' | 'phone' | 'skinType' | 'blockedAt'>, online: boolean): CustomerSummary {
  return {
    sub: row.sub,
    firstName: row.firstName,
    lastName: row.lastName,
    name: nameOf(row),
    phone: row.phone,
    email: row.email,
    skinType: row.skinType,
    account: online ? 'online' : 'in_salon',
    blocked: row.blockedAt !== null,
  }
}

/**
 * What the audit log keeps of a customer's record: the block only. The log is append-only and outlives an erasure,
 * so it names the customer by sub and holds none of their personal details.
 */
const auditView = (row: CustomerRow) => ({ blockedAt: row.blockedAt?.toISOString() ?? null, blockedReason: row.blockedReason })

const FIELD_WORDS: Record<CustomerDetailField, string> = {
  firstName: 'first name',
  lastName: 'last name',
  phone: 'mobile number',
  email: 'email',
  dob: 'date of birth',
  skinType: 'skin type',
}

/** "Jo Bloggs's mobile number and skin type were corrected." and, when sessions now break a rule, what staff do about them. */
function correctionMessage(name: string, outcome: CorrectedDetails): string {
  const words = outcome.changed.map((field) => FIELD_WORDS[field])
  if (words.length === 0) return `Nothing changed: ${name}'s details were already so.`
  const list = words.length === 1 ? words[0] : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`
  const count = outcome.bookingsBreakingRules.length
  const sessions =
    count === 0
      ? ''
      : ` ${count === 1 ? 'One upcoming session now breaks' : `${count} upcoming sessions now break`} a sunbed rule: please move or cancel ${count === 1 ? 'it' : 'them'}.`
  return `${name}'s ${list} ${words.length === 1 ? 'was' : 'were'} corrected.${sessions}`
}

/**
 * The salon's customers as staff see them (docs/product.md §10.5): search, the whole record (profile, consents read
 * only, the block, lots, bookings, payments, ledger), putting a customer on hold, their data export (the same as the
 * customer's own) and erasure (as the customer's own deletion). Every change is audited in its transaction.
 */
const noteOf = (row: CustomerNoteRow, timeZone: string): CustomerNote => ({
  id: row.id,
  text: row.text,
  by: row.createdByName,
  at: toIsoWithOffset(row.createdAt.getTime(), timeZone),
})

export function createStaffCustomers(deps: {
  db: Db
  customers: CustomersRepository
  accounts: AccountService
  bookings: Pick<BookingRepository, 'bookingsOf'>
  counter: Pick<CounterService, 'customerMoney'>
  logger: Logger
  externalPool: boolean
  now?: () => number
}) {
  const now = deps.now ?? Date.now

  async function customerAt(shopId: string, sub: string) {
    const found = await deps.customers.forStaff(shopId, sub)
    if (!found) throw new HttpError(404, STAFF_CUSTOMER_MESSAGES.noCustomer)
    return found
  }

  const blockOf = (row: CustomerRow, timeZone?: string) =>
    row.blockedAt ? { at: timeZone ? toIsoWithOffset(row.blockedAt.getTime(), timeZone) : row.blockedAt.toISOString(), reason: row.blockedReason } : null

  /** Block and unblock: the customer's row changed under its lock, with its line in the audit log, in one transaction. */
  async function setBlock(actor: StaffActor, sub: string, reason: string | null): Promise<BlockResponse> {
    const result = await deps.db.transaction(async (tx) => {
      const customers = createCustomersRepository(tx)
      const at = new Date(now())
      const changed = reason === null ? await customers.unblock(actor.shopId, sub, at) : await customers.block(actor.shopId, sub, reason, at)
      if (!changed) throw new HttpError(404, STAFF_CUSTOMER_MESSAGES.noCustomer)
      await createAuditLog(tx).record(actor, {
        action: reason === null ? 'customer.unblocked' : 'customer.blocked',
        subjectType: 'customer',
        subjectId: sub,
        before: auditView(changed.before),
        after: auditView(changed.after),
        reason,
      })
      return changed.after
    })
    return { sub, blocked: blockOf(result) }
  }

  return {
    /**
     * POST /api/staff/customers: a customer signed up at the desk without a booking, by the walk-in's own rule
     * (booking's signUpAtDesk), and 18 or over today; with their health answers when the desk went through them.
     */
    async addCustomer(actor: StaffActor, input: NewInSalonCustomer): Promise<AddCustomerResponse> {
      const sub = await deps.db.transaction((tx) => signUpAtDesk(tx, actor, input, now(), { adultToday: true }))
      const { customer, online } = await customerAt(actor.shopId, sub)
      const summary = summaryOf(customer, online)
      return { message: `${summary.name} is a customer of the salon now.`, customer: summary }
    },

    /**
     * PUT /api/staff/customers/{sub}: a correction of the customer's details at the desk (booking's
     * correctCustomerDetails), answered with the record and the upcoming sessions that now break a rule.
     */
    async correctDetails(actor: StaffActor, sub: string, request: CustomerDetailsRequest): Promise<CustomerDetailsResponse> {
      const outcome = await correctCustomerDetails(deps.db, actor, sub, request, { at: now(), externalPool: deps.externalPool })
      const { customer, online } = outcome
      return {
        message: correctionMessage(nameOf(customer), outcome),
        changed: outcome.changed,
        customer: { ...summaryOf(customer, online), dob: customer.dob },
        bookingsBreakingRules: outcome.bookingsBreakingRules,
      }
    },

    /**
     * POST /api/staff/customers/{sub}/notes: a note kept with the record, with who wrote it and when; in the
     * transaction of its audit line, which records that a note was added and never its words (they go with an erasure).
     */
    async addNote(actor: StaffActor, sub: string, text: string): Promise<CustomerNoteResponse> {
      await customerAt(actor.shopId, sub)
      const { timeZone } = (await deps.counter.customerMoney(actor.shopId, sub)).shop
      const row: CustomerNoteRow = {
        id: randomUUID(),
        shopId: actor.shopId,
        sub,
        text: text.trim(),
        createdAt: new Date(now()),
        createdBy: actor.sub,
        createdByName: actor.name,
      }
      await deps.db.transaction(async (tx) => {
        await createCustomerNotesRepository(tx).add(row)
        await createAuditLog(tx).record(actor, { action: 'customer.note-added', subjectType: 'customer', subjectId: sub, after: { noteId: row.id } })
      })
      return { message: 'Note kept with their record.', note: noteOf(row, timeZone) }
    },

    /** GET /api/staff/customers?query= */
    async search(shopId: string, query: string): Promise<CustomerSearchResponse> {
      const rows = await deps.customers.search(shopId, query, CUSTOMER_SEARCH_LIMIT + 1)
      return { customers: rows.slice(0, CUSTOMER_SEARCH_LIMIT).map((row) => summaryOf(row, row.online)), more: rows.length > CUSTOMER_SEARCH_LIMIT }
    },

    /** GET /api/staff/customers/{sub} */
    async profile(shopId: string, sub: string): Promise<StaffCustomerResponse> {
      const { customer: row, online } = await customerAt(shopId, sub)
      const [money, bookings, notes] = await Promise.all([
        deps.counter.customerMoney(shopId, sub),
        deps.bookings.bookingsOf(shopId, sub),
        createCustomerNotesRepository(deps.db).of(shopId, sub),
      ])
      const { timeZone } = money.shop
      const iso = (d: Date) => toIsoWithOffset(d.getTime(), timeZone)
      const isoOrNull = (d: Date | null) => (d ? iso(d) : null)
      const at = money.at
      const views = bookings.map((b) => ({
        id: b.id,
        bed: b.bedName,
        bedType: b.bedType,
        date: b.localDate,
        startsAt: iso(b.startsAt),
        endsAt: iso(b.endsAt),
        minutes: b.minutes,
        pricePence: b.pricePence,
        paidWith: b.paidWith,
        status: b.status,
        upcoming: b.startsAt.getTime() > at && (b.status === 'booked' || b.status === 'pending'),
      }))
      const strip = ({ upcoming: _upcoming, ...view }: (typeof views)[number]) => view
      const describe = (entry: (typeof money.ledger)[number]): string => {
        const session = entry.bookingStartsAt
          ? `${describeDate(localDateOf(entry.bookingStartsAt.getTime(), timeZone))} at ${localTimeOf(entry.bookingStartsAt.getTime(), timeZone)}${entry.bedName ? ` on ${entry.bedName}` : ''}`
          : ''
        switch (entry.kind) {
          case 'purchase':
            return `Bought ${entry.lotLabel ?? 'minutes'}`
          case 'booking':
            return `Session ${session}`
          case 'refund':
            return `Cancelled session ${session}`
          case 'expiry':
            return `${entry.lotLabel ?? 'Minutes'} expired`
          case 'referral':
            return entry.lotLabel ?? 'Referral reward'
          default:
            return entry.minutes > 0 ? (entry.lotLabel ?? 'Added by the salon') : `Taken off ${entry.lotLabel ?? 'the balance'} by the salon`
        }
      }
      return {
        customer: { ...summaryOf(row, online), dob: row.dob, createdAt: iso(row.createdAt), note: row.note },
        notes: notes.map((n) => noteOf(n, timeZone)),
        consents: {
          appMarketing: row.appMarketing,
          appTimestamp: isoOrNull(row.appTimestamp),
          masterMarketing: row.masterMarketing,
          masterTimestamp: isoOrNull(row.masterTimestamp),
        },
        blocked: blockOf(row, timeZone),
        balance: money.balance,
        lots: money.lots.map((lot) => ({
          id: lot.id,
          source: lot.source as StaffCustomerResponse['lots'][number]['source'],
          label: lot.label,
          minutes: lot.minutes,
          remaining: lot.remaining,
          bedTypes: lot.bedTypes,
          lastDay: localDateOf(lot.expiresAt.getTime() - 1, timeZone),
          expiresAt: iso(lot.expiresAt),
          expired: lot.expiresAt.getTime() <= at,
          at: iso(lot.createdAt),
        })),
        bookings: {
          upcoming: views
            .filter((b) => b.upcoming)
            .reverse()
            .map(strip),
          past: views.filter((b) => !b.upcoming).map(strip),
        },
        purchases: money.payments.map((p) => ({
          paymentId: p.id,
          provider: p.provider,
          status: p.status,
          purpose: p.purpose,
          description: p.description,
          amountPence: p.amountPence,
          discountPence: p.discountPence,
          promoCode: p.promoCode,
          at: iso(p.createdAt),
          succeededAt: isoOrNull(p.succeededAt),
          refundedAt: isoOrNull(p.refundedAt),
          recordedBy: p.recordedByName,
        })),
        ledger: money.ledger.map((entry) => ({
          id: entry.id,
          at: iso(entry.at),
          kind: entry.kind as StaffLedgerEntry['kind'],
          minutes: entry.minutes,
          description: describe(entry),
          bookingId: entry.bookingId,
          reason: entry.reason,
          recordedBy: entry.recordedByName,
        })),
      }
    },

    /** PUT /api/staff/customers/{sub}/block (owner) */
    block: (actor: StaffActor, sub: string, reason: string) => setBlock(actor, sub, reason),

    /** DELETE /api/staff/customers/{sub}/block (owner) */
    unblock: (actor: StaffActor, sub: string) => setBlock(actor, sub, null),

    /** GET /api/staff/customers/{sub}/export (owner): the customer's own export, with its line in the audit log. */
    async export(actor: StaffActor, sub: string) {
      const { customer } = await customerAt(actor.shopId, sub)
      const data = await deps.accounts.exportFor(actor.shopId, customer)
      await createAuditLog(deps.db).record(actor, { action: 'customer.exported', subjectType: 'customer', subjectId: sub, before: null, after: null })
      return data
    },

    /**
     * DELETE /api/staff/customers/{sub} (owner): the erasure the customer's own deletion makes (the same function),
     * of this shop's record; their online account goes too unless another salon still holds them or they are on a
     * salon's team (their account is theirs there). A customer signed up at the salon has no account: only the
     * record is erased. The audit line is written after the erasure redacted the earlier ones, so its reason stays.
     */
    async erase(actor: StaffActor, sub: string, reason: string): Promise<EraseResponse> {
      const outcome = await deps.db.transaction(async (tx) => {
        const found = await createCustomersRepository(tx).forStaff(actor.shopId, sub)
        const erased = found && (await eraseCustomer(tx, { by: 'salon', sub, shopId: actor.shopId }, new Date(now())))
        if (!found || !erased) throw new HttpError(404, STAFF_CUSTOMER_MESSAGES.noCustomer)
        await createAuditLog(tx).record(actor, {
          action: 'customer.erased',
          subjectType: 'customer',
          subjectId: sub,
          before: { account: erased.online ? 'online' : 'in_salon' },
          after: { erased: true, accountDeleted: erased.accountDeleted },
          reason,
        })
        return { accountDeleted: erased.accountDeleted, name: nameOf(found.customer) }
      })
      deps.logger.info({ sub, shopId: actor.shopId, accountDeleted: outcome.accountDeleted }, 'a customer was erased by the salon')
      return {
        sub,
        accountDeleted: outcome.accountDeleted,
        message: outcome.accountDeleted
          ? `${outcome.name}'s personal details were erased and their online account was deleted.`
          : `${outcome.name}'s personal details were erased at this salon.`,
      }
    },
  }
}
export type StaffCustomers = ReturnType<typeof createStaffCustomers>
