/**
 * Load from wrk (https://github.com/wg/wrk), for answers over a few kilobytes: autocannon, in the bench's own
 * process, spends more on reading a page of 19 kB than the server spends on sending it, and sets the pace itself.
 * Each page is compared with its static twin (bench/static-twin.mjs): plain node:http answering the very bytes and
 * headers the server sent for the same request, measured with the same settings right before and after it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'

export interface WrkLoad {
  rps: number
  p50: number
  p99: number
  /** Non-2xx/3xx answers, and socket errors of any kind. */
  failures: number
}

/** Whether wrk can be run here; if not, how to get it. */
export function wrkMissing(): string | undefined {
  const probe = spawnSync('wrk', ['--version'], { encoding: 'utf8' })
  if (probe.error) return 'wrk is not installed: apt-get install wrk (Debian, Ubuntu) or brew install wrk'
  return undefined
}

/** A duration as wrk prints it (850.00us, 28.12ms, 1.09s, 2.00m) in milliseconds. */
export function wrkMs(text: string): number {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim())
  if (!m) return NaN
  const n = Number(m[1])
  return m[2] === 'us' ? n / 1000 : m[2] === 'ms' ? n : m[2] === 's' ? n * 1000 : n * 60_000
}

/** What wrk printed: requests per second, p50 and p99 latency, and failures. */
export function parseWrk(output: string): WrkLoad {
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? NaN)
  const p50 = wrkMs(/^\s+50%\s+(\S+)/m.exec(output)?.[1] ?? '')
  const p99 = wrkMs(/^\s+99%\s+(\S+)/m.exec(output)?.[1] ?? '')
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(output)?.[1] ?? 0)
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output)
  const errors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0
  if (Number.isNaN(rps) || Number.isNaN(p99)) throw new Error(`wrk printed no figures:\n${output}`)
  return { rps, p50, p99, failures: non2xx + errors }
}

function runWrk(url: string, headers: Record<string, string>, connections: number, seconds: number): Promise<WrkLoad> {
  const args = [
    '-t1',
    `-c${connections}`,
    `-d${seconds}s`,
    '--latency',
    ...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
    url,
  ]
  const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'inherit'] })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  return new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', (code) => (code === 0 ? resolve(parseWrk(output)) : reject(new Error(`wrk exited with ${code}:\n${output}`))))
  })
}

/** wrk against one address with these headers: `connections` connections for `seconds`, after a warm-up that is not counted. */
export async function wrkLoad(url: string, headers: Record<string, string>, o: { connections: number; seconds: number; warmUpSeconds: number }) {
  await runWrk(url, headers, o.connections, o.warmUpSeconds)
  return runWrk(url, headers, o.connections, o.seconds)
}

/** One answer as the server sent it: status, headers as written (less those of the connection) and the body's bytes. */
export interface Captured {
  status: number
  headers: [string, string][]
  body: string
}

/** The answer to one GET, byte for byte, without decoding its body. */
export function capture(url: string, headers: Record<string, string>): Promise<Captured> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => {
        const sent: [string, string][] = []
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          // Node writes these itself for every answer, the twin's included.
          if (!/^(date|connection|keep-alive|transfer-encoding)$/i.test(res.rawHeaders[i]!)) sent.push([res.rawHeaders[i]!, res.rawHeaders[i + 1]!])
        }
        resolve({ status: res.statusCode ?? 0, headers: sent, body: Buffer.concat(chunks).toString('base64') })
      })
      res.on('error', reject)
    })
      .on('error', reject)
      .end()
  })
}

/** The static twin of one answer, listening on `port` until stopped. */
export async function startTwin(root: string, answer: Captured, port: number, waitFor: (url: string) => Promise<void>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'salon-twin-'))
  const file = path.join(dir, 'answer.json')
  writeFileSync(file, JSON.stringify(answer))
  const child: ChildProcess = spawn(process.execPath, ['bench/static-twin.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), TWIN_FILE: file },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  await waitFor(`http://127.0.0.1:${port}/`)
  return {
    url: `http://127.0.0.1:${port}/`,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM')
        await new Promise((r) => child.once('exit', r))
      }
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
