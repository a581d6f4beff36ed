import { sql } from '@salon/db'
import fc from 'fast-check'
import { Hono } from 'hono'
import { afterAll, beforeAll, vi } from 'vitest'
import type { NonceVariables } from '../../lib/security-headers.ts'
import { fastPasswords } from '../factories/doubles.ts'
import type { WebHandler } from '../../web.ts'
import { testDbKind } from '../database.ts'
import type { ShopInput } from '../factories/shop.ts'
import type { TestApp, TestDeps } from '../harness.ts'

/** Monday 23 November 2026, 08:00 in London: every run sees the same calendar. */
export const NOW = Date.parse('2026-11-23T08:00:00Z')

/** As in production, the web app answers every address the API and the identity service leave to it, with a page. */
const webPages: WebHandler = {
  routes: () => new Hono<{ Variables: NonceVariables }>().all('*', (c) => c.html('<!doctype html><title>Not found</title><h1>Page not found</h1>', 404)),
}

/**
 * The app as it runs, with a still clock and a quick password hasher. Every generated request comes from one
 * address, so the per-address caps are raised out of the way: the requests should reach the checks behind them.
 */
export const robustnessDeps = (): TestDeps => ({
  now: () => NOW,
  passwords: fastPasswords,
  identity: { signUpsPerAddressPerHour: 1_000_000, signInsPerAddressPerHour: 1_000_000, codeRequestsPerAddressPerHour: 1_000_000 },
  web: webPages,
})

/** The salon every generated request names; its beds and posts are the ids the requests use. */
export const ROBUSTNESS_SHOP = {
  id: 'robustness-salon',
  apiKey: 'pk_test_0123456789abcdef0123456789abcdef',
  beds: [
    { id: 'bed-lay-down-1', type: 'lay-down', maxMinutes: 15 },
    { id: 'bed-lay-down-2', type: 'lay-down' },
    { id: 'bed-stand-up-1', type: 'stand-up' },
    { id: 'bed-stand-up-2', type: 'stand-up', maxMinutes: 9 },
    { id: 'bed-high-pressure-1', type: 'high-pressure' },
  ],
  posts: [{ id: 'first-session' }, { id: 'skin-types' }, { id: 'the-law' }],
  packages: [{ id: 'pkg-robust-30' }, { id: 'pkg-robust-60', minutes: 60, pricePence: 3300 }],
  promoCodes: [{ code: 'ROBUST10' }],
} satisfies ShopInput

/** A robustness suite's app: the still clock and quick hasher above, on the robustness salon. */
export const robustnessSuite = { deps: robustnessDeps, shop: ROBUSTNESS_SHOP }

/** One request, as sent over the wire, and what is wrong with it. */
export interface Probe {
  method: string
  /** Path and query, percent-encoded as on the wire. */
  url: string
  headers: Record<string, string>
  body?: string | Uint8Array
  flaws: string[]
}

/** Identity tokens are long and belong to one test run: shortened, the rest of a body stays in view. */
const shortenTokens = (text: string) => text.replace(/eyJ[\w-]{20,}\.[\w-]{20,}\.[\w-]{20,}/g, (token) => `<token …${token.slice(-6)}>`)

const showBody = (body: Probe['body']) => {
  if (body === undefined) return ''
  const text = typeof body === 'string' ? shortenTokens(JSON.stringify(body)) : `bytes ${Buffer.from(body).toString('hex')}`
  return `\n  body: ${text.length > 600 ? `${text.slice(0, 600)}… (${text.length} chars)` : text}`
}

/** A probe that prints as the request it stands for, so a counterexample can be replayed by hand. */
export function probe(request: Probe): Probe {
  return Object.assign(request, {
    [fc.toStringMethod]: () =>
      `${request.method} ${request.url}  (${request.flaws.join('; ')})` +
      Object.entries(request.headers)
        .map(([name, value]) => `\n  ${name}: ${value.length > 200 ? `${shortenTokens(value).slice(0, 200)}…` : shortenTokens(value)}`)
        .join('') +
      showBody(request.body),
  })
}

export interface Answer {
  status: number
  contentType: string
  text: string
}

