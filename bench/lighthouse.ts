/**
 * Lighthouse on a phone: each page scored with Lighthouse's default mobile emulation and simulated throttling
 * (performance and SEO), five runs a page (as Lighthouse's own guidance on variability suggests), the median run
 * reported since scores vary from run to run.
 *
 * Lighthouse's total blocking time multiplies the tasks' wall time on the machine it runs on by the CPU slowdown
 * (4× by default). Its `benchmarkIndex` says how fast that machine is; the slowdown is scaled to what it would be
 * on a host of index 1,300 (REFERENCE_BENCHMARK_INDEX), measured before the runs, and each run records both.
 *
 *   npx tsx bench/lighthouse.ts http://127.0.0.1:3700 [path ...]      (a production server must be running there)
 *
 * Each page is also scored with its scripts blocked (its HTML and stylesheet alone, as the server sends them): the
 * blocking time the host's parsing, layout and painting cost before any of the app's JavaScript runs. Where that alone
 * misses the target, the host cannot tell whether the app's scripts meet it.
 *
 * Settings: CHROME_PATH (default /usr/bin/chromium), LIGHTHOUSE_RUNS (default 5).
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

/**
 * Lighthouse (and Chromium's launcher and Puppeteer, which it brings) is used by nothing but this file: it is not
 * part of the project's install. The first run installs this exact version into bench/tools, a folder of its own.
 */
const LIGHTHOUSE_VERSION = '12.8.2'
const TOOLS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'tools')

/** The little of Lighthouse's result this file reads. */
interface Result {
  runtimeError?: { code: string; message: string }
  environment: { benchmarkIndex: number }
  categories: Record<string, { score: number | null } | undefined>
  audits: Record<string, { numericValue?: number } | undefined>
}
type Lighthouse = (url: string, flags: object, config?: object) => Promise<{ lhr: Result } | undefined>
interface ChromeLauncher {
  launch(options: { chromePath: string; chromeFlags: string[] }): Promise<{ port: number; kill(): void }>
}

async function tools(): Promise<{ lighthouse: Lighthouse; chromeLauncher: ChromeLauncher }> {
  const installed = (name: string) => path.join(TOOLS, 'node_modules', name)
  const version = () => (JSON.parse(readFileSync(path.join(installed('lighthouse'), 'package.json'), 'utf8')) as { version: string }).version
  if (!existsSync(installed('lighthouse')) || version() !== LIGHTHOUSE_VERSION) {
    console.error(`Installing Lighthouse ${LIGHTHOUSE_VERSION} into bench/tools (once)…`)
    execFileSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', TOOLS, `lighthouse@${LIGHTHOUSE_VERSION}`], { stdio: 'inherit' })
  }
  const main = (name: string) => {
    const manifest = JSON.parse(readFileSync(path.join(installed(name), 'package.json'), 'utf8')) as { main: string }
    return pathToFileURL(path.join(installed(name), manifest.main)).href
  }
  const lighthouse = ((await import(main('lighthouse'))) as { default: Lighthouse }).default
  const chromeLauncher = (await import(main('chrome-launcher'))) as ChromeLauncher
  return { lighthouse, chromeLauncher }
}

export interface LighthouseRun {
  path: string
  /** Lighthouse's measure of this machine's speed, and the CPU slowdown the run used. */
  benchmarkIndex: number
  cpuSlowdown: number
  performance: number
  seo: number
  lcpMs: number
  cls: number
  tbtMs: number
  /** The median total blocking time of as many runs with the page's script files blocked. */
  scriptsBlockedTbtMs: number
}

export const PHONE_PAGES = ['/', '/prices/', '/blog/', '/book/', '/blog/know-your-skin-type/']

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5)

/** The middle of items already in order (the lower of the two middle ones of an even count). */
export const middle = <T>(sorted: T[]): T => sorted[Math.floor((sorted.length - 1) / 2)]!

/** The run in the middle by performance score (ties broken by LCP), as Lighthouse's own docs advise for several runs. */
function median<Run extends Pick<LighthouseRun, 'performance' | 'lcpMs'>>(runs: Run[]): Run {
  return middle([...runs].sort((a, b) => a.performance - b.performance || b.lcpMs - a.lcpMs))
}

const ATTEMPTS = 3
/** The host the targets are set for, and Lighthouse's default slowdown, meant for a host about that fast. */
export const REFERENCE_BENCHMARK_INDEX = 1300
const DEFAULT_SLOWDOWN = 4

