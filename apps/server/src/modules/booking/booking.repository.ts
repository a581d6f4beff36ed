import { and, desc, eq, inArray, schema, sql, type Db } from '@salon/db'
import { type Draw, type LedgerRepository, type LotRow } from '../commerce/public.ts'
import { createAuditLog, type AuditEntry, type StaffActor } from '../shop/public.ts'
import type { BedForSlots, BookingRules, BusyRange, OpeningHours } from './availability.ts'

const { bookings, beds, bedOutOfService, payments } = schema

export interface ShopSetup {
  shopId: string
  /** The salon's name, as its text messages start */
  name: string
  timeZone: string
  phone: string
  /** null when the shop takes no bookings online */
  rules: BookingRules | null
  /** Opening hours by weekday, 0 = Sunday */
  hours: Map<number, OpeningHours>
  beds: (BedForSlots & { perMinutePence: number })[]
  /** Closures by local date, for the dates asked about */
  closures: Map<string, { reason: string }>
  /** Special opening hours by local date, for the dates asked about: they replace the weekday's (decision 039). */
  specialHours: Map<string, SpecialHours>
}

export type SpecialHours = OpeningHours & { reason: string }

interface SetupRow {
  name: string
  timeZone: string
  phone: string
  rules: BookingRules | null | string
  hours: { weekday: number; opensAt: string; closesAt: string }[] | string
  beds: ShopSetup['beds'] | string
  closures: { date: string; reason: string; opensAt: string | null; closesAt: string | null }[] | string
}

export interface BookingRow {
  id: string
  shopId: string
  sub: string
  bedId: string
  bedName: string
  bedType: string
  localDate: string
  startsAt: Date
  endsAt: Date
  minutes: number
  pricePence: number
  paidWith: string
  status: string
  holdUntil: Date | null
}

const bookingColumns = {
  id: bookings.id,
  shopId: bookings.shopId,
  sub: bookings.sub,
  bedId: bookings.bedId,
  bedName: beds.name,
  bedType: beds.type,
  localDate: bookings.localDate,
  startsAt: bookings.startsAt,
  endsAt: bookings.endsAt,
  minutes: bookings.minutes,
  pricePence: bookings.pricePence,
  paidWith: bookings.paidWith,
  status: bookings.status,
  holdUntil: bookings.holdUntil,
}

/** The customer has no row at this shop yet: the caller makes it and tries again. */
export class CustomerMissing extends Error {}

/** The customer's row, locked for the transaction: the profile the salon holds, for the safety checks. */
export interface LockedCustomer {
  dob: string | null
  skinType: number | null
  /** Lots with minutes left (expired ones already written off), read under the lock so two bookings cannot spend them twice */
  lots: LotRow[]
  /** The customer's sessions that still count (booked, attended, or held for a payment), for the one-a-day, interval and first-session rules */
  active: { id: string; localDate: string; startsAt: Date }[]
}

interface LockedRow {
  active: { id: string; localDate: string; startsAt: string }[] | string
}

