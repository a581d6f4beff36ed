import { and, eq, gt, inArray, schema, sql, type Db } from '@salon/db'
import { createAuditLog, type AuditEntry, type StaffActor } from '../shop/public.ts'

const { bookings, beds, bedOutOfService } = schema

/** A session as the day sheet shows it: the booking, its bed, its customer, who booked it and how it is paid. */
export interface DaySheetRow {
  id: string
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
  cancelledAt: Date | null
  overrideReason: string | null
  bookedBy: string | null
  bookedByName: string | null
  sub: string
  firstName: string | null
  lastName: string | null
  phone: string | null
  skinType: number | null
  erased: boolean
  onlineAccount: boolean
  /** The newest card payment for the session: succeeded, refunded, pending… */
  cardPayment: string | null
  /** For a session held while its card payment is made: when the hold runs out. */
  holdUntil: Date | null
  /** A session to be paid in the salon, paid at the desk: how, when and by whom (the member's name, or null once they left). */
  deskPayment: 'cash' | 'card_terminal' | 'balance' | null
  deskPaidAt: Date | null
  deskPaidByName: string | null
}

interface RawRow extends Omit<DaySheetRow, 'startsAt' | 'endsAt' | 'cancelledAt' | 'holdUntil' | 'deskPaidAt'> {
  deskPaidAt: Date | string | null
  startsAt: Date | string
  endsAt: Date | string
  cancelledAt: Date | string | null
  holdUntil: Date | string | null
}

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value))

/** The day sheet's one query, for a day's sessions or one session. */
async function sheetRows(db: Db, shopId: string, where: ReturnType<typeof sql>): Promise<DaySheetRow[]> {
  const result = (await db.execute(sql`
    select b.id, b.bed_id as "bedId", d.name as "bedName", d.type as "bedType", b.local_date::text as "localDate",
      b.starts_at as "startsAt", b.ends_at as "endsAt", b.minutes, b.price_pence as "pricePence", b.paid_with as "paidWith",
      b.status, b.hold_until as "holdUntil", b.cancelled_at as "cancelledAt", b.override_reason as "overrideReason", b.booked_by as "bookedBy",
      m.name as "bookedByName", b.sub, c.first_name as "firstName", c.last_name as "lastName", c.phone,
      c.skin_type as "skinType", c.erased_at is not null as erased,
      exists (select 1 from identity_users u where u.sub = b.sub and u.status <> 'UNCONFIRMED') as "onlineAccount",
      (select p.status from payments p where p.booking_id = b.id order by p.created_at desc limit 1) as "cardPayment",
      b.desk_payment as "deskPayment", b.desk_paid_at as "deskPaidAt", pm.name as "deskPaidByName"
    from bookings b
      join beds d on d.id = b.bed_id
      join customers c on c.shop_id = b.shop_id and c.sub = b.sub
      left join staff_members m on m.shop_id = b.shop_id and m.sub = b.booked_by
      left join staff_members pm on pm.shop_id = b.shop_id and pm.sub = b.desk_paid_by
    where b.shop_id = ${shopId} and ${where}
    order by b.starts_at, d.sort_order, d.id`)) as unknown as { rows: RawRow[] }
  return result.rows.map((r) => ({
    ...r,
    startsAt: asDate(r.startsAt),
    endsAt: asDate(r.endsAt),
    cancelledAt: r.cancelledAt === null ? null : asDate(r.cancelledAt),
    holdUntil: r.holdUntil === null ? null : asDate(r.holdUntil),
    deskPaidAt: r.deskPaidAt === null ? null : asDate(r.deskPaidAt),
    skinType: r.skinType === null ? null : Number(r.skinType),
  }))
}

