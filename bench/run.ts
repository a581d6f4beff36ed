/**
 * The speed, memory and weight targets of the product, measured on this machine against the production server
 * (compiled JavaScript) and compared in the same run with the same framework's hello-world route.
 * Prints a table of target, measured and met, writes bench/results.json and the table into docs/speed.md,
 * and exits 1 when a target is missed.
 *
 *   npm run bench                         (builds first; about ten minutes)
 *   npm run bench -- --skip postgres,growth,lighthouse   (parts: embedded, postgres, growth, lighthouse, js, import)
 *
 * Load: autocannon for the API's small answers, wrk (apt-get install wrk) for pages and files (bench/wrk.ts).
 *
 * Settings: BENCH_SECONDS (load per measurement, default 10), BENCH_POSTGRES_URL (a server where the bench may
 * create and drop the database salon_bench; default postgres://postgres@127.0.0.1:5432/postgres).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import pg from 'pg'
import { kB, routeJsSizes } from '../scripts/route-js-size.ts'
import { lighthouseRuns, middle, PHONE_PAGES } from './lighthouse.ts'
import { BENCH_OUTBOX_TOKEN, RETURNING_VISITOR, signedInCookies } from './visitors.ts'
import { capture, startTwin, wrkLoad, wrkMissing, type WrkLoad } from './wrk.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const CONNECTIONS = 50
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const WARM_UP_SECONDS = 2
/** wrk's settings for pages and files: the same connections and time as autocannon's, from one thread. */
const WRK = { connections: CONNECTIONS, seconds: SECONDS, warmUpSeconds: WARM_UP_SECONDS }
const TWIN_PORT = 3293
const SHOP = { shop_id: 'bronze-glow', api_key: 'pk_demo_3f9c2a7e41b84d6a9e0c5b1d8f27a4c6' }
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' }
const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const PAST_BOOKINGS = 1_000_000
const skip = new Set((process.argv.find((a, i) => process.argv[i - 1] === '--skip') ?? '').split(',').filter(Boolean))

interface Row {
  part: string
  what: string
  target: string
  measured: string
  met: boolean
}
const rows: Row[] = []
function record(part: string, what: string, target: string, measured: string, met: boolean) {
  rows.push({ part, what, target, measured, met })
  console.log(`${met ? 'met   ' : 'MISSED'}  ${part.padEnd(10)} ${what.padEnd(44)} ${target.padEnd(30)} ${measured}`)
}

interface Load {
  rps: number
  p50: number
  p99: number
  mean: number
  failures: number
}

/** autocannon against one address: 50 connections for SECONDS, after a short warm-up that is not counted. */
async function load(url: string, options: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string } = {}): Promise<Load> {
  const run = (duration: number) =>
    autocannon({ url, connections: CONNECTIONS, duration, method: options.method ?? 'GET', headers: options.headers, body: options.body })
  await run(WARM_UP_SECONDS)
  const r = await run(SECONDS)
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, mean: r.latency.average, failures: r.errors + r.timeouts + r.non2xx }
}
const round = (n: number) => Math.round(n).toLocaleString('en-GB')
const fmt = (l: Pick<Load, 'rps' | 'p99' | 'failures'>) => `${round(l.rps)} req/s, p99 ${+l.p99.toFixed(1)} ms${l.failures ? `, ${l.failures} failed` : ''}`
const pct = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)} %`

/** How `npm start` runs the server: its script in package.json, and the flags it gives Node. */
const serveScript = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.serve ?? ''
const SERVER = 'apps/server/dist/main.js'
const serveFlags = (/\bnode ((?:--\S+ )*)apps\/server\/dist\/main\.js/.exec(serveScript)?.[1] ?? '').split(' ').filter(Boolean)

/** A server as production runs it: the salon's with the flags of `npm start`, the yardstick with none. */
function start(script: string, port: number, env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, [...(script === SERVER ? serveFlags : []), script], {
    cwd: root,
    // The default log level, as in production: one line per request, written to nowhere.
    env: { ...process.env, PORT: String(port), NODE_ENV: 'production', OUTBOX_TOKEN: BENCH_OUTBOX_TOKEN, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
}
async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return
  child.kill('SIGTERM')
  await new Promise((r) => child.once('exit', r))
}
async function waitFor(url: string) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`${url} did not answer within a minute`)
}
/** Resident memory of a process, in MB (Linux). */
function rssMb(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024
}

/**
 * The yardstick: Hono's hello-world on the same Node server adapter, running beside the salon's server and
 * measured again right before each route, so that both see the machine as it is at that moment (a shared
 * machine's speed drifts by half or more within a run).
 */
async function startYardstick() {
  const port = 3290
  const url = `http://127.0.0.1:${port}/`
  const child = start('bench/hello.mjs', port)
  await waitFor(url)
  const runs: number[] = []
  return {
    /** Hello-world's requests per second now. */
    async now(): Promise<number> {
      const l = await load(url)
      if (l.failures) throw new Error(`hello-world failed ${l.failures} requests`)
      runs.push(l.rps)
      return l.rps
    },
    /** How many times it was measured. */
    get runs() {
      return runs.length
    },
    /** The median of every run so far. */
    median(): number {
      return runs.length > 0 ? middle([...runs].sort((a, b) => a - b)) : 0
    },
    summary(): string {
      return `median ${round(this.median())} req/s of ${runs.length} runs, from ${round(Math.min(...runs))} to ${round(Math.max(...runs))}`
    },
    stop: () => stop(child),
  }
}
type Yardstick = Awaited<ReturnType<typeof startYardstick>>