/** What one transaction, holding the customer's lock, may read and write. */
function inTransaction(tx: Db, ledger: LedgerRepository, shopId: string, sub: string, at: Date) {
  return {
    async insertBooking(row: typeof bookings.$inferInsert) {
      await tx.insert(bookings).values(row)
    },

    /**
     * Ends the holds of other customers' unpaid sessions on this bed that have run out and meet [from, to): their
     * bed is free again, and the exclusion constraint must see it so.
     */
    async releaseLapsedHolds(bedId: string, from: Date, to: Date) {
      await tx.execute(sql`
        update bookings set status = 'cancelled', cancelled_at = ${at.toISOString()}::timestamptz
        where bed_id = ${bedId} and status = 'pending' and hold_until <= ${at.toISOString()}::timestamptz
          and tstzrange(starts_at, blocked_until) && tstzrange(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz)`)
    },

    spend: (bookingId: string, draws: Draw[]) => ledger.spend(shopId, sub, bookingId, draws, at, tx),
    refund: (bookingId: string) => ledger.refund(shopId, sub, bookingId, at, tx),

    /** One of the customer's bookings, locked until the transaction ends. */
    async bookingForUpdate(id: string) {
      const [row] = await tx
        .select({
          id: bookings.id,
          status: bookings.status,
          bedId: bookings.bedId,
          localDate: bookings.localDate,
          startsAt: bookings.startsAt,
          minutes: bookings.minutes,
          pricePence: bookings.pricePence,
          paidWith: bookings.paidWith,
          holdUntil: bookings.holdUntil,
          deskPayment: bookings.deskPayment,
        })
        .from(bookings)
        .where(and(eq(bookings.id, id), eq(bookings.shopId, shopId), eq(bookings.sub, sub)))
        .for('update')
      return row
    },

    /** `by` names the member of staff who cancelled on the customer's behalf, for the message telling the customer. */
    async setStatus(id: string, status: 'booked' | 'attended' | 'no_show' | 'cancelled', by?: string) {
      await tx
        .update(bookings)
        .set(status === 'cancelled' ? { status, cancelledAt: at, cancelledBy: by ?? null } : { status, holdUntil: null })
        .where(eq(bookings.id, id))
    },

    /** Puts one of the customer's sessions on another bed, day or time; the exclusion constraint and the one-a-day index judge it. */
    async moveBooking(
      id: string,
      to: Pick<typeof bookings.$inferInsert, 'bedId' | 'localDate' | 'startsAt' | 'endsAt' | 'blockedUntil' | 'minutes' | 'pricePence' | 'overrideReason'>,
    ) {
      await tx.update(bookings).set(to).where(eq(bookings.id, id))
    },

    /**
     * The salon's till, locked until the transaction ends: money taken at the desk and a day's cash-up wait for each
     * other, so a cash-up counts every payment taken before it and none after (docs/product.md §10.3). Taken last,
     * after the customer's lock, by every path that takes both.
     */
    async lockTill() {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`till:${shopId}`}))`)
    },

    /**
     * Records a session to be paid in the salon as paid at the desk: by cash or card terminal (with its payments row,
     * unique per session while it stands), or from the balance or credit (paid_with becomes balance or credit; the
     * minutes or the credit are spent apart). Answers false when it was paid already: nothing is written.
     */
    async payAtDesk(id: string, method: 'cash' | 'card_terminal' | 'balance' | 'credit', by: string, payment?: typeof payments.$inferInsert) {
      const done = await tx
        .update(bookings)
        .set({ deskPayment: method, deskPaidAt: at, deskPaidBy: by, ...(method === 'balance' || method === 'credit' ? { paidWith: method } : {}) })
        .where(and(eq(bookings.id, id), sql`${bookings.deskPayment} is null`, eq(bookings.paidWith, 'in_salon')))
        .returning({ id: bookings.id })
      if (done.length === 0) return false
      if (payment) await tx.insert(payments).values(payment)
      return true
    },

    /**
     * Undoes a payment taken at the desk: a cash or card-terminal payment is recorded as given back now (so the day's
     * takings show it), a balance payment's minutes go back by the caller's refund; the session is to be paid again.
     */
    async undoDeskPayment(id: string) {
      await tx
        .update(payments)
        .set({ status: 'refunded', refundedAt: at })
        .where(and(eq(payments.bookingId, id), sql`${payments.provider} in ('cash', 'card_terminal')`, eq(payments.status, 'succeeded')))
      await tx.update(bookings).set({ deskPayment: null, deskPaidAt: null, deskPaidBy: null, paidWith: 'in_salon' }).where(eq(bookings.id, id))
    },

    /** A line of the staff audit log, in this transaction with the change it records (docs/product.md §10.8). */
    audit: (actor: StaffActor, entry: AuditEntry) => createAuditLog(tx).record(actor, entry),

    /** The transaction itself, for another module's repository that must write in it (a customer made at the desk). */
    db: tx,
  }
}
export type BookingTransaction = ReturnType<typeof inTransaction>

/** node-postgres parses json columns; keep working if a driver hands them over as text. */
const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value)

/** The only code that reads or writes bookings, the shop's schedule and booking rules. */
export function createBookingRepository(db: Db, ledger: LedgerRepository) {
  const setupsInFlight = new Map<string, Promise<ShopSetup | null>>()
  async function loadSetup(shopId: string, closuresFrom: string, closuresTo: string): Promise<ShopSetup | null> {
    const result = (await db.execute(sql`
      select s.name, s.time_zone as "timeZone", s.phone,
        (select json_build_object(
            'slotStepMinutes', r.slot_step_minutes, 'leadTimeMinutes', r.lead_time_minutes, 'horizonDays', r.horizon_days,
            'cancellationCutoffMinutes', r.cancellation_cutoff_minutes, 'firstSessionMaxMinutes', r.first_session_max_minutes,
            'minHoursBetweenSessions', r.min_hours_between_sessions, 'payInSalon', r.pay_in_salon, 'payUpFront', r.pay_up_front)
          from booking_rules r where r.shop_id = s.id) as rules,
        coalesce((select json_agg(json_build_object('weekday', h.weekday, 'opensAt', h.opens_at, 'closesAt', h.closes_at))
          from opening_hours h where h.shop_id = s.id), '[]') as hours,
        coalesce((select json_agg(json_build_object(
            'id', b.id, 'name', b.name, 'type', b.type, 'minMinutes', b.min_minutes, 'maxMinutes', b.max_minutes,
            'cleaningBufferMinutes', b.cleaning_buffer_minutes, 'perMinutePence', t.per_minute_pence) order by b.sort_order, b.id)
          from beds b join bed_types t on t.shop_id = b.shop_id and t.code = b.type
          where b.shop_id = s.id and b.active), '[]') as beds,
        coalesce((select json_agg(json_build_object('date', c.date, 'reason', c.reason, 'opensAt', c.opens_at, 'closesAt', c.closes_at))
          from closures c where c.shop_id = s.id and c.date between ${closuresFrom}::date and ${closuresTo}::date), '[]') as closures
      from shops s where s.id = ${shopId}`)) as unknown as { rows: SetupRow[] }
    const row = result.rows[0]
    if (!row) return null
    const exceptions = parsed(row.closures)
    return {
      shopId,
      name: row.name,
      timeZone: row.timeZone,
      phone: row.phone,
      rules: parsed(row.rules),
      hours: new Map(parsed(row.hours).map((h) => [h.weekday, { opensAt: h.opensAt, closesAt: h.closesAt }])),
      beds: parsed(row.beds),
      closures: new Map(exceptions.filter((c) => c.opensAt === null).map((c) => [c.date, { reason: c.reason }])),
      specialHours: new Map(
        exceptions.flatMap((c) =>
          c.opensAt !== null && c.closesAt !== null ? [[c.date, { opensAt: c.opensAt, closesAt: c.closesAt, reason: c.reason }] as const] : [],
        ),
      ),
    }
  }

  return {
    /**
     * Everything about the shop that booking needs, in one round trip: time zone, rules, weekly hours,
     * active beds with their prices, and the closures and special hours between two local dates (inclusive).
     * Requests arriving together share one query, unless `shared` is false: an answer that is kept must come from a
     * query begun after it was asked for, or it could miss a change announced in between (availability-cache.ts).
     */
    setup(shopId: string, closuresFrom: string, closuresTo: string, shared = true): Promise<ShopSetup | null> {
      if (!shared) return loadSetup(shopId, closuresFrom, closuresTo)
      const key = `${shopId}\n${closuresFrom}\n${closuresTo}`
      let pending = setupsInFlight.get(key)
      if (!pending) {
        pending = loadSetup(shopId, closuresFrom, closuresTo).finally(() => setupsInFlight.delete(key))
        setupsInFlight.set(key, pending)
      }
      return pending
    },

    /**
     * The blocked ranges of the beds' active bookings that meet [from, to), with the end of the hold of those still
     * waiting for their card payment. Written as the exclusion constraint's own expression, so its GiST index on
     * (bed, range) finds them: the cost follows the days asked about, not how many bookings the shop has ever had.
     */
    async busy(bedIds: string[], from: number, to: number, at: number) {
      if (bedIds.length === 0) return []
      const range = sql`tstzrange(${new Date(from).toISOString()}::timestamptz, ${new Date(to).toISOString()}::timestamptz)`
      const [rows, outOfService] = await Promise.all([
        db
          .select({ bedId: bookings.bedId, startsAt: bookings.startsAt, blockedUntil: bookings.blockedUntil, holdUntil: bookings.holdUntil })
          .from(bookings)
          .where(
            and(
              inArray(bookings.bedId, bedIds),
              sql`tstzrange(${bookings.startsAt}, ${bookings.blockedUntil}) && ${range}`,
              sql`${bookings.status} <> 'cancelled'`,
              // A hold on an unpaid session that has run out no longer keeps the bed.
              sql`(${bookings.status} <> 'pending' or ${bookings.holdUntil} > ${new Date(at).toISOString()}::timestamptz)`,
            ),
          ),
        // A bed out of service is busy all that time (docs/product.md §10.4), found by its GiST index on (bed, range).
        db
          .select({ bedId: bedOutOfService.bedId, startsAt: bedOutOfService.startsAt, blockedUntil: bedOutOfService.endsAt })
          .from(bedOutOfService)
          .where(and(inArray(bedOutOfService.bedId, bedIds), sql`tstzrange(${bedOutOfService.startsAt}, ${bedOutOfService.endsAt}) && ${range}`)),
      ])
      return [
        ...rows.map((r): BusyRange => ({
          bedId: r.bedId,
          startsAt: r.startsAt.getTime(),
          blockedUntil: r.blockedUntil.getTime(),
          holdUntil: r.holdUntil?.getTime() ?? null,
        })),
        ...outOfService.map((r): BusyRange => ({ bedId: r.bedId, startsAt: r.startsAt.getTime(), blockedUntil: r.blockedUntil.getTime() })),
      ]
    },

    async bookingsOf(shopId: string, sub: string): Promise<BookingRow[]> {
      return db
        .select(bookingColumns)
        .from(bookings)
        .innerJoin(beds, eq(beds.id, bookings.bedId))
        .where(and(eq(bookings.shopId, shopId), eq(bookings.sub, sub)))
        .orderBy(desc(bookings.startsAt))
    },

    async bookingOf(shopId: string, sub: string, id: string): Promise<BookingRow | undefined> {
      const [row] = await db
        .select(bookingColumns)
        .from(bookings)
        .innerJoin(beds, eq(beds.id, bookings.bedId))
        .where(and(eq(bookings.id, id), eq(bookings.shopId, shopId), eq(bookings.sub, sub)))
      return row
    },

    /**
     * Runs `work` in a transaction that first locks the customer's row, so one customer's bookings,
     * cancellations and balance changes happen one after another whatever the concurrency.
     * Everything inside must use the transaction it is given, never `db`.
     */
    async forCustomer<T>(
      shopId: string,
      customer: string | ((tx: Db) => Promise<string>),
      at: Date,
      work: (tx: BookingTransaction, customer: LockedCustomer, sub: string) => Promise<T>,
    ): Promise<T> {
      return db.transaction(async (tx) => {
        // A customer made in this transaction (at the salon's desk) is made first, then locked as any other.
        const sub = typeof customer === 'string' ? customer : await customer(tx)
        const [locked] = await tx
          .select({ dob: schema.customers.dob, skinType: schema.customers.skinType })
          .from(schema.customers)
          .where(and(eq(schema.customers.shopId, shopId), eq(schema.customers.sub, sub)))
          .for('update')
        if (!locked) throw new CustomerMissing()
        // Under the lock: the customer's lapsed holds end, and lots whose time has come are written off.
        await tx.execute(sql`
          update bookings set status = 'cancelled', cancelled_at = ${at.toISOString()}::timestamptz
          where shop_id = ${shopId} and sub = ${sub} and status = 'pending' and hold_until <= ${at.toISOString()}::timestamptz`)
        await ledger.expireDue(shopId, sub, at, tx)
        // A separate statement, so that its snapshot is taken after the lock: it sees every change of the
        // transaction that held the lock before (in one statement, the subqueries would read the older snapshot).
        const result = (await tx.execute(sql`
          select coalesce((select json_agg(json_build_object('id', b.id, 'localDate', b.local_date, 'startsAt', b.starts_at))
              from bookings b where b.shop_id = ${shopId} and b.sub = ${sub} and b.status <> 'cancelled'), '[]') as active`)) as unknown as {
          rows: LockedRow[]
        }
        const row = result.rows[0]!
        const held: LockedCustomer = {
          ...locked,
          lots: await ledger.lotsWithMinutes(shopId, sub, tx),
          active: parsed(row.active).map((b) => ({ id: b.id, localDate: b.localDate, startsAt: new Date(b.startsAt) })),
        }
        return work(inTransaction(tx, ledger, shopId, sub, at), held, sub)
      })
    },
  }
}
export type BookingRepository = ReturnType<typeof createBookingRepository>
