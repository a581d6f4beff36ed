import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { get } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../../..')
const built = existsSync(path.join(root, 'apps/web/build/server/index.js'))

/** The first response's status and headers, on a connection the client offers to keep open. */
function headersOf(url: string) {
  return new Promise<{ status: number | undefined; headers: Record<string, unknown> }>((resolve, reject) => {
    get(url, { headers: { connection: 'keep-alive' } }, (response) => {
      response.resume()
      resolve({ status: response.statusCode, headers: response.headers })
    }).once('error', reject)
  })
}

describe.skipIf(!built && process.env.CI !== 'true')('the server process', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'salon-timeouts-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it('keeps an idle connection open longer than its clients do, and allows headers a little longer still', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: { ...process.env, PORT: '0', DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'info', DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    try {
      let log = ''
      const ready = await new Promise<Record<string, number>>((resolve, reject) => {
        child.stdout!.on('data', (chunk: Buffer) => {
          log += chunk.toString()
          const line = log.split('\n').find((entry) => entry.includes('salon ready at'))
          if (line) resolve(JSON.parse(line) as Record<string, number>)
        })
        child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()))
        child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${log}`)))
      })

      // Load balancers keep idle connections for up to 60 s, Node's own clients for 4 or 5 s.
      expect(ready.keepAliveTimeout).toBe(65_000)
      expect(ready.headersTimeout).toBeGreaterThan(ready.keepAliveTimeout!)
      // And so each answer tells the client how long the server keeps the connection.
      const { status, headers } = await headersOf(`http://127.0.0.1:${ready.port}/healthz`)
      expect(status).toBe(200)
      expect(headers['keep-alive']).toBe('timeout=65')
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    }
  }, 180_000)
})
