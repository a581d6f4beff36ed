import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { GetManualChunk } from 'rollup'
import { defineConfig, type Plugin } from 'vite'

/**
 * Vite wraps every import() of the browser code in a helper that first fetches the imported chunk's own imports
 * and stylesheets: about 0.6 kB compressed on every page. The stylesheet is written into the page, and what the
 * app imports later (the identity library, the card form) has its imports loaded already or has none worth
 * fetching ahead, so a plain import() does.
 */
function plainDynamicImports(): Plugin {
  return {
    name: 'salon:plain-dynamic-imports',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    load(id) {
      if (id === '\0vite/preload-helper.js') return { code: 'export const __vitePreload = (load) => load()', moduleSideEffects: false }
    },
  }
}

/**
 * Every page loads React, React Router and what the root and layout routes import: as two files (the framework,
 * and the app's shell) rather than a dozen small ones, since a phone on HTTP/1.1 fetches six at a time and each
 * further round trip delays the page. A module other pages also need stays where Rollup puts it.
 */
function fewerSharedChunks(): Plugin {
  const everyPage = /(\/app\/root\.tsx|\/app\/routes\/layout\.tsx|\/entry\.client\.tsx)(\?.*)?$/
  let shared: Set<string> | undefined
  const manualChunks: GetManualChunk = (id, { getModuleIds, getModuleInfo }) => {
    if (!shared) {
      // What the client entry and the two routes above every page import, statically, all the way down.
      shared = new Set()
      const queue = [...getModuleIds()].filter((m) => everyPage.test(m))
      for (let m = queue.pop(); m; m = queue.pop()) {
        for (const dep of getModuleInfo(m)?.importedIds ?? []) {
          if (!shared.has(dep)) {
            shared.add(dep)
            queue.push(dep)
          }
        }
      }
    }
    if (!shared.has(id) || everyPage.test(id)) return undefined
    // Rollup's and Vite's own helpers (ids starting with \0) go with the libraries that use them, so the libraries
    // never import from the app's shell. React and React Router apart: each is a task of its own to start.
    if (/\/node_modules\/(react|react-dom|scheduler)\//.test(id) || id.startsWith('\0')) return 'react'
    return id.includes('/node_modules/') ? 'router' : 'shell'
  }
  return {
    name: 'salon:fewer-shared-chunks',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    outputOptions: (options) => ({ ...options, manualChunks }),
  }
}

/**
 * React Router's package exports only its development build, which checks and warns as the app runs (upstream
 * remix-run/react-router#14102). The browser build takes the production build the package also ships, for both of
 * its entry points, so the app and the client entry share one copy. The server keeps what the package exports.
 */
function reactRouterProductionBuild(): Plugin {
  const dist = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production')
  const entries: Record<string, string> = { 'react-router': 'index.mjs', 'react-router/dom': 'dom-export.mjs' }
  return {
    name: 'salon:react-router-production-build',
    enforce: 'pre',
    apply: 'build',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    resolveId(source) {
      const file = entries[source]
      return file ? path.join(dist, file) : undefined
    },
  }
}

export default defineConfig({
  plugins: [reactRouterProductionBuild(), plainDynamicImports(), fewerSharedChunks(), tailwindcss(), reactRouter()],
  build: {
    assetsInlineLimit: 0,
    modulePreload: false,
    // React ships CommonJS. By default each such module is wrapped in a function that runs when it is first
    // required: for React DOM, one function of 180 kB that the browser must compile whole, on the main thread, as the
    // page starts. "auto" wraps only the modules that need it (a cycle, a conditional require) and emits the others
    // as plain module code: the React file then takes a third less time to start (docs/decisions/033).
    commonjsOptions: { strictRequires: 'auto' },
  },
})
