import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { get, request } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eventually } from './test/eventually.ts'

const root = path.resolve(import.meta.dirname, '../../..')
// The server as `npm start` runs it: compiled by `npm run build` (which `npm test` runs before Vitest) with the web app.
const server = ['--enable-source-maps', 'apps/server/dist/main.js']
const built = existsSync(path.join(root, 'apps/web/build/server/index.js')) && existsSync(path.join(root, server[1]!))
const headers = { shop_id: 'bronze-glow', api_key: 'pk_demo_3f9c2a7e41b84d6a9e0c5b1d8f27a4c6', 'content-type': 'application/json' }

/** Starts the server as `npm start` would, on a free port, and waits until it answers. */
async function startServer(dataDir: string) {
  const child = spawn(process.execPath, server, {
    cwd: root,
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'info', DATABASE_URL: '', OUTBOX_TOKEN: '', PUBLIC_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let log = ''
  child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()))
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /"port":(\d+)/.exec(log)
      if (match) {
        clearInterval(timer)
        resolve(Number(match[1]))
      }
    }, 50)
    child.once('exit', (code) => {
      clearInterval(timer)
      reject(new Error(`server exited with ${code}:\n${log}`))
    })
  })
  return { child, base: `http://127.0.0.1:${port}`, log: () => log }
}

/** The first response's status and headers, on a connection the client offers to keep open. */
function headersOf(url: string) {
  return new Promise<{ status: number | undefined; headers: Record<string, unknown> }>((resolve, reject) => {
    get(url, { headers: { connection: 'keep-alive' } }, (response) => {
      response.resume()
      resolve({ status: response.statusCode, headers: response.headers })
    }).once('error', reject)
  })
}

const exited = (child: ChildProcess) => new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))

describe.skipIf(!built && process.env.CI !== 'true')('the server process', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'salon-process-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it('keeps an acknowledged message across a graceful shutdown and restart', async () => {
    const first = await startServer(dataDir)
    const text = `Do you have availability on Saturday? ${Date.now()}`
    const sent = await fetch(`${first.base}/api/p_message`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Priya', email: 'priya@example.com', message: text, consent: true }),
    })
    expect(sent.status).toBe(201)

    const stopped = exited(first.child)
    first.child.kill('SIGTERM')
    expect(await stopped).toBe(0)
    expect(first.log()).toContain('"msg":"stopped"')
    // Production without PUBLIC_URL says what that means for shared pages.
    expect(first.log()).toContain('PUBLIC_URL is unset')

    const second = await startServer(dataDir)
    try {
      // The outbox opens with the token in the link the log shows; it is the one kept in the data directory, at both starts.
      // The link is logged just after the ready line, which may reach the pipe on its own.
      const log = await eventually(
        async () => second.log(),
        (text) => text.includes('/dev/outbox/?token='),
      )
      const token = /\/dev\/outbox\/\?token=([\w-]+)/.exec(log)?.[1]
      expect(token).toBe(readFileSync(path.join(dataDir, 'outbox-token'), 'utf8').trim())
      expect(first.log()).toContain(`/dev/outbox/?token=${token}`)
      expect((await fetch(`${second.base}/dev/outbox.json`)).status).toBe(403)
      const outbox = (await (await fetch(`${second.base}/dev/outbox.json?token=${token}`)).json()) as { body: string }[]
      expect(outbox.some((entry) => entry.body.includes(text))).toBe(true)
      // The demo seed ran again on the same data without duplicating anything.
      const { blogs } = (await (await fetch(`${second.base}/api/blogs`, { headers })).json()) as { blogs: { id: string }[] }
      expect(new Set(blogs.map((b) => b.id)).size).toBe(blogs.length)
    } finally {
      const done = exited(second.child)
      second.child.kill('SIGTERM')
      await done
    }
  }, 180_000)

  describe('one server, started once', () => {
    let running: Awaited<ReturnType<typeof startServer>>
    beforeAll(async () => {
      running = await startServer(path.join(dataDir, 'shared'))
    }, 120_000)
    afterAll(async () => {
      const done = exited(running.child)
      running.child.kill('SIGTERM')
      await done
    })

    it('a page asked for with a forged Host is never sent to another visitor, and names no address it was not asked for', async () => {
      const { port } = new URL(running.base)
      const page = (host: string) =>
        new Promise<string>((resolve, reject) => {
          const asked = request({ host: '127.0.0.1', port, path: '/', headers: { host, 'accept-encoding': 'identity' } }, (answer) => {
            let body = ''
            answer.setEncoding('utf8')
            answer.on('data', (chunk: string) => (body += chunk))
            answer.on('end', () => resolve(body))
          })
          asked.on('error', reject)
          asked.end()
        })
      // The attacker asks first, so that a page kept for everyone would be theirs.
      expect(await page('attacker.example')).toContain('http://attacker.example/')
      for (let i = 0; i < 3; i++) {
        const visitor = await page(`127.0.0.1:${port}`)
        expect(visitor).toContain(`<link rel="canonical" href="http://127.0.0.1:${port}/"`)
        expect(visitor).not.toContain('attacker.example')
      }
    })

    it('keeps an idle connection open longer than its clients do, and allows headers a little longer still', async () => {
      const line = running
        .log()
        .split('\n')
        .find((entry) => entry.includes('salon ready at'))
      const ready = JSON.parse(line!) as Record<string, number>
      // Load balancers keep idle connections for up to 60 s, Node's own clients for 4 or 5 s.
      expect(ready.keepAliveTimeout).toBe(65_000)
      expect(ready.headersTimeout).toBeGreaterThan(ready.keepAliveTimeout!)
      // And so each answer tells the client how long the server keeps the connection.
      const { status, headers } = await headersOf(`${running.base}/healthz`)
      expect(status).toBe(200)
      expect(headers['keep-alive']).toBe('timeout=65')
    })
  })

  it('refuses to start with a bad setting, naming it', async () => {
    const child = spawn(process.execPath, server, {
      cwd: root,
      env: { ...process.env, PORT: 'not-a-port', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
    expect(await exited(child)).not.toBe(0)
    expect(output).toContain('PORT')
  }, 30_000)
})
