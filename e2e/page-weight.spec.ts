import { readFileSync } from 'node:fs'
import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test, untilHydrated } from './fixtures.ts'

/**
 * What a page's JavaScript weighs as a browser loads it: every script the page asks for until the network is quiet
 * and the page's idle-time work has run (the identity client a page loads once it is idle among them), each counted
 * at its gzipped size, the size the server sends a browser that accepts gzip. bench/js-baseline.json's "loadedUntilIdle"
 * holds each page's ceiling (docs/speed.md, "What a page loads").
 */
const baseline = JSON.parse(readFileSync(new URL('../bench/js-baseline.json', import.meta.url), 'utf8')) as {
  loadedUntilIdle: { ceilings: Record<string, number>; manifestCeiling: number }
}
const { ceilings, manifestCeiling } = baseline.loadedUntilIdle

/**
 * The routes' manifest every page loads (docs/decisions/032-routes-manifest-up-front.md) names every route of the app,
 * the staff's too: it is weighed on its own, so a page's ceiling holds the page's own code to the byte while a new
 * route anywhere costs every page only what its line in the manifest weighs, within the manifest's ceiling.
 */
const isManifest = (file: string) => /^manifest-[\w-]+\.js$/.test(file)

/**
 * Scripts name each other by content hashes, which change whenever any file does; gzip packs one hash a few bytes
 * better or worse than another, so a page whose code did not change may weigh a few bytes more. 64 bytes allows for
 * that and for nothing a change of code could hide in.
 */
const HASH_NOISE = 64

/** Loads the page and returns the addresses of the scripts it asked for until it was idle. */
async function scriptsUntilIdle(page: Page, path: string): Promise<string[]> {
  const scripts = new Set<string>()
  const pending = new Set<string>()
  page.on('request', (request) => {
    if (request.resourceType() !== 'script') return
    scripts.add(request.url())
    pending.add(request.url())
  })
  const settled = (request: { url: () => string }) => pending.delete(request.url())
  page.on('requestfinished', settled)
  page.on('requestfailed', settled)
  await page.goto(path)
  await untilHydrated(page)
  await page.waitForLoadState('networkidle')
  // Work the page put off until the browser is idle has run once a callback asked for after it has (they run in order).
  await page.evaluate(() => new Promise((resolve) => window.requestIdleCallback(resolve)))
  await expect.poll(() => pending.size, { message: `scripts still loading on ${path}: ${[...pending].join(', ')}` }).toBe(0)
  return [...scripts]
}

/** The gzipped size of a script, as the server sends it to a browser that accepts gzip alone. */
async function gzippedSize(request: APIRequestContext, url: string): Promise<number> {
  const response = await request.get(url, { headers: { 'accept-encoding': 'gzip' } })
  expect(response.ok(), url).toBe(true)
  const encoding = response.headers()['content-encoding']
  const length = Number(response.headers()['content-length'])
  // A file sent uncompressed (or without a length) would be counted at its full size.
  if (encoding === 'gzip' && Number.isFinite(length) && length > 0) return length
  return (await response.body()).length
}

async function weigh(page: Page, request: APIRequestContext, path: string) {
  const scripts = await scriptsUntilIdle(page, path)
  const sizes = await Promise.all(
    scripts.map(async (url) => ({ file: new URL(url).pathname.replace(/^\/assets\//, ''), bytes: await gzippedSize(request, url) })),
  )
  const manifest = sizes.filter(({ file }) => isManifest(file))
  expect(manifest, `the routes' manifest among the scripts of ${path}`).toHaveLength(1)
  const own = sizes.filter(({ file }) => !isManifest(file))
  const total = own.reduce((sum, { bytes }) => sum + bytes, 0)
  const largest = [...own]
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 4)
    .map(({ file, bytes }) => `${file} ${(bytes / 1000).toFixed(1)} kB`)
  console.log(
    `${path}: ${(total / 1000).toFixed(1)} kB (${total} bytes) of JavaScript (gzip) in ${own.length} files until idle, and the routes' manifest ${manifest[0]!.bytes} bytes; largest ${largest.join(', ')}`,
  )
  return { total, manifest: manifest[0]!.bytes }
}

const pages: { name: string; path: string }[] = [
  { name: 'sign-in', path: '/sign-in/' },
  { name: 'sign-up', path: '/sign-up/' },
  { name: 'staff sign-in', path: '/staff/sign-in/' },
  // A visitor without a session who opens the account page is sent to sign in.
  { name: 'account, signed out', path: '/account/' },
  { name: 'home', path: '/' },
  { name: 'prices', path: '/prices/' },
  { name: 'blog', path: '/blog/' },
  { name: 'book', path: '/book/' },
  { name: 'blog post', path: '/blog/sunbeds-and-the-law-in-the-uk/' },
]

test.describe('JavaScript loaded until the page is idle (gzip)', () => {
  for (const { name, path } of pages) {
    test(`${name} (${path}) loads no more than bench/js-baseline.json allows`, async ({ page, request }) => {
      const ceiling = ceilings[name]
      expect(ceiling, `a ceiling for ${name} in bench/js-baseline.json`).toBeGreaterThan(0)
      const { total, manifest } = await weigh(page, request, path)
      expect(total, `${path} without the routes' manifest`).toBeLessThanOrEqual(ceiling! + HASH_NOISE)
      expect(manifest, "the routes' manifest").toBeLessThanOrEqual(manifestCeiling)
    })
  }

  test.describe('signed in', () => {
    test.use({ signedIn: 'shared' })
    // The session's part of the identity client loads as the page opens: the page lists the account's devices.
    test('account (/account/) loads no more than bench/js-baseline.json allows', async ({ page, request }) => {
      const ceiling = ceilings.account
      expect(ceiling, 'a ceiling for account in bench/js-baseline.json').toBeGreaterThan(0)
      const { total, manifest } = await weigh(page, request, '/account/')
      expect(total, "/account/ without the routes' manifest").toBeLessThanOrEqual(ceiling! + HASH_NOISE)
      expect(manifest, "the routes' manifest").toBeLessThanOrEqual(manifestCeiling)
    })
  })
})