/** The CPU slowdown that makes this machine, of this benchmarkIndex, behave as the default does on the reference host. */
export const scaledSlowdown = (benchmarkIndex: number) => Math.round(DEFAULT_SLOWDOWN * (benchmarkIndex / REFERENCE_BENCHMARK_INDEX) * 100) / 100

/**
 * One Lighthouse mobile run (form factor, screen emulation and simulated throttling are its defaults), with the
 * page's script files blocked when asked. Chromium now and then loses the trace of a load ("NO_NAVSTART"): such a run
 * measured nothing and is made again.
 */
async function scored(lighthouse: Lighthouse, url: string, port: number, cpuSlowdown = DEFAULT_SLOWDOWN, blockScripts = false) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(
      url,
      { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'seo'] },
      {
        extends: 'lighthouse:default',
        settings: { throttling: { cpuSlowdownMultiplier: cpuSlowdown }, blockedUrlPatterns: blockScripts ? ['*.js'] : [] },
      },
    )
    const lhr = result?.lhr
    if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`)
    if (!lhr.runtimeError) return lhr
    if (attempt === ATTEMPTS) throw new Error(`Lighthouse could not load ${url} in ${ATTEMPTS} attempts: ${lhr.runtimeError.message}`)
    console.error(`Lighthouse could not load ${url} (${lhr.runtimeError.code}); measuring it again`)
  }
}

/** Lighthouse mobile runs of each path against baseUrl, in one headless Chromium, the median of RUNS runs each. */
export async function lighthouseRuns(baseUrl: string, paths: string[]): Promise<LighthouseRun[]> {
  const { lighthouse, chromeLauncher } = await tools()
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] })
  try {
    // This machine's speed as Lighthouse measures it, from a first run that is not counted.
    const probe = await scored(lighthouse, new URL(paths[0] ?? '/', baseUrl).href, chrome.port)
    const cpuSlowdown = scaledSlowdown(probe.environment.benchmarkIndex)
    const results: LighthouseRun[] = []
    for (const path of paths) {
      const url = new URL(path, baseUrl).href
      const runs: Omit<LighthouseRun, 'scriptsBlockedTbtMs'>[] = []
      const scriptsBlocked: number[] = []
      // A run with the scripts, then one without, so that the host's drift weighs on both alike.
      for (let i = 0; i < RUNS; i++) {
        const lhr = await scored(lighthouse, url, chrome.port, cpuSlowdown)
        const blocked = await scored(lighthouse, url, chrome.port, cpuSlowdown, true)
        scriptsBlocked.push(blocked.audits['total-blocking-time']?.numericValue ?? Number.NaN)
        const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
        runs.push({
          path,
          benchmarkIndex: lhr.environment.benchmarkIndex,
          cpuSlowdown,
          performance: lhr.categories.performance?.score ?? 0,
          seo: lhr.categories.seo?.score ?? 0,
          lcpMs: numeric('largest-contentful-paint'),
          cls: numeric('cumulative-layout-shift'),
          tbtMs: numeric('total-blocking-time'),
        })
      }
      results.push({ ...median(runs), scriptsBlockedTbtMs: middle([...scriptsBlocked].sort((a, b) => a - b)) })
    }
    return results
  } finally {
    chrome.kill()
  }
}

function table(runs: LighthouseRun[]): string {
  const rows = [
    ['page', 'performance', 'LCP', 'CLS', 'TBT', 'TBT, scripts blocked', 'SEO', 'benchmarkIndex', 'CPU slowdown'],
    ...runs.map((r) => [
      r.path,
      r.performance.toFixed(2),
      `${(r.lcpMs / 1000).toFixed(2)} s`,
      r.cls.toFixed(3),
      `${Math.round(r.tbtMs)} ms`,
      `${Math.round(r.scriptsBlockedTbtMs)} ms`,
      r.seo.toFixed(2),
      String(Math.round(r.benchmarkIndex)),
      `${r.cpuSlowdown}×`,
    ]),
  ]
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)))
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ')).join('\n')
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [baseUrl, ...paths] = process.argv.slice(2)
  if (!baseUrl) {
    console.error('Usage: npx tsx bench/lighthouse.ts http://127.0.0.1:PORT [path ...]')
    process.exit(2)
  }
  console.log(table(await lighthouseRuns(baseUrl, paths.length > 0 ? paths : PHONE_PAGES)))
}
