import { sql, type Db } from '@salon/db'

/** A range of the shop's local dates, both included, already checked. */
export interface DateRange {
  from: string
  to: string
}

export interface SessionCountsRow {
  bedId: string
  bedName: string
  attended: number
  noShow: number
  booked: number
  cancelled: number
  minutes: number
  attendedMinutes: number
}

export interface BookingExportRow {
  key: string
  id: string
  date: string
  start: string
  end: string
  minutes: number
  bed: string
  status: string
  paidWith: string
  pricePence: number
  firstName: string | null
  lastName: string | null
  phone: string | null
  email: string | null
  bookedBy: string | null
  bookedAt: string
}

export interface SaleExportRow {
  key: string
  id: string
  date: string
  time: string
  provider: string
  status: string
  purpose: string
  description: string
  pricePence: number
  discountPence: number
  amountPence: number
  promoCode: string | null
  refundedOn: string | null
  refundedPence: number | null
  firstName: string | null
  lastName: string | null
  phone: string | null
  email: string | null
  recordedBy: string | null
}

export interface MarketingExportRow {
  key: string
  firstName: string | null
  lastName: string | null
  email: string | null
  phone: string | null
  appMarketing: boolean
  appTimestamp: string | null
  masterMarketing: boolean
  masterTimestamp: string | null
}

/** Where a batched read carries on from: the last row's key (an instant to the microsecond), its id, and its local date if it has one. */
export interface After {
  key: string
  id: string
  date?: string
}

