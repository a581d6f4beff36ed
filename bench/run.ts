/**
 * Latency and memory of the pages and calls customers hit most, against a real server process
 * on a fresh embedded database. Fails (exit 1) when a target is missed.
 *   npm run bench             (builds nothing: run `npm run build` first)
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

const PORT = 3300
const BASE = `http://127.0.0.1:${PORT}`
const headers = { shop_id: 'bronze-glow', api_key: 'pk_demo_3f9c2a7e41b84d6a9e0c5b1d8f27a4c6' }

interface Target {
  name: string
  path: string
  api?: boolean
  /** 95th percentile, milliseconds, at the given concurrency */
  p95Ms: number
}

const targets: Target[] = [
  { name: 'home page (server-rendered)', path: '/', p95Ms: 150 },
  { name: 'price list page', path: '/prices/', p95Ms: 100 },
  { name: 'blog post page', path: '/blog/know-your-skin-type/', p95Ms: 100 },
  { name: 'GET /api/blogs', path: '/api/blogs', api: true, p95Ms: 30 },
  { name: 'GET /api/website/packages', path: '/api/website/packages', api: true, p95Ms: 30 },
]
const REQUESTS = 300
const CONCURRENCY = 8
/**
 * Resident memory of the whole process after the run. About 250 MB of it is the embedded PostgreSQL
 * (WebAssembly memory); V8 then grows its heap lazily under load, while the live heap after a
 * collection stays under 100 MB over thousands of requests. With DATABASE_URL the process is ~250 MB smaller.
 */
const MAX_RSS_MB = 800

const dataDir = mkdtempSync(path.join(tmpdir(), 'salon-bench-'))
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
})

async function waitForServer() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error('the server did not start')
}

async function measure(target: Target) {
  const timings: number[] = []
  let next = 0
  async function worker() {
    while (next < REQUESTS) {
      next++
      const start = performance.now()
      const response = await fetch(BASE + target.path, { headers: target.api ? headers : { 'accept-encoding': 'gzip' } })
      await response.arrayBuffer()
      if (!response.ok) throw new Error(`${target.path} answered ${response.status}`)
      timings.push(performance.now() - start)
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  timings.sort((a, b) => a - b)
  const at = (q: number) => timings[Math.min(timings.length - 1, Math.floor(q * timings.length))]!
  return { p50: at(0.5), p95: at(0.95), max: timings.at(-1)! }
}

function rssMb(pid: number): number {
  // Linux: resident set size of the server process.
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
}

let failed = false
try {
  await waitForServer()
  for (const target of targets) await measure({ ...target }) // warm up
  console.log(`${REQUESTS} requests each, ${CONCURRENCY} at a time\n`)
  for (const target of targets) {
    const r = await measure(target)
    const ok = r.p95 <= target.p95Ms
    failed ||= !ok
    console.log(
      `${ok ? 'ok  ' : 'SLOW'} ${target.name.padEnd(32)} p50 ${r.p50.toFixed(1).padStart(6)} ms  p95 ${r.p95.toFixed(1).padStart(6)} ms (target ${target.p95Ms})  max ${r.max.toFixed(1)} ms`,
    )
  }
  const rss = rssMb(server.pid!)
  const ok = rss <= MAX_RSS_MB
  failed ||= !ok
  console.log(`\n${ok ? 'ok  ' : 'HIGH'} server memory after the run: ${rss.toFixed(0)} MB resident (target ${MAX_RSS_MB} MB)`)
} finally {
  server.kill('SIGTERM')
  await new Promise((r) => server.once('exit', r))
  rmSync(dataDir, { recursive: true, force: true })
}
process.exit(failed ? 1 : 0)