export async function send(app: TestApp['app'], request: Probe): Promise<Answer> {
  const body = request.body instanceof Uint8Array ? new Blob([new Uint8Array(request.body)]) : request.body
  const response = await app.request(`http://localhost${request.url}`, { method: request.method, headers: request.headers, body })
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', text: await response.text() }
}

/** A message a person can read: words, not a stack trace, an echo of a huge input or nothing. */
function unreadable(message: unknown): string | null {
  if (typeof message !== 'string' || message.trim().length === 0) return 'no message'
  if (!/[a-z]{3}/i.test(message)) return `the message ${JSON.stringify(message)} has no words`
  if (message.length > 2000) return `the message is ${message.length} characters long`
  if (/\n\s+at .+:\d+:\d+/.test(message)) return 'the message is a stack trace'
  if (message.includes('\u0000') || /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(message))
    return 'the message has a broken character in it'
  return null
}

/**
 * What is wrong with an answer to a bad request, or null when it is a refusal as it should be:
 * 4xx (or exactly `status`), JSON, with { message } from the API, { __type, message } from /cognito/, or
 * OAuth 2.0's { error, error_description } from the hosted sign-in (RFC 6749 §5.2).
 */
export function refusalProblem(answer: Answer, options: Pick<CheckOptions, 'kind' | 'status' | 'allowSuccess'>): string | null {
  const { kind, status } = options
  if (options.allowSuccess && answer.status >= 200 && answer.status < 300) {
    return /json/i.test(answer.contentType) ? null : `answered ${answer.status} ${answer.contentType || 'with no content type'}, not JSON`
  }
  const wrongStatus = status ? answer.status !== status : answer.status < 400 || answer.status > 499
  if (wrongStatus) return `answered ${answer.status}, not ${status ?? (options.allowSuccess ? '2xx or 4xx' : '4xx')}`
  if (!/json/i.test(answer.contentType)) return `answered ${answer.contentType || 'no content type'}, not JSON`
  let json: unknown
  try {
    json = JSON.parse(answer.text)
  } catch {
    return 'the body is not JSON'
  }
  if (typeof json !== 'object' || json === null) return 'the body is not a JSON object'
  const body = json as { message?: unknown; __type?: unknown; error?: unknown; error_description?: unknown }
  if (kind === 'cognito' && (typeof body.__type !== 'string' || !/^\w+$/.test(body.__type))) return 'no __type'
  if (kind === 'oauth') {
    if (typeof body.error !== 'string' || !/^[a-z_]+$/.test(body.error)) return 'no OAuth error code'
    return unreadable(body.error_description)
  }
  return unreadable(body.message)
}

/**
 * Tables whose rows a refused request may change: rate-limit counters, failed sign-ins (they lock an account out),
 * and SRP challenges (an answer uses its challenge up, right or wrong: docs/decisions/017).
 */
const MAY_CHANGE: Record<string, string[] | 'all'> = {
  rate_limits: 'all',
  identity_users: ['failed_sign_ins', 'locked_until'],
  identity_srp_challenges: 'all',
}

/** Row count and a digest of the contents of every data table. */
async function dataSnapshot(db: TestApp['db']): Promise<Map<string, string>> {
  const tables = (await db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows: { name: string }[] }
  const snapshot = new Map<string, string>()
  for (const { name } of tables.rows) {
    const skip = MAY_CHANGE[name]
    if (skip === 'all') continue
    const row = sql.raw(`(to_jsonb(t)${(skip ?? []).map((column) => ` - '${column}'`).join('')})::text`)
    const result = (await db.execute(
      sql`select count(*)::int as rows, coalesce(md5(string_agg(md5(${row}), '' order by md5(${row}))), '') as digest from ${sql.identifier(name)} t`,
    )) as unknown as { rows: { rows: number; digest: string }[] }
    const { rows, digest } = result.rows[0]!
    snapshot.set(name, `${rows} rows, contents ${digest.slice(0, 8)}`)
  }
  return snapshot
}