/** A route under load right after hello-world: its share of what hello-world did just before. */
async function paired(hello: Yardstick, url: string, options?: Parameters<typeof load>[1]) {
  const yardstick = await hello.now()
  const l = await load(url, options)
  return { l, share: l.rps / yardstick, shown: `${pct(l.rps, yardstick)} of ${Math.round(yardstick).toLocaleString('en-GB')}: ${fmt(l)}` }
}

/** A date in the coming week with free times, from the salon's own answer, and the session length it offers. */
async function openDay(base: string): Promise<{ date: string; minutes: number }> {
  const res = await fetch(`${base}/api/p_preload_times`, { headers: SHOP })
  const body = (await res.json()) as { times: Record<string, unknown[]>; minutes: number }
  const date = Object.keys(body.times).find((d, i) => i > 0 && body.times[d]!.length > 0)
  if (!date) throw new Error('the demo salon offers no times in the coming week')
  return { date, minutes: body.minutes }
}

/** Who sends a request: a first visit without cookies, a returning visitor, a signed-in customer (bench/visitors.ts). */
interface Visitor {
  who: string
  cookie?: string
}
const as = (visitor: Visitor, headers: Record<string, string>) => (visitor.cookie ? { ...headers, cookie: visitor.cookie } : headers)
const shown = (visitor: Visitor) => (visitor.cookie ? `, ${visitor.who}` : '')

/** The server's API (and, on the embedded database, its pages) under load. Returns the availability latency. */
async function measureServer(part: string, base: string, hello: Yardstick, pages: boolean) {
  const day = await openDay(base)
  const sessionsBody = JSON.stringify(day)
  const api = { ...SHOP, ...BROWSER }
  const fresh: Visitor = { who: 'no cookies' }
  const returning: Visitor = { who: 'returning visitor', cookie: RETURNING_VISITOR }
  const signedIn: Visitor = { who: 'signed in', cookie: await signedInCookies(base, SHOP) }
  const availability: { what: string; m: Awaited<ReturnType<typeof paired>> }[] = []
  for (const visitor of [fresh, signedIn]) {
    availability.push(
      { what: `GET /api/p_preload_times${shown(visitor)}`, m: await paired(hello, `${base}/api/p_preload_times`, { headers: as(visitor, api) }) },
      {
        what: `POST /api/p_sessions (one day, ${day.minutes} minutes)${shown(visitor)}`,
        m: await paired(hello, `${base}/api/p_sessions`, {
          method: 'POST',
          headers: as(visitor, { ...api, 'content-type': 'application/json' }),
          body: sessionsBody,
        }),
      },
    )
  }
  for (const { what, m } of availability) {
    record(part, what, '≥ 25 % of hello-world, p99 < 50 ms', m.shown, m.share >= 0.25 && m.l.p99 < 50 && m.l.failures === 0)
  }
  for (const [what, url, headers] of [
    ['GET /api/blogs (content from memory)', `${base}/api/blogs`, api],
    ['GET /healthz', `${base}/healthz`, {}],
  ] as const) {
    const m = await paired(hello, url, { headers })
    record(part, what, '≥ 50 % of hello-world', m.shown, m.share >= 0.5 && m.l.failures === 0)
  }
  if (pages) {
    await keptPages(part, base, [fresh, returning, signedIn])
    await pageCaching(part, base, signedIn)
    await staticAsset(part, base)
  }
  return availability.map(({ what, m }) => ({ what, l: m.l }))
}