const utc = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`)

/**
 * When money came in for a payment: when the provider or the counter said it succeeded. A purchase refused after
 * the card was charged never succeeded; its money came in when it was made.
 */
const MONEY_IN_TEXT = 'coalesce(p.succeeded_at, p.created_at)'
const MONEY_IN = sql.raw(MONEY_IN_TEXT)
/** Payments that took money: kept, given back since, or refused and owed back. */
const TOOK_MONEY = sql.raw(`p.status in ('succeeded', 'refunded', 'refused')`)

/**
 * The owner's reports and exports (docs/product.md §10.7), read across the salon's bookings, payments and customers
 * with the grouping done in SQL. A range of local dates becomes the instants of the shop's time zone (from the
 * first date's midnight to the midnight after the last), so a day of 23 or 25 hours when the clocks change is
 * counted whole. The only code of the reports module that reads the database.
 */
export function createReportsRepository(db: Db) {
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows

  /** The shop's time zone and the instants that bound the range in it. */
  const bounds = (shopId: string, range: DateRange) => sql`
    select s.time_zone as tz,
      (${range.from}::date::timestamp at time zone s.time_zone) as starts,
      ((${range.to}::date + 1)::timestamp at time zone s.time_zone) as ends
    from shops s where s.id = ${shopId}`

  const sessionCounts = sql`
    b.bed_id as "bedId", max(beds.name) as "bedName",
    (count(*) filter (where b.status = 'attended'))::int as attended,
    (count(*) filter (where b.status = 'no_show'))::int as "noShow",
    (count(*) filter (where b.status = 'booked'))::int as booked,
    (count(*) filter (where b.status = 'cancelled'))::int as cancelled,
    coalesce(sum(b.minutes) filter (where b.status in ('attended', 'no_show', 'booked')), 0)::int as minutes,
    coalesce(sum(b.minutes) filter (where b.status = 'attended'), 0)::int as "attendedMinutes"`
  // Sessions held for a card payment are not yet booked: they count once paid, or not at all.
  const sessionsIn = (shopId: string, range: DateRange) => sql`
    from bookings b join beds on beds.id = b.bed_id
    where b.shop_id = ${shopId} and b.local_date between ${range.from}::date and ${range.to}::date and b.status <> 'pending'`

  return {
    async timeZone(shopId: string) {
      const [row] = await rows<{ tz: string }>(sql`select time_zone as tz from shops where id = ${shopId}`)
      return row?.tz ?? 'Europe/London'
    },

    /** Sessions per local date and bed. */
    sessionsByDay: (shopId: string, range: DateRange) =>
      rows<SessionCountsRow & { date: string }>(sql`
        select to_char(b.local_date, 'YYYY-MM-DD') as date, ${sessionCounts}
        ${sessionsIn(shopId, range)}
        group by b.local_date, b.bed_id
        order by b.local_date, min(beds.sort_order), b.bed_id`),

    /** Sessions per ISO week (Monday to Sunday) and bed. */
    sessionsByWeek: (shopId: string, range: DateRange) =>
      rows<SessionCountsRow & { week: string; weekStart: string }>(sql`
        select to_char(b.local_date, 'IYYY-"W"IW') as week, to_char(date_trunc('week', b.local_date), 'YYYY-MM-DD') as "weekStart", ${sessionCounts}
        ${sessionsIn(shopId, range)}
        group by date_trunc('week', b.local_date), to_char(b.local_date, 'IYYY-"W"IW'), b.bed_id
        order by date_trunc('week', b.local_date), min(beds.sort_order), b.bed_id`),

    /**
     * Packages (and minutes sold loose at the counter) sold in the range and kept, per package, for what was paid: by
     * card, cash or credit, and both where credit paid part of a card payment (docs/decisions/053).
     */
    packageSales: (shopId: string, range: DateRange) =>
      rows<{ packageId: string | null; name: string; count: number; revenuePence: number }>(sql`
        with r as (${bounds(shopId, range)})
        select p.package_id as "packageId", coalesce(max(pk.name), max(p.description)) as name, count(*)::int as count,
          sum(p.amount_pence + p.credit_pence - coalesce((select sum(i.quantity * i.unit_price_pence) from sale_items i where i.payment_id = p.id), 0))::float8 as "revenuePence"
        from payments p cross join r left join packages pk on pk.id = p.package_id and pk.shop_id = p.shop_id
        where p.shop_id = ${shopId} and p.purpose in ('package', 'minutes') and p.status = 'succeeded'
          and ${MONEY_IN} >= r.starts and ${MONEY_IN} < r.ends
        group by p.package_id
        order by min(pk.sort_order) nulls last, name`),

    /** Products sold at the counter in the range and kept (alone or with a package), per product, at the prices they were sold at. */
    productSales: (shopId: string, range: DateRange) =>
      rows<{ extraId: string | null; name: string; quantity: number; revenuePence: number }>(sql`
        with r as (${bounds(shopId, range)})
        select i.extra_id as "extraId", coalesce(max(e.name), max(i.description)) as name,
          sum(i.quantity)::int as quantity, sum(i.quantity * i.unit_price_pence)::float8 as "revenuePence"
        from sale_items i join payments p on p.id = i.payment_id cross join r
          left join price_extras e on e.id = i.extra_id
        where p.shop_id = ${shopId} and p.status = 'succeeded' and ${MONEY_IN} >= r.starts and ${MONEY_IN} < r.ends
        group by i.extra_id, case when i.extra_id is null then i.description end
        order by min(e.sort_order) nulls last, name`),

    /** Promo codes used on the sales kept in the range, and the discount each gave. */
    promoUses: (shopId: string, range: DateRange) =>
      rows<{ code: string; uses: number; discountPence: number }>(sql`
        with r as (${bounds(shopId, range)})
        select pc.code, count(*)::int as uses, sum(p.discount_pence)::float8 as "discountPence"
        from payments p cross join r join promo_codes pc on pc.id = p.promo_code_id
        where p.shop_id = ${shopId} and p.status = 'succeeded' and ${MONEY_IN} >= r.starts and ${MONEY_IN} < r.ends
        group by pc.code
        order by pc.code`),

    /**
     * Money per method: what came in during the range (the payments that took it), and what was given back during
     * it (refunds counted on the day they were made, whenever the payment was). What gift voucher credit paid is no
     * money in: the voucher's sale was.
     */
    takings: (shopId: string, range: DateRange) =>
      rows<{ method: string; payments: number; grossPence: number; refundedPence: number }>(sql`
        with r as (${bounds(shopId, range)}),
        moved as (
          select p.provider, p.amount_pence as gross, 0 as refunded
          from payments p cross join r
          where p.shop_id = ${shopId} and p.provider <> 'credit' and ${TOOK_MONEY} and ${MONEY_IN} >= r.starts and ${MONEY_IN} < r.ends
          union all
          select p.provider, 0, coalesce(p.refunded_pence, p.amount_pence)
          from payments p cross join r
          where p.shop_id = ${shopId} and p.provider <> 'credit' and p.status = 'refunded' and p.refunded_at >= r.starts and p.refunded_at < r.ends
        )
        select case when provider in ('cash', 'card_terminal') then provider else 'online_card' end as method,
          (count(*) filter (where gross > 0))::int as payments, sum(gross)::float8 as "grossPence", sum(refunded)::float8 as "refundedPence"
        from moved group by 1`),

    /**
     * A batch of the range's bookings in the order they start, after `after`. The batch's ids are picked first, on
     * their own, and only those rows are joined and written out: a year's bookings are never all formatted per batch.
     */
    bookingsBatch: (shopId: string, range: DateRange, after: After | null, limit: number) =>
      rows<BookingExportRow>(sql`
        with page as (
          select b.id from bookings b
          where b.shop_id = ${shopId} and b.local_date between ${range.from}::date and ${range.to}::date
            ${after?.date ? sql`and b.local_date >= ${after.date}::date` : sql``}
            ${after ? sql`and (b.starts_at, b.id) > (${after.key}::timestamptz, ${after.id}::uuid)` : sql``}
          -- The same order as by start alone (a later start is never an earlier local date): the index of dates
          -- takes each batch from where the last ended.
          order by b.local_date, b.starts_at, b.id
          limit ${limit}
        )
        select ${utc('b.starts_at')} as key, b.id::text as id, to_char(b.local_date, 'YYYY-MM-DD') as date,
          to_char(b.starts_at at time zone s.time_zone, 'HH24:MI') as start, to_char(b.ends_at at time zone s.time_zone, 'HH24:MI') as "end",
          b.minutes, beds.name as bed, b.status, b.paid_with as "paidWith", b.price_pence as "pricePence",
          c.first_name as "firstName", c.last_name as "lastName", c.phone, c.email, sm.name as "bookedBy",
          to_char(b.created_at at time zone s.time_zone, 'YYYY-MM-DD HH24:MI') as "bookedAt"
        from page
          join bookings b on b.id = page.id
          join shops s on s.id = b.shop_id
          join beds on beds.id = b.bed_id
          left join customers c on c.shop_id = b.shop_id and c.sub = b.sub
          left join staff_members sm on sm.shop_id = b.shop_id and sm.sub = b.booked_by
        order by b.starts_at, b.id`),

    /** A batch of the payments whose money came in during the range, in that order, after `after` (ids first, as above). */
    salesBatch: (shopId: string, range: DateRange, after: After | null, limit: number) =>
      rows<SaleExportRow>(sql`
        with r as (${bounds(shopId, range)}),
        page as (
          select p.id from payments p cross join r
          where p.shop_id = ${shopId} and ${TOOK_MONEY} and ${MONEY_IN} >= r.starts and ${MONEY_IN} < r.ends
            ${after ? sql`and (${MONEY_IN}, p.id) > (${after.key}::timestamptz, ${after.id}::uuid)` : sql``}
          order by ${MONEY_IN}, p.id
          limit ${limit}
        )
        select ${utc(MONEY_IN_TEXT)} as key, p.id::text as id,
          to_char(${MONEY_IN} at time zone r.tz, 'YYYY-MM-DD') as date, to_char(${MONEY_IN} at time zone r.tz, 'HH24:MI') as time,
          p.provider, p.status, p.purpose, p.description, p.price_pence as "pricePence", p.discount_pence as "discountPence",
          p.amount_pence as "amountPence", pc.code as "promoCode",
          to_char(p.refunded_at at time zone r.tz, 'YYYY-MM-DD') as "refundedOn", p.refunded_pence as "refundedPence",
          c.first_name as "firstName", c.last_name as "lastName", c.phone, c.email, sm.name as "recordedBy"
        from page
          join payments p on p.id = page.id
          cross join r
          left join promo_codes pc on pc.id = p.promo_code_id
          left join customers c on c.shop_id = p.shop_id and c.sub = p.sub
          left join staff_members sm on sm.shop_id = p.shop_id and sm.sub = p.recorded_by
        order by ${MONEY_IN}, p.id`),

    /**
     * A batch of the customers who agreed to marketing (the salon's offers, or the group's news and offers) and have
     * not deleted their account, in the order their records were made, after `after`.
     */
    marketingBatch: (shopId: string, after: After | null, limit: number) =>
      rows<MarketingExportRow & { id: string }>(sql`
        with page as (
          select c.sub from customers c
          where c.shop_id = ${shopId} and c.erased_at is null and (c.app_marketing or c.master_marketing)
            ${after ? sql`and (c.created_at, c.sub) > (${after.key}::timestamptz, ${after.id}::uuid)` : sql``}
          order by c.created_at, c.sub
          limit ${limit}
        )
        select ${utc('c.created_at')} as key, c.sub::text as id, c.first_name as "firstName", c.last_name as "lastName", c.email, c.phone,
          c.app_marketing as "appMarketing", ${utc('c.app_timestamp')} as "appTimestamp",
          c.master_marketing as "masterMarketing", ${utc('c.master_timestamp')} as "masterTimestamp"
        from page join customers c on c.shop_id = ${shopId} and c.sub = page.sub
        order by c.created_at, c.sub`),
  }
}
export type ReportsRepository = ReturnType<typeof createReportsRepository>
