/**
 * What working out free times costs when nothing is kept: the demo salon's p_preload_times and p_sessions asked one
 * after another, in process, with the availability cache off, and how they are planned. With --past N, the same
 * again after N past bookings (bench/past-bookings.ts), to see the answer does not slow down as history grows.
 *
 *   npx tsx bench/availability-cold.ts                                   (embedded database, in memory)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/avail_growth npx tsx bench/availability-cold.ts --past 1000000
 *
 * The PostgreSQL database is migrated and given the demo salon when it has none; --past adds to what it holds.
 */
import { createDatabase, sql } from '@salon/db'
import { seedDemo } from '@salon/db/seed'
import { quietApp } from '../apps/server/src/quiet-app.ts'
import { addPastBookings } from './past-bookings.ts'

const SHOP = { shop_id: 'bronze-glow', api_key: 'pk_demo_3f9c2a7e41b84d6a9e0c5b1d8f27a4c6' }
const ROUNDS = Number(process.env.ROUNDS ?? 300)
/**
 * Each call is measured this many times over, and the pass with the lowest mean reported: a request takes about two
 * milliseconds of this process's own time, so a collection of garbage or another program on the machine during one
 * pass moves its mean by a fifth; the best pass shows what the database and the code cost.
 */
const PASSES = Number(process.env.PASSES ?? 3)
const argument = (name: string) => process.argv.find((_, i) => process.argv[i - 1] === name)
const past = Number(argument('--past') ?? 0)
const url = process.env.DATABASE_URL

const database = await createDatabase(url ? { url } : {})
await database.migrate()
const seeded = (await database.db.execute(sql`select 1 from shops where id = ${SHOP.shop_id}`)) as unknown as { rows: unknown[] }
if (!seeded.rows.length) await seedDemo(database.db, { apiKey: SHOP.api_key })

const app = quietApp(database, {
  identity: { poolId: 'eu-west-2_bench', clientId: 'bench', defaultShopId: SHOP.shop_id },
  availabilityCacheMs: 0,
})

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!

async function measure(label: string) {
  const preload = await app.request('/api/p_preload_times', { headers: SHOP })
  const body = (await preload.json()) as { times: Record<string, unknown[]>; minutes: number }
  const date = Object.keys(body.times).find((d, i) => i > 0 && body.times[d]!.length > 0) ?? Object.keys(body.times)[1]!
  const calls = {
    'GET p_preload_times': () => app.request('/api/p_preload_times', { headers: SHOP }),
    [`POST p_sessions ${date}`]: () =>
      app.request('/api/p_sessions', {
        method: 'POST',
        headers: { ...SHOP, 'content-type': 'application/json' },
        body: JSON.stringify({ date, minutes: body.minutes }),
      }),
  }
  for (const [name, call] of Object.entries(calls)) {
    for (let i = 0; i < 100; i++) await (await call()).arrayBuffer()
    let best: { times: number[]; mean: number; used: NodeJS.CpuUsage } | undefined
    for (let pass = 0; pass < PASSES; pass++) {
      const times: number[] = []
      const cpu = process.cpuUsage()
      for (let i = 0; i < ROUNDS; i++) {
        const started = performance.now()
        const response = await call()
        await response.arrayBuffer()
        if (response.status !== 200) throw new Error(`${name} answered ${response.status}`)
        times.push(performance.now() - started)
      }
      const used = process.cpuUsage(cpu)
      const mean = times.reduce((a, b) => a + b, 0) / times.length
      if (!best || mean < best.mean) best = { times, mean, used }
    }
    const { times, mean, used } = best!
    times.sort((a, b) => a - b)
    console.log(
      `${label.padEnd(22)} ${name.padEnd(32)} mean ${mean.toFixed(2)} ms  p50 ${quantile(times, 0.5).toFixed(2)} ms  p99 ${quantile(times, 0.99).toFixed(2)} ms  cpu ${((used.user + used.system) / 1000 / ROUNDS).toFixed(2)} ms`,
    )
  }
  return date
}

/** The plan of the query that reads a week's bookings for availability (booking.repository.ts busy). */
async function plan() {
  const beds = (await database.db.execute(sql`select id from beds where shop_id = ${SHOP.shop_id} and active`)) as unknown as { rows: { id: string }[] }
  const ids = beds.rows.map((b) => b.id)
  const result = (await database.db.execute(sql`
    explain (analyze, buffers, costs off)
    select bed_id, starts_at, blocked_until, hold_until from bookings
    where bed_id in ${sql`(${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`}
      and tstzrange(starts_at, blocked_until) && tstzrange(now(), now() + interval '7 days')
      and status <> 'cancelled' and (status <> 'pending' or hold_until > now())`)) as unknown as { rows: Record<string, string>[] }
  console.log(result.rows.map((r) => Object.values(r)[0]).join('\n'))
}

const count = async () =>
  ((await database.db.execute(sql`select count(*)::int as n from bookings where shop_id = ${SHOP.shop_id}`)) as unknown as { rows: { n: number }[] }).rows[0]!.n

console.log(`${database.kind}, ${(await count()).toLocaleString('en-GB')} bookings, the best of ${PASSES} passes of ${ROUNDS} requests each, nothing kept`)
await measure(`${(await count()).toLocaleString('en-GB')} bookings`)
if (database.kind === 'postgres') await plan()
if (past > 0 && url) {
  const started = performance.now()
  await addPastBookings(url, SHOP.shop_id, past)
  console.log(`${past.toLocaleString('en-GB')} past bookings added in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  await measure(`${(await count()).toLocaleString('en-GB')} bookings`)
  await plan()
}
await database.close()
