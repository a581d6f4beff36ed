import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import { Server as NetServer } from 'node:net'
import type { Certificate } from './local-https.ts'
import type { Logger } from './lib/logger.ts'

type Listener = (req: IncomingMessage, res: ServerResponse) => void

export interface Listening {
  /** The port plain HTTP listens on (the one asked for, or the one given for port 0). */
  port: Promise<number>
  /**
   * Stops: answers what still arrives on open connections for a moment, each answer closing its connection, then stops
   * taking connections, waits for the requests in flight (10 s at most in all), and calls `done`.
   */
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
  let stopping = false
  // While stopping, every answer closes its connection, so a proxy sends its next request to another process.
  const listener: Listener = (req, res) => {
    if (stopping) res.setHeader('Connection', 'close')
    options.listener(req, res)
  }
  const make = (server: Server) => {
    // Clients keep an idle connection to send the next request on (load balancers for up to 60 s). Node closes idle
    // ones after 5 s, and a request sent just as it does fails with ECONNRESET ("socket hang up"): the server waits
    // longer than its clients, so the client always closes first, and allows a little longer than that for headers.
    server.keepAliveTimeout = 65_000
    server.headersTimeout = 66_000
    servers.push(server)
    return server
  }
  const plain = make(createServer(listener))
  if (options.https)
    make(createHttpsServer({ cert: options.https.certificate.cert, key: options.https.certificate.key }, listener)).listen(options.https.port, options.host)
  const port = new Promise<number>((resolve) =>
    plain.listen(options.port, options.host, () => {
      const address = plain.address()
      resolve(typeof address === 'object' && address ? address.port : options.port)
    }),
  )

  async function close(done: () => Promise<void>) {
    if (stopping) return
    stopping = true
    const force = setTimeout(() => {
      options.logger.warn('requests still open after 10 s; closing anyway')
      for (const server of servers) server.closeAllConnections()
    }, 10_000)
    force.unref()
    // New connections are refused from now (a proxy sends their request to another process, as nothing was sent),
    // while the open ones drain: net.Server's own close stops the listener without closing idle connections, which
    // http.Server's close would do at once. A connection taken while draining would itself be answered and closed,
    // and one still waiting to be taken when the listener stops is reset after its request went out.
    const listening = servers.map((s) => new Promise<void>((resolve) => NetServer.prototype.close.call(s, () => resolve())))
    await drain()
    // The ones still idle are closed: a proxy that sent nothing on them in the drain's time is not about to.
    for (const server of servers) server.closeIdleConnections()
    await Promise.all(listening)
    await done()
  }
  /**
   * A proxy keeps idle connections and sends its next request on one without warning. Closing one just as a request
   * goes out on it fails that request, and a proxy does not send a POST again (nginx answers 502). So for a moment
   * the connections stay open; what arrives on them is answered with `Connection: close`, and a proxy stops using
   * them. With no connection open there is nothing to wait for.
   */
  async function drain() {
    const end = Date.now() + DRAIN_MS
    while (Date.now() < end && (await openConnections()) > 0) await new Promise((resolve) => setTimeout(resolve, 25))
  }
  const openConnections = async () =>
    (await Promise.all(servers.map((server) => new Promise<number>((resolve) => server.getConnections((error, count) => resolve(error ? 0 : count)))))).reduce(
      (sum, count) => sum + count,
      0,
    )
  return { port, close }
}

/** How long a stopping process keeps answering on open connections before it closes the idle ones. */
const DRAIN_MS = 1_000

/** The timeouts every server of `listen` has, for the start-up log. */
export const CONNECTION_TIMEOUTS = { keepAliveTimeout: 65_000, headersTimeout: 66_000 }
