import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { afterAll, beforeAll } from 'vitest'
import type { TestApp } from './harness.ts'

/**
 * The suite's app behind a real Node server, as production serves it (what the app answers ahead of the framework
 * exists only there), counting the requests that reach the app: one answered from memory does not. `ready` is
 * waited for once the server listens.
 */
export function servedByNode(t: () => TestApp, ready?: () => Promise<unknown>) {
  let server: Server
  let base = ''
  let reached = 0
  beforeAll(async () => {
    const app = getRequestListener((request, env) => {
      reached++
      return t().app.fetch(request, env)
    })
    server = createServer(t().app.nodeListener(app))
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    await ready?.()
  })
  afterAll(() => new Promise<void>((closed) => server.close(() => closed())))
  return { base: () => base, reachedApp: () => reached }
}
