import { test as base, expect, type Page } from '@playwright/test'

export { expect }

/** The message Chromium logs by itself when a page answers 404; only tests that open a missing page allow it. */
export const MISSING_PAGE_ERROR = /Failed to load resource: the server responded with a status of 404/

/** Chromium logs every 400 answer; forms whose fields the server checks expect one when a field is wrong. */
export const REFUSED_REQUEST_ERROR = /Failed to load resource: the server responded with a status of 400 \(Bad Request\) \S*\/api\//

type Options = {
  /** Leave the home page's offer popup free to open (by default it counts as already seen). */
  showOfferPopup: boolean
  /** Console errors a test expects and accepts, matched against the message followed by the address it came from. */
  allowedConsoleErrors: RegExp[]
}

export const test = base.extend<Options>({
  showOfferPopup: [false, { option: true }],
  allowedConsoleErrors: [[], { option: true }],

  context: async ({ context, showOfferPopup }, use) => {
    if (!showOfferPopup) {
      await context.addInitScript(() => {
        try {
          window.localStorage.setItem('offer-popup-seen', 'e2e')
        } catch {
          // about:blank and other opaque origins have no storage
        }
      })
    }
    await use(context)
  },

  page: async ({ page, allowedConsoleErrors }, use) => {
    const problems: string[] = []
    page.on('console', (message) => {
      if (message.type() !== 'error') return
      const text = `${message.text()} ${message.location().url}`.trim()
      if (allowedConsoleErrors.some((allowed) => allowed.test(text))) return
      problems.push(`console error on ${page.url()}: ${text}`)
    })
    page.on('pageerror', (error) => problems.push(`page error on ${page.url()}: ${error.message}`))
    await use(page)
    expect(problems, 'the browser reported errors').toEqual([])
  },
})

/** The demo salon the server seeds into an empty data directory. */
export const salon = {
  name: 'Bronze & Glow Tanning Studio',
  beds: ['Solara Classic 24', 'Aurelia X9', 'Vertica 44', 'Skyline V360', 'Helios HP12'],
  bedTypes: ['Lay-down sunbeds', 'Stand-up sunbeds', 'High-pressure sunbeds'],
  packages: ['Starter 30', 'Stand-Up Express 40', 'Regular 60'],
  blogTitle: 'Sunbeds and the law in the UK: why we check ID',
}

/** True when the page is no wider than the window (nothing makes it scroll sideways). */
export async function fitsTheWindow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)
}

/** A short text no other test run uses. */
export function unique(prefix: string) {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
}