/**
 * The public pages, kept and sent to everyone (decision 026), so the cookies a visitor carries must cost little:
 * each under wrk beside its static twin, which answers the very bytes and headers the server sent for the same
 * request, measured right before and after it. The page's share is of the twin's mean.
 */
async function keptPages(part: string, base: string, visitors: Visitor[]) {
  const missing = wrkMissing()
  const target = '≥ 30 % of its static twin, p99 < 50 ms'
  for (const path of ['/', '/prices/', '/blog/']) {
    for (const visitor of visitors) {
      const what = `GET ${path} (kept page, wrk)${shown(visitor)}`
      if (missing) {
        record(part, what, target, missing, false)
        continue
      }
      const headers = as(visitor, BROWSER)
      const answer = await capture(`${base}${path}`, headers)
      const twin = await startTwin(root, answer, TWIN_PORT, waitFor)
      try {
        const before = await wrkLoad(twin.url, headers, WRK)
        const l = await wrkLoad(`${base}${path}`, headers, WRK)
        const after = await wrkLoad(twin.url, headers, WRK)
        const twinRps = (before.rps + after.rps) / 2
        const sent = kB(Buffer.from(answer.body, 'base64').length)
        record(
          part,
          what,
          target,
          `${pct(l.rps, twinRps)} of the twin's ${round(twinRps)} req/s (${sent} body, twin p99 ${+Math.max(before.p99, after.p99).toFixed(1)} ms): ${fmt(l)}`,
          l.rps >= 0.3 * twinRps && l.p99 < 50 && l.failures === 0 && before.failures + after.failures === 0,
        )
      } finally {
        await twin.stop()
      }
    }
  }
}

/**
 * A public page tells a CDN it may keep it (docs/decisions/026-shared-pages-for-signed-in-visitors.md): shared caching,
 * a strong tag, the same page and tag for a signed-in customer, and 304 to a browser that has it.
 */
async function pageCaching(part: string, base: string, signedIn: Visitor) {
  const get = async (headers: Record<string, string>) => {
    const res = await fetch(`${base}/`, { headers: { ...BROWSER, ...headers } })
    await res.arrayBuffer()
    return res
  }
  const everyone = await get({})
  const theirs = await get(as(signedIn, {}))
  const etag = everyone.headers.get('etag') ?? ''
  const cache = everyone.headers.get('cache-control') ?? 'none'
  const again = await get({ 'if-none-match': etag })
  const met =
    /\bs-maxage=\d+/.test(cache) &&
    /\bstale-while-revalidate=\d+/.test(cache) &&
    /^"[^"]+"$/.test(etag) &&
    theirs.headers.get('etag') === etag &&
    (everyone.headers.get('vary') ?? '').includes('Accept-Encoding') &&
    again.status === 304
  const measured = `${cache}; ETag ${etag ? 'strong' : 'none'}, ${theirs.headers.get('etag') === etag ? 'same' : 'another'} signed in; If-None-Match: ${again.status}`
  record(part, 'GET /: HTTP caching for a CDN', 's-maxage, strong ETag, 304', measured, met)
}

/** A hashed build file: served precompressed (Brotli to browsers that take it), cached for a year, and fast. */
async function staticAsset(part: string, base: string) {
  const assets = path.join(root, 'apps/web/build/client/assets')
  const file = readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .map((f) => ({ f, size: readFileSync(path.join(assets, f)).length }))
    .sort((a, b) => b.size - a.size)[0]!.f
  const url = `${base}/assets/${file}`
  const res = await fetch(url, { headers: BROWSER })
  await res.arrayBuffer()
  const encoding = res.headers.get('content-encoding') ?? 'none'
  const cache = res.headers.get('cache-control') ?? 'none'
  record(part, 'hashed asset: encoding and caching', 'br, immutable', `${encoding}; ${cache}`, encoding === 'br' && cache.includes('immutable'))
  // The largest file: its speed is bound by the bytes sent, so it is shown for comparison and has no share to meet.
  const what = `GET /assets/${file.slice(0, 24)}… (${kB(Number(res.headers.get('content-length')))} sent, wrk)`
  const missing = wrkMissing()
  if (missing) return record(part, what, 'answers every request', missing, false)
  const l: WrkLoad = await wrkLoad(url, BROWSER, WRK)
  record(part, what, 'answers every request', fmt(l), l.failures === 0)
}

