/**
 * Lighthouse on a phone: each page scored with Lighthouse's default mobile emulation and simulated throttling
 * (performance and SEO), three runs a page, the median run reported since scores vary from run to run.
 *
 *   npx tsx bench/lighthouse.ts http://127.0.0.1:3700 [path ...]      (a production server must be running there)
 *
 * Settings: CHROME_PATH (default /usr/bin/chromium), LIGHTHOUSE_RUNS (default 3).
 */
import { pathToFileURL } from 'node:url'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

export interface LighthouseRun {
  path: string
  performance: number
  seo: number
  lcpMs: number
  cls: number
  tbtMs: number
}

export const PHONE_PAGES = ['/', '/prices/', '/blog/', '/book/', '/blog/know-your-skin-type/']

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3)

/** The run in the middle by performance score (ties broken by LCP), as Lighthouse's own docs advise for several runs. */
function median(runs: LighthouseRun[]): LighthouseRun {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance || b.lcpMs - a.lcpMs)
  return sorted[Math.floor((sorted.length - 1) / 2)]!
}

const ATTEMPTS = 3

/**
 * One Lighthouse mobile run (form factor, screen emulation and simulated throttling are its defaults). Chromium
 * now and then loses the trace of a load ("NO_NAVSTART"): such a run measured nothing and is made again.
 */
async function scored(url: string, port: number) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'seo'] })
    const lhr = result?.lhr
    if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`)
    if (!lhr.runtimeError) return lhr
    if (attempt === ATTEMPTS) throw new Error(`Lighthouse could not load ${url} in ${ATTEMPTS} attempts: ${lhr.runtimeError.message}`)
    console.error(`Lighthouse could not load ${url} (${lhr.runtimeError.code}); measuring it again`)
  }
}

/** Lighthouse mobile runs of each path against baseUrl, in one headless Chromium, the median of RUNS runs each. */
export async function lighthouseRuns(baseUrl: string, paths: string[]): Promise<LighthouseRun[]> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] })
  try {
    const results: LighthouseRun[] = []
    for (const path of paths) {
      const url = new URL(path, baseUrl).href
      const runs: LighthouseRun[] = []
      for (let i = 0; i < RUNS; i++) {
        const lhr = await scored(url, chrome.port)
        const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
        runs.push({
          path,
          performance: lhr.categories.performance?.score ?? 0,
          seo: lhr.categories.seo?.score ?? 0,
          lcpMs: numeric('largest-contentful-paint'),
          cls: numeric('cumulative-layout-shift'),
          tbtMs: numeric('total-blocking-time'),
        })
      }
      results.push(median(runs))
    }
    return results
  } finally {
    chrome.kill()
  }
}

function table(runs: LighthouseRun[]): string {
  const rows = [
    ['page', 'performance', 'LCP', 'CLS', 'TBT', 'SEO'],
    ...runs.map((r) => [r.path, r.performance.toFixed(2), `${(r.lcpMs / 1000).toFixed(2)} s`, r.cls.toFixed(3), `${Math.round(r.tbtMs)} ms`, r.seo.toFixed(2)]),
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
