import path from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import type { PublicConfig, WebLoadContext } from '@salon/contracts/web'
import { Hono } from 'hono'
import { createRequestHandler, type ServerBuild } from 'react-router'
import type { NonceVariables } from './lib/security-headers.ts'

export interface WebOptions {
  /** The React Router server build: the built module in production, Vite's in development. */
  build: ServerBuild | (() => Promise<ServerBuild>)
  mode: 'production' | 'development'
  /** The built browser files; absent in development, where Vite serves them. */
  clientDir?: string
  config: PublicConfig
}

export interface WebHandler {
  routes(fetchInProcess: (request: Request) => Promise<Response>): Hono<{ Variables: NonceVariables }>
}

/** The web app: static files, then every other GET rendered by React Router on the server. */
export function createWebHandler(options: WebOptions): WebHandler {
  const handle = createRequestHandler(options.build, options.mode)
  const apiBase = options.config.apiBaseUrl

  return {
    routes(fetchInProcess) {
      const app = new Hono<{ Variables: NonceVariables }>()
      if (options.clientDir) {
        const root = path.relative(process.cwd(), options.clientDir) || '.'
        // Hashed build files never change: browsers may keep them for a year.
        app.use(
          '/assets/*',
          serveStatic({ root, onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable') }),
        )
        app.use('*', serveStatic({ root, onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=86400') }))
      }
      app.all('*', async (c) => {
        const origin = new URL(c.req.url).origin
        const ownApi = new URL(apiBase, origin).origin === origin
        const context: WebLoadContext = {
          nonce: c.get('nonce'),
          config: options.config,
          apiFetch: (request) => (ownApi && new URL(request.url).origin === origin ? fetchInProcess(request) : fetch(request)),
        }
        return handle(c.req.raw, context as never)
      })
      return app
    },
  }
}
