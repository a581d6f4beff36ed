import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'

/**
 * The caller's address: the socket's, or behind one trusted reverse proxy the address that proxy saw,
 * which is the last X-Forwarded-For entry (earlier entries are whatever the client chose to send).
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim()
    if (forwarded) return forwarded
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    // In-process requests (server rendering, tests) have no socket.
    return 'local'
  }
}

/** Headers that a reverse proxy, load balancer or CDN adds: a request carrying one came from outside, whatever the socket says. */
const PROXY_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-real-ip',
  'via',
  'cf-connecting-ip',
  'true-client-ip',
  'x-client-ip',
]

const isLoopbackAddress = (address: string) => /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/i.test(address)
const isLoopbackHost = (host: string) => /^(localhost|[a-z0-9-]+\.localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])(:\d+)?$/i.test(host)

/**
 * True only for a request made on the machine the server runs on: a loopback socket, no proxy header
 * (behind a proxy on the same host every request arrives from 127.0.0.1), and a loopback Host, so a web
 * page elsewhere cannot reach it by pointing its own domain at 127.0.0.1. Requests made inside the
 * process (server rendering, tests) have no socket and count as this machine.
 */
export function isFromThisMachine(c: Context): boolean {
  if (PROXY_HEADERS.some((name) => c.req.header(name) !== undefined)) return false
  const host = c.req.header('host') ?? new URL(c.req.url).host
  if (!isLoopbackHost(host)) return false
  let address: string | undefined
  try {
    address = getConnInfo(c).remote.address
  } catch {
    return true
  }
  return address !== undefined && isLoopbackAddress(address)
}