async function embedded(hello: Yardstick) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'salon-bench-'))
  const port = 3291
  const base = `http://127.0.0.1:${port}`
  const child = start(SERVER, port, { DATA_DIR: dataDir })
  try {
    await waitFor(`${base}/healthz`)
    await measureServer('embedded', base, hello, true)
    if (!skip.has('lighthouse')) await lighthouse(base)
    const rss = rssMb(child.pid!)
    record('embedded', 'resident memory after the bench', '≤ 400 MB', `${rss.toFixed(0)} MB`, rss <= 400)
  } finally {
    await stop(child)
    rmSync(dataDir, { recursive: true, force: true })
  }
}

async function postgres(hello: Yardstick) {
  const admin = new pg.Client({ connectionString: ADMIN_URL })
  await admin.connect()
  await admin.query('DROP DATABASE IF EXISTS salon_bench WITH (FORCE)')
  await admin.query('CREATE DATABASE salon_bench')
  await admin.end()
  const url = new URL(ADMIN_URL)
  url.pathname = '/salon_bench'
  const port = 3292
  const base = `http://127.0.0.1:${port}`
  const child = start(SERVER, port, { DATABASE_URL: url.href })
  try {
    await waitFor(`${base}/healthz`)
    await measureServer('postgres', base, hello, false)
    const rss = rssMb(child.pid!)
    record('postgres', 'resident memory after the bench', '≤ 200 MB', `${rss.toFixed(0)} MB`, rss <= 200)
    if (skip.has('growth')) return
    await stop(child)
    // Growth is measured where it could show: free times worked out with nothing kept, one request at a time.
    const before = await coldAvailability(url.href)
    const { addPastBookings } = await import('./past-bookings.ts')
    const started = performance.now()
    await addPastBookings(url.href, SHOP.shop_id, PAST_BOOKINGS)
    console.log(`          (${PAST_BOOKINGS.toLocaleString('en-GB')} past bookings added in ${((performance.now() - started) / 1000).toFixed(0)} s)`)
    const after = await coldAvailability(url.href)
    for (const [i, what] of ['GET /api/p_preload_times', 'POST /api/p_sessions'].entries()) {
      const ratio = after[i]! / before[i]!
      record(
        'growth',
        `${what}, nothing kept, 1,000,000 past bookings vs none`,
        'mean latency ≤ 1.3 ×',
        `${ratio.toFixed(2)} × (${before[i]!.toFixed(2)} → ${after[i]!.toFixed(2)} ms)`,
        ratio <= 1.3,
      )
    }
  } finally {
    await stop(child)
  }
}

/** Mean latency of p_preload_times and p_sessions with the availability cache off (bench/availability-cold.ts). */
async function coldAvailability(databaseUrl: string): Promise<number[]> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/availability-cold.ts'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, ROUNDS: '500' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const code = await new Promise((r) => child.once('exit', r))
  const means = [...output.matchAll(/ mean ([\d.]+) ms/g)].map((m) => Number(m[1]))
  if (code !== 0 || means.length < 2) throw new Error(`bench/availability-cold.ts failed:\n${output}`)
  return means.slice(0, 2)
}

/** The customer import of 20,000 customers with balances on the embedded database, in a process of its own (bench/customer-import.ts). */
async function customerImport() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/customer-import.ts'], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] })
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const code = await new Promise((r) => child.once('exit', r))
  const seconds = Number(/imported on the embedded database in ([\d.]+) s/.exec(output)?.[1] ?? NaN)
  const dry = /dry run: ([\d.]+) s/.exec(output)?.[1] ?? '?'
  record(
    'import',
    'POST /api/staff/customers/import: 20,000 customers with balances (embedded)',
    '< 60 s, each row once',
    Number.isNaN(seconds) ? `failed:\n${output}` : `${seconds.toFixed(1)} s (dry run ${dry} s)`,
    code === 0 && seconds < 60,
  )
}

