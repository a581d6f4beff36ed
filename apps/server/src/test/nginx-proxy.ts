import { once } from 'node:events'
import { createServer, request, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A reverse proxy on this machine that forwards as nginx's `proxy_pass` does when nothing else is set: the
 * request line and the client's headers as they came, but `Host` set to the upstream's address and
 * `Connection: close`; no X-Forwarded-* header is added. `adds` are headers the proxy adds on top (as a
 * configuration with `proxy_set_header` would).
 */
export async function startNginxLikeProxy(upstreamPort: number, adds: Record<string, string> = {}) {
  const server = createServer((incoming, outgoing) => {
    const headers: IncomingHttpHeaders = { ...incoming.headers, host: `127.0.0.1:${upstreamPort}`, connection: 'close', ...adds }
    const forwarded = request({ host: '127.0.0.1', port: upstreamPort, method: incoming.method, path: incoming.url, headers }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(outgoing)
    })
    forwarded.on('error', () => outgoing.writeHead(502).end())
    incoming.pipe(forwarded)
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