function changes(before: Map<string, string>, after: Map<string, string>): string[] {
  const names = new Set([...before.keys(), ...after.keys()])
  return [...names].filter((name) => before.get(name) !== after.get(name)).map((name) => `${name}: ${before.get(name)} → ${after.get(name)}`)
}

export interface CheckOptions {
  seed: number
  runs: number
  kind: 'api' | 'cognito' | 'oauth'
  /** The one status every request must get, when there is one. */
  status?: number
  /** For odd but valid requests: a JSON success is fine too, only 5xx and unreadable refusals fail. */
  allowSuccess?: boolean
}

/**
 * CI runs the fixed seeds. To look further by hand, ROBUSTNESS_SEED_OFFSET shifts every seed and
 * ROBUSTNESS_RUNS_FACTOR multiplies every property's runs.
 */
const EXPLORE = {
  seedOffset: Number(process.env.ROBUSTNESS_SEED_OFFSET ?? 0),
  runsFactor: Number(process.env.ROBUSTNESS_RUNS_FACTOR ?? 1),
}

interface Failure {
  run: number
  request: Probe
  problem: string
  answer: Answer
}

/** What a failure is, without the values that differ from one request to the next. */
const failureGroup = (failure: Failure) => `${failure.problem} | ${failure.request.flaws.map((flaw) => flaw.split(' = ')[0]).join('; ')}`

function describeFailures(failures: Failure[], runs: number, seed: number): string {
  const groups = new Map<string, { first: Failure; count: number }>()
  for (const failure of failures) {
    const key = failureGroup(failure)
    const group = groups.get(key)
    if (group) group.count++
    else groups.set(key, { first: failure, count: 1 })
  }
  const shown = [...groups.values()].slice(0, 12).map(({ first, count }) => {
    const answer = `${first.answer.status} ${first.answer.contentType} ${first.answer.text.slice(0, 200)}`
    const replay = `fc.assert(property, { seed: ${seed}, path: '${first.run}' })`
    return `- ${first.problem}: ${answer}\n  ${count} request(s) like this one (replay: ${replay}):\n  ${fc.stringify(first.request).replace(/\n/g, '\n  ')}`
  })
  const more = groups.size > 12 ? `\n… and ${groups.size - 12} more kinds of failure` : ''
  return `${failures.length} of ${runs} bad requests were not refused as they should be (seed ${seed}):\n${shown.join('\n')}${more}`
}

/**
 * Property runs for one file: every generated request is refused with a readable message, and no data
 * table changes over the whole run. Every failing request is collected, not just the first, so that one
 * known fault does not hide another; each kind of failure is shown once with the way to replay it.
 * Counts the requests and reports them once for the file.
 */
export function refusals(file: string, t: () => TestApp) {
  let requests = 0
  const started = Date.now()
  // A property sends hundreds of requests: a few seconds alone, more on a machine busy with other suites.
  beforeAll(() => vi.setConfig({ testTimeout: 120_000 * EXPLORE.runsFactor }))
  afterAll(() => {
    if (requests) console.info(`robustness [${testDbKind}] ${file}: ${requests} generated requests in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  })

  return {
    get requests() {
      return requests
    },
    async check(requestsArbitrary: fc.Arbitrary<Probe>, fixed: CheckOptions) {
      const options = { ...fixed, seed: fixed.seed + EXPLORE.seedOffset, runs: Math.round(fixed.runs * EXPLORE.runsFactor) }
      const before = await dataSnapshot(t().db)
      const failures: Failure[] = []
      let run = 0
      await fc.assert(
        fc.asyncProperty(requestsArbitrary, async (request) => {
          const index = run++
          requests++
          const answer = await send(t().app, request)
          const problem = refusalProblem(answer, options)
          if (problem) failures.push({ run: index, request, problem, answer })
        }),
        { seed: options.seed, numRuns: options.runs },
      )
      const stored = changes(before, await dataSnapshot(t().db))
      const report = [
        failures.length ? describeFailures(failures, options.runs, options.seed) : undefined,
        stored.length ? `Data changed during the run (seed ${options.seed}):\n  ${stored.join('\n  ')}` : undefined,
      ].filter(Boolean)
      if (report.length) throw new Error(report.join('\n\n'))
    },
  }
}