async function lighthouse(base: string) {
  for (const r of await lighthouseRuns(base, PHONE_PAGES)) {
    record(
      'phone',
      `Lighthouse mobile ${r.path}`,
      'perf ≥ 0.97, LCP ≤ 1.8 s, CLS < 0.02, TBT < 150 ms, SEO 1 (CPU slowdown scaled to benchmarkIndex 1,300)',
      `perf ${r.performance.toFixed(2)}, LCP ${(r.lcpMs / 1000).toFixed(2)} s, CLS ${r.cls.toFixed(3)}, TBT ${Math.round(r.tbtMs)} ms (${Math.round(r.scriptsBlockedTbtMs)} ms with its scripts blocked), SEO ${r.seo.toFixed(2)}; benchmarkIndex ${Math.round(r.benchmarkIndex)}, slowdown ${r.cpuSlowdown}×`,
      r.performance >= 0.97 && r.lcpMs <= 1800 && r.cls < 0.02 && r.tbtMs < 150 && r.seo >= 1,
    )
  }
}

function javascript() {
  const baseline = (JSON.parse(readFileSync(path.join(root, 'bench/js-baseline.json'), 'utf8')) as { pages: Record<string, number> }).pages
  const grown: string[] = []
  let largest = { id: '', page: 0 }
  for (const s of routeJsSizes(path.join(root, 'apps/web/build'))) {
    const was = baseline[s.id]
    if (was !== undefined && s.page > was) grown.push(`${s.id.replace('routes/', '')} ${kB(was)} → ${kB(s.page)}`)
    if (s.page > largest.page) largest = s
  }
  record(
    'phone',
    'JavaScript per page (gzip) vs bench/js-baseline.json',
    'no page grows',
    grown.join(', ') || `none grew; largest ${largest.id.replace('routes/', '')} ${kB(largest.page)}`,
    grown.length === 0,
  )
  for (const id of ['routes/sign-in', 'routes/sign-up', 'routes/account', 'routes/staff/sign-in']) {
    const size = routeJsSizes(path.join(root, 'apps/web/build'), [id])[0]!.page
    record('phone', `JavaScript of ${id.replace('routes/', '')} (gzip)`, `≤ ${kB(baseline[id]!)}`, kB(size), size <= baseline[id]!)
  }
}

function compiledServer() {
  record(
    'server',
    'npm start serves compiled JavaScript',
    'no TypeScript loader',
    serveScript.replace(/^.*?node /, 'node '),
    !/tsx|--import|ts-node/.test(serveScript),
  )
}

/** The table as Markdown, for docs/speed.md and the results file. */
function markdown(hello: Yardstick): string {
  const lines = [
    `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}, ${CONNECTIONS} connections for ${SECONDS} s each: API answers with autocannon, each share of what hello-world did just before it (${hello.summary()}); pages and files with wrk (one thread), each page's share of its static twin.`,
    '',
    '| part | what | target | measured | met |',
    '|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.part} | ${r.what} | ${r.target} | ${r.measured} | ${r.met ? 'yes' : '**no**'} |`),
  ]
  return lines.join('\n')
}

compiledServer()
const hello = await startYardstick()
if (!skip.has('js')) javascript()
try {
  if (!skip.has('embedded')) await embedded(hello)
  if (!skip.has('postgres')) await postgres(hello)
  if (!skip.has('import')) await customerImport()
} finally {
  await hello.stop()
}
if (hello.runs > 0) record('yardstick', 'hello-world route (Hono on @hono/node-server)', 'measured before each route', hello.summary(), true)

const missed = rows.filter((r) => !r.met)
// Only a full run is kept: a run with parts left out leaves the last full run's results and table as they are.
if (skip.size === 0) {
  writeFileSync(
    path.join(root, 'bench/results.json'),
    JSON.stringify(
      {
        measuredAt: new Date().toISOString(),
        cores: cpus().length,
        node: process.version,
        connections: CONNECTIONS,
        seconds: SECONDS,
        helloWorldRps: Math.round(hello.median()),
        rows,
      },
      null,
      2,
    ) + '\n',
  )
  const speedDoc = path.join(root, 'docs/speed.md')
  const text = readFileSync(speedDoc, 'utf8')
  const marked = /(<!-- bench:start -->\n)[\s\S]*?(\n<!-- bench:end -->)/
  if (marked.test(text)) writeFileSync(speedDoc, text.replace(marked, `$1${markdown(hello)}$2`))
}
const verdict = missed.length === 0 ? 'Every target met.' : `${missed.length} target(s) missed.`
console.log(
  `\n${verdict} ${skip.size === 0 ? 'Results in bench/results.json and docs/speed.md.' : 'Parts were left out, so bench/results.json and docs/speed.md are left as they are.'}`,
)
process.exit(missed.length === 0 ? 0 : 1)
