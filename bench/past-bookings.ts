/**
 * A long history for the growth bench: `count` bookings in the past on a shop's active beds, by customers made for
 * them, written in SQL (generate_series) in batches, through every constraint and trigger of the bookings table:
 * - no two sessions of a bed meet (bookings_no_overlap): each bed has one session per step of a grid that runs
 *   back from before the shop's earliest booking (or yesterday), a step being the longest session here plus the
 *   bed's cleaning buffer;
 * - one active booking per customer and day (bookings_one_per_day): the customers are three days' worth of
 *   bookings, each booking once every three days;
 * - the times and prices agree (bookings_times, bookings_minutes), statuses and payments are ones the checks allow.
 * Most sessions were attended; one in ten was cancelled and one in ten was booked and never marked attended. A session
 * on a day the salon was closed was cancelled (bookings_bed_open refuses any other).
 * Sessions run around the clock so that a million fit in a few years on five beds. The customers are written first;
 * then batches of one bed's sessions go in over a connection per core (no two batches meet, so none waits on
 * another). Ends with ANALYZE.
 *
 *   addPastBookings('postgres://postgres@127.0.0.1:5432/salon_bench', 'bronze-glow', 1_000_000)
 */
import { randomUUID } from 'node:crypto'
import { availableParallelism } from 'node:os'
import pg from 'pg'

const BATCH = 50_000
/** The longest session of the history, in minutes; each session is 6 to 10 minutes, within what its bed takes. */
const LONGEST = 10
const DAY_MINUTES = 24 * 60

interface BedRow {
  id: string
  minMinutes: number
  maxMinutes: number
  bufferMinutes: number
  perMinutePence: number
}

export async function addPastBookings(databaseUrl: string, shopId: string, count: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  let plan: Plan
  try {
    plan = await planFor(client, shopId)
    // The customers first, committed, so that the workers below can book for them.
    await client.query(
      `insert into customers (shop_id, sub, first_name, last_name, email, phone, dob, skin_type, signup_source, created_at, updated_at)
       select $1, md5($2 || idx)::uuid, 'Past', 'Customer ' || idx, 'past-' || idx || '@customers.example', '+447700' || lpad(idx::text, 6, '0'),
         date '1970-01-01' + (idx % 9000), 2 + idx % 4, 'online', $3::timestamptz - interval '8 years', $3::timestamptz - interval '8 years'
       from generate_series(0, $4::int - 1) idx`,
      [shopId, plan.salt, plan.anchor, plan.customers],
    )
  } finally {
    await client.end()
  }
  // Batches of one bed's sessions, written by a connection per core: batches never overlap, so none waits on another.
  const batches = plan.beds.flatMap((bed) => {
    const sessions = Math.ceil((count - bed.index) / plan.beds.length)
    return Array.from({ length: Math.ceil(sessions / BATCH) }, (_, i) => ({ bed, from: i * BATCH, to: Math.min(sessions, (i + 1) * BATCH) }))
  })
  await Promise.all(Array.from({ length: Math.min(batches.length, availableParallelism()) }, () => book(databaseUrl, shopId, plan, batches)))
  const analyse = new pg.Client({ connectionString: databaseUrl })
  await analyse.connect()
  try {
    await analyse.query('analyze customers')
    await analyse.query('analyze bookings')
  } finally {
    await analyse.end()
  }
}

interface Plan {
  timeZone: string
  beds: (BedRow & { index: number })[]
  /** Minutes between the starts of a bed's sessions. */
  step: number
  customers: number
  /** The instant the history ends at: the start of yesterday (UTC), or of the shop's earliest booking if earlier. */
  anchor: Date
  /** Makes this run's customer ids its own: md5(salt || index). */
  salt: string
}

async function planFor(client: pg.Client, shopId: string): Promise<Plan> {
  const shop = await client.query<{ time_zone: string }>('select time_zone from shops where id = $1', [shopId])
  if (!shop.rows[0]) throw new Error(`There is no shop ${shopId}.`)
  const beds = (
    await client.query<BedRow>(
      `select b.id, b.min_minutes as "minMinutes", b.max_minutes as "maxMinutes", b.cleaning_buffer_minutes as "bufferMinutes",
         t.per_minute_pence as "perMinutePence"
       from beds b join bed_types t on t.shop_id = b.shop_id and t.code = b.type
       where b.shop_id = $1 and b.active order by b.sort_order, b.id`,
      [shopId],
    )
  ).rows
  if (beds.length === 0) throw new Error(`The shop ${shopId} has no active beds.`)
  // One grid for all beds: a step long enough for the longest session and buffer of any bed, in whole 5 minutes.
  const longest = (bed: BedRow) => Math.min(bed.maxMinutes, Math.max(bed.minMinutes, LONGEST)) + bed.bufferMinutes
  const step = Math.ceil(Math.max(...beds.map(longest)) / 5) * 5
  const anchor = (
    await client.query<{ anchor: Date }>(
      `select least(date_trunc('day', now()) - interval '1 day', date_trunc('day', min(starts_at))) as anchor from bookings where bed_id = any($1::text[])`,
      [beds.map((b) => b.id)],
    )
  ).rows[0]!.anchor
  return {
    timeZone: shop.rows[0].time_zone,
    beds: beds.map((bed, index) => ({ ...bed, index })),
    step,
    // Three days' worth: each customer books once every three days of the grid, never twice on one local date.
    customers: 3 * Math.floor(DAY_MINUTES / step) * beds.length,
    anchor,
    salt: `${shopId}:${randomUUID()}:`,
  }
}

/**
 * Takes batches until none is left. Booking k of the whole history is bed k % beds, grid slot k / beds counted back
 * from the anchor, and customer k % customers; a bed's n-th session back is booking n * beds + bed.
 */
async function book(databaseUrl: string, shopId: string, plan: Plan, batches: { bed: Plan['beds'][number]; from: number; to: number }[]) {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    for (let batch = batches.shift(); batch; batch = batches.shift()) {
      const { bed, from, to } = batch
      await client.query(
        `insert into bookings (id, shop_id, sub, bed_id, local_date, starts_at, ends_at, blocked_until, minutes, price_pence, paid_with, status, created_at, cancelled_at)
         select gen_random_uuid(), $1, md5($2 || ((n * $3::int + $4::int) % $5::int))::uuid, $6, (s.starts_at at time zone $7)::date, s.starts_at,
           s.starts_at + make_interval(mins => s.minutes), s.starts_at + make_interval(mins => s.minutes + $8::int),
           s.minutes, s.minutes * $9::int, 'in_salon',
           case when k.closed or n % 10 = 0 then 'cancelled' when n % 10 = 1 then 'booked' else 'attended' end,
           s.starts_at - interval '2 days', case when k.closed or n % 10 = 0 then s.starts_at - interval '3 hours' end
         from generate_series($10::int, $11::int - 1) n
         cross join lateral (
           select $12::timestamptz - make_interval(mins => $13::int * (1 + n)) as starts_at, least($14::int, greatest($15::int, 6 + n % 5)) as minutes
         ) s
         cross join lateral (
           select exists (select 1 from closures c where c.shop_id = $1 and c.date = (s.starts_at at time zone $7)::date) as closed
         ) k`,
        [
          shopId,
          plan.salt,
          plan.beds.length,
          bed.index,
          plan.customers,
          bed.id,
          plan.timeZone,
          bed.bufferMinutes,
          bed.perMinutePence,
          from,
          to,
          plan.anchor,
          plan.step,
          bed.maxMinutes,
          bed.minMinutes,
        ],
      )
    }
  } finally {
    await client.end()
  }
}
