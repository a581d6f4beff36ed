import { and, asc, eq, gt, isNotNull, isNull, schema, sql, type Db } from '@salon/db'

const { beds, bedOutOfService, closures, bookingRules } = schema

/** A session still to come that a change falls on, as the database has it. */
export interface HitRow {
  id: string
  localDate: string
  startsAt: Date
  minutes: number
  status: string
  firstName: string | null
  lastName: string | null
  phone: string | null
  bedId: string
  bedName: string
}

interface RawHitRow {
  id: string
  local_date: string
  starts_at: string | Date
  minutes: number
  status: string
  first_name: string | null
  last_name: string | null
  phone: string | null
  bed_id: string
  bed_name: string
}

export type BedRow = typeof beds.$inferSelect
/** A date's special opening hours, as the closures table holds them (decision 039). */
export interface SpecialHoursRow {
  date: string
  reason: string
  opensAt: string
  closesAt: string
}
const specialColumns = { date: closures.date, reason: closures.reason, opensAt: closures.opensAt, closesAt: closures.closesAt }
export type OutOfServiceRow = typeof bedOutOfService.$inferSelect

/**
 * The SQL of the owner's changes to the schedule (docs/product.md §10.4): closures, beds and their times out of
 * service, booking rules, and the sessions each change hits. `db` may be a transaction.
 */
