import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import type { Certificate } from './local-https.ts'
import type { Logger } from './lib/logger.ts'

type Listener = (req: IncomingMessage, res: ServerResponse) => void

export interface Listening {
  /** The port plain HTTP listens on (the one asked for, or the one given for port 0). */
  port: Promise<number>
  /** Stops taking connections, waits for the requests in flight (10 s at most), then calls `done`. */
  close(done: () => Promise<void>): Promise<void>
}

/** Node's servers for the app: plain HTTP, and with a certificate the same app over TLS on a second port. */
export function listen(options: {
  listener: Listener
  host: string
  port: number
  https?: { port: number; certificate: Certificate }
  logger: Logger
}): Listening {
  const servers: Server[] = []
  const make = (server: Server) => {
    // Clients keep an idle connection to send the next request on (load balancers for up to 60 s). Node closes idle
    // ones after 5 s, and a request sent just as it does fails with ECONNRESET ("socket hang up"): the server waits
    // longer than its clients, so the client always closes first, and allows a little longer than that for headers.
    server.keepAliveTimeout = 65_000
    server.headersTimeout = 66_000
    servers.push(server)
    return server
  }
  const plain = make(createServer(options.listener))
  if (options.https)
    make(createHttpsServer({ cert: options.https.certificate.cert, key: options.https.certificate.key }, options.listener)).listen(
      options.https.port,
      options.host,
    )
  const port = new Promise<number>((resolve) =>
    plain.listen(options.port, options.host, () => {
      const address = plain.address()
      resolve(typeof address === 'object' && address ? address.port : options.port)
    }),
  )

  let stopping = false
  async function close(done: () => Promise<void>) {
    if (stopping) return
    stopping = true
    const force = setTimeout(() => {
      options.logger.warn('requests still open after 10 s; closing anyway')
      for (const server of servers) server.closeAllConnections()
    }, 10_000)
    force.unref()
    for (const server of servers) server.closeIdleConnections()
    await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))))
    await done()
  }
  return { port, close }
}

/** The timeouts every server of `listen` has, for the start-up log. */
export const CONNECTION_TIMEOUTS = { keepAliveTimeout: 65_000, headersTimeout: 66_000 }
