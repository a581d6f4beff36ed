import { Agent, request } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { listen, type Listening } from './listen.ts'
import { createLogger } from './lib/logger.ts'

const logger = createLogger('silent')
const open: Listening[] = []
afterEach(async () => {
  for (const listening of open.splice(0)) await listening.close(async () => {})
})

function start() {
  const listening = listen({ listener: (_req, res) => res.end('ok'), host: '127.0.0.1', port: 0, logger })
  open.push(listening)
  return listening
}

/** One GET through `agent`, as a proxy sends a request on a connection it keeps. */
function get(agent: Agent, port: number) {
  return new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
    const asked = request({ host: '127.0.0.1', port, path: '/', agent }, (res) => {
      let body = ''
      res.on('data', (chunk: Buffer) => (body += chunk.toString()))
      res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, body }))
    })
    asked.on('error', reject)
    asked.end()
  })
}

describe('listen: stopping', () => {
  it('answers a request that arrives on a kept connection while it stops, and tells the client to close it', async () => {
    const listening = start()
    const port = await listening.port
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    try {
      expect(await get(agent, port)).toMatchObject({ status: 200, connection: 'keep-alive' })
      let stopped = false
      const closing = listening.close(async () => {
        stopped = true
      })
      // The proxy's next request goes out on the connection it kept, at the moment the process begins to stop (a POST
      // that nginx may not send again): it is answered, not reset.
      expect(await get(agent, port)).toEqual({ status: 200, connection: 'close', body: 'ok' })
      await closing
      expect(stopped).toBe(true)
    } finally {
      agent.destroy()
    }
  })

  it('closes a kept connection nobody uses, and finishes', async () => {
    const listening = start()
    const port = await listening.port
    const agent = new Agent({ keepAlive: true })
    try {
      await get(agent, port)
      const socket = Object.values(agent.freeSockets).flat()[0]!
      const socketClosed = new Promise<void>((resolve) => socket.once('close', () => resolve()))
      let stopped = false
      await listening.close(async () => {
        stopped = true
      })
      await socketClosed
      expect(stopped).toBe(true)
      await expect(get(agent, port)).rejects.toThrow(/ECONNREFUSED/)
    } finally {
      agent.destroy()
    }
  })
})