/** The only code that reads the day sheet and marks sessions; bookings are made, moved and cancelled by booking.repository.ts. */
export function createStaffDayRepository(db: Db) {
  return {
    /**
     * The sessions of one local date, cancelled ones included, found through the exclusion constraint's GiST index
     * on (bed, blocked range) between the day's first and last instants.
     */
    day(shopId: string, date: string, from: Date, to: Date) {
      return sheetRows(
        db,
        shopId,
        sql`b.local_date = ${date}::date and b.bed_id in (select id from beds where shop_id = ${shopId})
          and tstzrange(b.starts_at, b.blocked_until) && tstzrange(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz)`,
      )
    },

    async one(shopId: string, id: string): Promise<DaySheetRow | undefined> {
      const [row] = await sheetRows(db, shopId, sql`b.id = ${id}`)
      return row
    },

    /** The customer's sessions still to come (booked, or held for a payment), soonest first, with the bed and the salon's time zone. */
    upcomingOf(shopId: string, sub: string, at: Date) {
      return db
        .select({
          id: bookings.id,
          localDate: bookings.localDate,
          startsAt: bookings.startsAt,
          bedName: beds.name,
          timeZone: schema.shops.timeZone,
        })
        .from(bookings)
        .innerJoin(beds, eq(beds.id, bookings.bedId))
        .innerJoin(schema.shops, eq(schema.shops.id, bookings.shopId))
        .where(and(eq(bookings.shopId, shopId), eq(bookings.sub, sub), inArray(bookings.status, ['booked', 'pending']), gt(bookings.startsAt, at)))
        .orderBy(bookings.startsAt)
    },

    /** Every bed of the shop, the inactive ones too, in the salon's order. */
    beds(shopId: string) {
      return db
        .select({ id: beds.id, name: beds.name, type: beds.type, active: beds.active })
        .from(beds)
        .where(eq(beds.shopId, shopId))
        .orderBy(beds.sortOrder, beds.id)
    },

    /** The shop's times out of service that meet [from, to), soonest first. */
    outOfService(shopId: string, from: Date, to: Date) {
      return db
        .select({
          id: bedOutOfService.id,
          bedId: bedOutOfService.bedId,
          startsAt: bedOutOfService.startsAt,
          endsAt: bedOutOfService.endsAt,
          reason: bedOutOfService.reason,
        })
        .from(bedOutOfService)
        .where(
          and(
            eq(bedOutOfService.shopId, shopId),
            sql`${bedOutOfService.startsAt} < ${to.toISOString()}::timestamptz and ${bedOutOfService.endsAt} > ${from.toISOString()}::timestamptz`,
          ),
        )
        .orderBy(bedOutOfService.startsAt)
    },

    /** Whose a booking of the shop is, and how it stands now (unlocked: the change locks it and looks again). */
    async booking(shopId: string, id: string) {
      const [row] = await db
        .select({
          sub: bookings.sub,
          status: bookings.status,
          bedId: bookings.bedId,
          bedType: beds.type,
          startsAt: bookings.startsAt,
          minutes: bookings.minutes,
        })
        .from(bookings)
        .innerJoin(beds, eq(beds.id, bookings.bedId))
        .where(and(eq(bookings.shopId, shopId), eq(bookings.id, id)))
      return row
    },

    /**
     * Marks a session attended or no-show, or back to booked, under its row's lock, with the audit line in the same
     * transaction. `check` refuses a session that may not be marked as it stands; the same status changes nothing.
     */
    async mark(
      actor: StaffActor,
      id: string,
      status: 'attended' | 'no_show' | 'booked',
      check: (booking: { status: string; localDate: string }) => void,
      entry: Omit<AuditEntry, 'before' | 'after'>,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ status: bookings.status, localDate: bookings.localDate })
          .from(bookings)
          .where(and(eq(bookings.shopId, actor.shopId), eq(bookings.id, id)))
          .for('update')
        if (!row) return false
        check(row)
        if (row.status === status) return true
        await tx.update(bookings).set({ status }).where(eq(bookings.id, id))
        await createAuditLog(tx).record(actor, { ...entry, before: { status: row.status }, after: { status } })
        return true
      })
    },
  }
}
export type StaffDayRepository = ReturnType<typeof createStaffDayRepository>