export function createScheduleRepository(db: Db) {
  /**
   * Sessions that still hold a bed (not cancelled, and not a hold on an unpaid session that has run out), matching
   * `where`, soonest first, with the customer's name and phone to call them on.
   */
  async function hit(where: ReturnType<typeof sql>, at: Date): Promise<HitRow[]> {
    const result = (await db.execute(sql`
      select b.id, b.local_date, b.starts_at, b.minutes, b.status, c.first_name, c.last_name, c.phone, b.bed_id, bd.name as bed_name
      from bookings b
        join beds bd on bd.id = b.bed_id
        join customers c on c.shop_id = b.shop_id and c.sub = b.sub
      where b.status <> 'cancelled' and (b.status <> 'pending' or b.hold_until > ${at.toISOString()}::timestamptz) and ${where}
      order by b.starts_at, b.id`)) as unknown as { rows: RawHitRow[] }
    return result.rows.map((r) => ({
      id: r.id,
      localDate: typeof r.local_date === 'string' ? r.local_date.slice(0, 10) : String(r.local_date),
      startsAt: new Date(r.starts_at),
      minutes: r.minutes,
      status: r.status,
      firstName: r.first_name,
      lastName: r.last_name,
      phone: r.phone,
      bedId: r.bed_id,
      bedName: r.bed_name,
    }))
  }

  return {
    async timeZone(shopId: string): Promise<string | null> {
      const [shop] = await db.select({ timeZone: schema.shops.timeZone }).from(schema.shops).where(eq(schema.shops.id, shopId))
      return shop?.timeZone ?? null
    },

    /* ---------- closures and special hours (one row of closures per date, decision 039) ---------- */

    closuresFrom: (shopId: string, from: string) =>
      db
        .select({ date: closures.date, reason: closures.reason })
        .from(closures)
        .where(and(eq(closures.shopId, shopId), isNull(closures.opensAt), sql`${closures.date} >= ${from}::date`))
        .orderBy(asc(closures.date)),

    closuresBetween: (shopId: string, from: string, to: string) =>
      db
        .select({ date: closures.date, reason: closures.reason })
        .from(closures)
        .where(and(eq(closures.shopId, shopId), isNull(closures.opensAt), sql`${closures.date} between ${from}::date and ${to}::date`))
        .orderBy(asc(closures.date)),

    /** The dates from `from` to `to` with special hours, which a closure of them replaces. */
    specialHoursBetween: (shopId: string, from: string, to: string) =>
      db
        .select(specialColumns)
        .from(closures)
        .where(and(eq(closures.shopId, shopId), isNotNull(closures.opensAt), sql`${closures.date} between ${from}::date and ${to}::date`))
        .orderBy(asc(closures.date)),

    /** Closes each day from `from` to `to`; a day already closed takes the new reason, and special hours give way. */
    async close(shopId: string, from: string, to: string, reason: string) {
      await db.execute(sql`
        insert into closures (shop_id, date, reason)
        select ${shopId}, d::date, ${reason} from generate_series(${from}::date, ${to}::date, interval '1 day') as d
        on conflict (shop_id, date) do update set reason = excluded.reason, opens_at = null, closes_at = null`)
    },

    async reopen(shopId: string, date: string) {
      const rows = await db
        .delete(closures)
        .where(and(eq(closures.shopId, shopId), eq(closures.date, date), isNull(closures.opensAt)))
        .returning({ date: closures.date, reason: closures.reason })
      return rows[0] ?? null
    },

    specialHoursFrom: (shopId: string, from: string) =>
      db
        .select(specialColumns)
        .from(closures)
        .where(and(eq(closures.shopId, shopId), isNotNull(closures.opensAt), sql`${closures.date} >= ${from}::date`))
        .orderBy(asc(closures.date)),

    /** The date's row, a closure (null hours) or special hours, locked until the transaction ends. */
    async exceptionOn(shopId: string, date: string) {
      const [row] = await db
        .select({ date: closures.date, reason: closures.reason, opensAt: closures.opensAt, closesAt: closures.closesAt })
        .from(closures)
        .where(and(eq(closures.shopId, shopId), eq(closures.date, date)))
        .for('update')
      return row ?? null
    },

    /** Sets the date's special hours, in place of its closure or earlier special hours. */
    async setSpecialHours(shopId: string, day: { date: string; opensAt: string; closesAt: string; reason: string }) {
      const [row] = await db
        .insert(closures)
        .values({ shopId, ...day })
        .onConflictDoUpdate({ target: [closures.shopId, closures.date], set: { reason: day.reason, opensAt: day.opensAt, closesAt: day.closesAt } })
        .returning(specialColumns)
      return row as SpecialHoursRow
    },

    async removeSpecialHours(shopId: string, date: string) {
      const rows = await db
        .delete(closures)
        .where(and(eq(closures.shopId, shopId), eq(closures.date, date), isNotNull(closures.opensAt)))
        .returning(specialColumns)
      return (rows[0] as SpecialHoursRow | undefined) ?? null
    },

    /** Sessions on the date that start before `opensAt` or end after `closesAt`, the shop's local times. */
    hitOutsideHours: (shopId: string, date: string, hours: { opensAt: string; closesAt: string }, at: Date) =>
      hit(
        sql`b.shop_id = ${shopId} and b.local_date = ${date}::date and (
          b.starts_at < ((${date}::date + ${hours.opensAt}::time) at time zone (select time_zone from shops where id = ${shopId}))
          or b.ends_at > ((${date}::date + ${hours.closesAt}::time) at time zone (select time_zone from shops where id = ${shopId})))`,
        at,
      ),

    hitOnDates: (shopId: string, from: string, to: string, at: Date) =>
      hit(sql`b.shop_id = ${shopId} and b.local_date between ${from}::date and ${to}::date`, at),

    /* ---------- beds ---------- */

    /**
     * Locks the shop's beds until the transaction ends, in one order. A booking locks its bed (FOR SHARE) before it
     * looks for a closure or a time out of service, so whichever of the two commits second sees the other.
     */
    async lockBeds(shopId: string) {
      await db.select({ id: beds.id }).from(beds).where(eq(beds.shopId, shopId)).orderBy(asc(beds.id)).for('update')
    },

    async bedForUpdate(shopId: string, bedId: string) {
      const [bed] = await db
        .select()
        .from(beds)
        .where(and(eq(beds.shopId, shopId), eq(beds.id, bedId)))
        .for('update')
      return bed ?? null
    },

    bedsOf: (shopId: string) => db.select().from(beds).where(eq(beds.shopId, shopId)).orderBy(asc(beds.sortOrder), asc(beds.id)),

    bedTypes: (shopId: string) =>
      db
        .select({ code: schema.bedTypes.code, name: schema.bedTypes.name })
        .from(schema.bedTypes)
        .where(eq(schema.bedTypes.shopId, shopId))
        .orderBy(asc(schema.bedTypes.sortOrder)),

    async insertBed(row: typeof beds.$inferInsert) {
      const [bed] = await db
        .insert(beds)
        .values({
          ...row,
          sortOrder: sql`(select coalesce(max(sort_order), 0) + 1 from beds where shop_id = ${row.shopId})`,
        })
        .returning()
      return bed!
    },

    async updateBed(bedId: string, change: Partial<typeof beds.$inferInsert>) {
      const [bed] = await db.update(beds).set(change).where(eq(beds.id, bedId)).returning()
      return bed!
    },

    /** Periods out of service of the shop's beds (or one bed) that have not ended at `at`, soonest first. */
    periodsNotEnded: (shopId: string, at: Date, bedId?: string) =>
      db
        .select()
        .from(bedOutOfService)
        .where(and(eq(bedOutOfService.shopId, shopId), gt(bedOutOfService.endsAt, at), bedId ? eq(bedOutOfService.bedId, bedId) : undefined))
        .orderBy(asc(bedOutOfService.startsAt), asc(bedOutOfService.id)),

    async insertPeriod(row: typeof bedOutOfService.$inferInsert) {
      const [period] = await db.insert(bedOutOfService).values(row).returning()
      return period!
    },

    async deletePeriod(shopId: string, bedId: string, id: string) {
      const [period] = await db
        .delete(bedOutOfService)
        .where(and(eq(bedOutOfService.shopId, shopId), eq(bedOutOfService.bedId, bedId), eq(bedOutOfService.id, id)))
        .returning()
      return period ?? null
    },

    /** Sessions on the bed that start at or after `at`. */
    hitOnBedFrom: (bedId: string, at: Date) => hit(sql`b.bed_id = ${bedId} and b.starts_at >= ${at.toISOString()}::timestamptz`, at),

    /** Sessions on the bed from `at` whose length the bed no longer takes. */
    hitOnBedOutside: (bedId: string, at: Date, minMinutes: number, maxMinutes: number) =>
      hit(sql`b.bed_id = ${bedId} and b.starts_at >= ${at.toISOString()}::timestamptz and (b.minutes < ${minMinutes} or b.minutes > ${maxMinutes})`, at),

    /** Sessions on the bed whose blocked time (cleaning buffer included) meets [from, until), as a booking is refused. */
    hitOnBedBetween: (bedId: string, from: Date, until: Date, at: Date) =>
      hit(
        sql`b.bed_id = ${bedId} and tstzrange(b.starts_at, b.blocked_until) && tstzrange(${from.toISOString()}::timestamptz, ${until.toISOString()}::timestamptz)`,
        at,
      ),

    /* ---------- booking rules ---------- */

    async rules(shopId: string, lock = false) {
      const query = db.select().from(bookingRules).where(eq(bookingRules.shopId, shopId))
      const [row] = await (lock ? query.for('update') : query)
      return row ?? null
    },

    async saveRules(shopId: string, rules: Omit<typeof bookingRules.$inferInsert, 'shopId'>) {
      const [saved] = await db
        .insert(bookingRules)
        .values({ shopId, ...rules })
        .onConflictDoUpdate({ target: bookingRules.shopId, set: rules })
        .returning()
      return saved!
    },
  }
}
export type ScheduleRepository = ReturnType<typeof createScheduleRepository>
