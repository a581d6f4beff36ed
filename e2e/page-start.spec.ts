import { readdir, readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { expect, test, untilHydrated } from './fixtures.ts'

/**
 * What React does as a page starts (docs/decisions/032-routes-manifest-up-front.md): it takes the server's HTML
 * over in one render, and nothing renders the whole page again once it has loaded. React tells a developer-tools
 * hook of each commit, in production too: the hook below counts, for each commit, how many components it rendered
 * anew (a new props object or a first render) out of all on the page.
 */
async function countCommits(page: Page) {
  await page.addInitScript(() => {
    const commits: { rendered: number; total: number }[] = []
    Object.assign(window, { __commits: commits })
    interface Fiber {
      child: Fiber | null
      sibling: Fiber | null
      alternate: Fiber | null
      memoizedProps: unknown
    }
    Object.assign(window, {
      __REACT_DEVTOOLS_GLOBAL_HOOK__: {
        supportsFiber: true,
        renderers: new Map(),
        inject: () => 1,
        checkDCE: () => undefined,
        onScheduleFiberRoot: () => undefined,
        onCommitFiberUnmount: () => undefined,
        onPostCommitFiberRoot: () => undefined,
        onCommitFiberRoot: (_renderer: number, root: { current: Fiber }) => {
          let rendered = 0
          let total = 0
          const walk = (first: Fiber | null) => {
            for (let fiber = first; fiber; fiber = fiber.sibling) {
              total++
              if (!fiber.alternate || fiber.alternate.memoizedProps !== fiber.memoizedProps) rendered++
              walk(fiber.child)
            }
          }
          walk(root.current.child)
          commits.push({ rendered, total })
        },
      },
    })
  })
  return () => page.evaluate(() => (window as unknown as { __commits: { rendered: number; total: number }[] }).__commits)
}

for (const path of ['/', '/prices/', '/book/', '/blog/']) {
  test(`${path} is rendered once as it starts, and asks for no routes after it has loaded`, async ({ page }) => {
    const commits = await countCommits(page)
    const routeRequests: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/__manifest')) routeRequests.push(request.url())
    })
    await page.goto(path)
    await untilHydrated(page)
    await page.waitForLoadState('networkidle')

    const all = await commits()
    expect(all[0]!.rendered).toBe(all[0]!.total)
    // After the first: no commit that renders most of the page again.
    const wholePage = all.slice(1).filter((commit) => commit.rendered > commit.total / 2)
    expect(wholePage, `renders of the whole page after the first: ${JSON.stringify(all)}`).toEqual([])
    expect(routeRequests).toEqual([])
  })
}

/** Every script of the web app's browser build, by file name. */
async function builtScripts(): Promise<{ file: string; text: string }[]> {
  const assets = new URL('../apps/web/build/client/assets/', import.meta.url)
  const files = (await readdir(assets)).filter((name) => name.endsWith('.js'))
  return Promise.all(files.map(async (file) => ({ file, text: await readFile(new URL(file, assets), 'utf8') })))
}

/**
 * The browser runs React Router's production build (apps/web/vite.config.ts): its development build, the one the
 * package exports, checks and warns as the app runs. The two differ in their warnings: the build must hold React
 * Router once, without the development build's warning about descendant routes.
 */
test('the browser is sent one copy of React Router, its production build', async () => {
  const scripts = await builtScripts()
  const holding = (text: string) => scripts.filter((script) => script.text.includes(text)).map((script) => script.file)
  expect(holding('You must be using the SSR features of React Router')).toHaveLength(1)
  expect(holding('You rendered descendant <Routes>')).toEqual([])
})

/**
 * React ships CommonJS. Wrapped the default way, each module becomes a function run on its first require, and React
 * DOM one function of 180 kB that the browser compiles whole, on the main thread, as the page starts. The build wraps
 * only the modules that need it (apps/web/vite.config.ts): none of React's, nor any other script's the browser is sent.
 */
test("the browser's scripts hold no CommonJS module wrapped in a function that runs on its first require", async () => {
  // What Rollup writes for a wrapped module, minified: function a(){if(b)return c;b=1;…
  const wrapper = /function [\w$]+\(\)\{if\([\w$]+\)return [\w$.]+;[\w$]+=1[;,]/
  const wrapped = (await builtScripts()).filter((script) => wrapper.test(script.text)).map((script) => script.file)
  expect(wrapped).toEqual([])
})
