import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { request as httpsRequest } from 'node:https'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { once } from 'node:events'
import { expect, test, type APIRequestContext } from '@playwright/test'
import pg from 'pg'
import { localCertificate } from '../apps/server/src/local-https.ts'
import { BUILT_IN_POOL } from '../apps/server/src/modules/identity/default-pool.ts'
import { DEMO_API_KEY, DEMO_SHOP_ID } from '../packages/db/src/seed.ts'
import { E2E_POSTGRES_ADMIN_URL } from './database.ts'

/**
 * The deployment docs/operations.md describes, run for real: Debian's nginx with deploy/nginx/salon.conf (its names,
 * ports and certificate replaced) in front of two server processes on one PostgreSQL database, over TLS with a
 * self-signed certificate. The processes are the built server, as systemd's deploy/systemd/salon@.service starts it.
 */
const NGINX = '/usr/sbin/nginx'
const CADDY = '/usr/bin/caddy'
const base = Number(process.env.E2E_PORT ?? 3100)
const PROCESSES = [base + 10, base + 11]
const HTTPS_PORT = base + 12
const HTTP_PORT = base + 13
const CADDY_HTTPS_PORT = base + 14
const CADDY_HTTP_PORT = base + 15
const SITE = `https://localhost:${HTTPS_PORT}`
const DATABASE = `salon_deploy_${base}`
const SHOP = { shop_id: DEMO_SHOP_ID, api_key: DEMO_API_KEY }
const root = path.resolve(import.meta.dirname, '..')

test.describe.configure({ mode: 'serial', timeout: 180_000 })
test.skip(
  !(existsSync(NGINX) && existsSync(CADDY)) && !process.env.CI,
  'nginx or Caddy is not installed here (apt-get install nginx-light caddy); under CI they must be',
)

const dir = mkdtempSync(path.join(tmpdir(), 'salon-deploy-'))
const servers = new Map<number, ChildProcess>()
let nginx: ChildProcess | undefined
let caddy: ChildProcess | undefined

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: E2E_POSTGRES_ADMIN_URL })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

/** Asks until `ok` holds, every 100 ms, for at most `ms`. */
async function until(what: string, ok: () => Promise<boolean>, ms = 60_000) {
  const end = Date.now() + ms
  while (Date.now() < end) {
    if (await ok().catch(() => false)) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`${what} did not happen within ${ms} ms`)
}

const ready = (port: number) => until(`the process on ${port} being ready`, async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).ok)

/** One server process, as the systemd unit runs it: production, behind the proxy, on the shared database. */
function startServer(port: number) {
  const url = new URL(E2E_POSTGRES_ADMIN_URL)
  url.pathname = `/${DATABASE}`
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: url.href,
      DATA_DIR: path.join(dir, `data-${port}`),
      TRUST_PROXY: 'true',
      PUBLIC_URL: SITE,
      SIGN_INS_PER_HOUR: '3',
      LOG_LEVEL: 'warn',
      SHOP_ID: '',
      API_KEY: '',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let errors = ''
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()))
  servers.set(port, child)
  return { child, errors: () => errors }
}

/** deploy/nginx/salon.conf for this run: the processes' ports, this machine's addresses, the test certificate. */
function nginxConfig(cert: string, key: string) {
  const site = readFileSync(path.join(root, 'deploy/nginx/salon.conf'), 'utf8')
    .replace('server 127.0.0.1:3001', `server 127.0.0.1:${PROCESSES[0]}`)
    .replace('server 127.0.0.1:3002', `server 127.0.0.1:${PROCESSES[1]}`)
    .replace(/^\s*listen \[::\]:\d+[^;]*;\n/gm, '')
    .replace('listen 80;', `listen 127.0.0.1:${HTTP_PORT};`)
    .replace('listen 443 ssl http2;', `listen 127.0.0.1:${HTTPS_PORT} ssl http2;`)
    .replace(/ssl_certificate \S+;/, `ssl_certificate ${cert};`)
    .replace(/ssl_certificate_key \S+;/, `ssl_certificate_key ${key};`)
  for (const port of PROCESSES) expect(site).toContain(`127.0.0.1:${port}`)
  writeFileSync(path.join(dir, 'salon.conf'), site)
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      'daemon off;',
      process.getuid?.() === 0 ? 'user root;' : '',
      'worker_processes 1;',
      `pid ${path.join(dir, 'nginx.pid')};`,
      `error_log ${path.join(dir, 'nginx-error.log')} warn;`,
      'events { worker_connections 512; }',
      'http {',
      '  access_log off;',
      `  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}`,
      '  include /etc/nginx/mime.types;',
      `  include ${path.join(dir, 'salon.conf')};`,
      '}',
    ].join('\n'),
  )
  return path.join(dir, 'nginx.conf')
}

/**
 * deploy/caddy/Caddyfile for this run: the processes' ports, this machine's ports for HTTPS and HTTP, and the test
 * certificate in place of the one Caddy would fetch for the salon's domain; its own state kept in the run's folder.
 */
function caddyConfig(cert: string, key: string) {
  const site = readFileSync(path.join(root, 'deploy/caddy/Caddyfile'), 'utf8')
    .replace('salon.example {', `https://localhost:${CADDY_HTTPS_PORT} {\n\ttls ${cert} ${key}`)
    .replace('reverse_proxy 127.0.0.1:3001 127.0.0.1:3002', `reverse_proxy 127.0.0.1:${PROCESSES[0]} 127.0.0.1:${PROCESSES[1]}`)
  expect(site).toContain(`127.0.0.1:${PROCESSES[1]}`)
  const global = [
    '{',
    '\tadmin off',
    '\tskip_install_trust',
    `\thttp_port ${CADDY_HTTP_PORT}`,
    `\thttps_port ${CADDY_HTTPS_PORT}`,
    `\tstorage file_system ${path.join(dir, 'caddy')}`,
    '}',
  ]
  writeFileSync(path.join(dir, 'Caddyfile'), `${global.join('\n')}\n${site}`)
  return path.join(dir, 'Caddyfile')
}

/** A request through a proxy's HTTPS port from a given address of this machine (127.0.0.x), as a client elsewhere would come. */
function through(port: number, localAddress: string, pathname: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<{ status: number; body: string; headers: Record<string, string | string[] | undefined> }>((resolve, reject) => {
    const req = httpsRequest(
      {
        host: '127.0.0.1',
        port,
        path: pathname,
        method: init.method ?? 'GET',
        // The site's name, as a browser sends it: Caddy serves a site by the name it was given.
        headers: { host: `localhost:${port}`, ...init.headers },
        localAddress,
        rejectUnauthorized: false,
        servername: 'localhost',
      },
      (res) => {
        let body = ''
        res.on('data', (chunk: Buffer) => (body += chunk.toString()))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }))
      },
    )
    req.on('error', reject)
    req.end(init.body)
  })
}

/** A request through nginx from a given address of this machine (127.0.0.x), as a client elsewhere would come. */
const fromAddress = (localAddress: string, pathname: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) =>
  through(HTTPS_PORT, localAddress, pathname, init)

test.beforeAll(async () => {
  // Two processes migrating an empty database and starting, then nginx: longer than a test's usual time.
  test.setTimeout(150_000)
  if (!existsSync(NGINX) || !existsSync(CADDY)) throw new Error('nginx or Caddy is not installed: .ci/run installs them (apt-get install nginx-light caddy)')
  await admin(`drop database if exists ${DATABASE} with (force)`)
  await admin(`create database ${DATABASE}`)
  // Both processes start together on an empty database: the migrations and the demo salon are made once.
  const started = PROCESSES.map((port) => startServer(port))
  await Promise.all(PROCESSES.map(ready)).catch((error: Error) => {
    throw new Error(`${error.message}\n${started.map((s) => s.errors()).join('\n')}`)
  })
  const certificate = localCertificate({ dataDir: dir })
  const config = nginxConfig(path.join(dir, 'tls/localhost-cert.pem'), path.join(dir, 'tls/localhost-key.pem'))
  expect(certificate.from).toContain(dir)
  nginx = spawn(NGINX, ['-c', config, '-p', dir, '-e', path.join(dir, 'nginx-error.log')], { stdio: 'ignore' })
  await until('nginx answering', async () => (await fromAddress('127.0.0.1', '/healthz')).status === 200, 20_000)
  const caddyfile = caddyConfig(path.join(dir, 'tls/localhost-cert.pem'), path.join(dir, 'tls/localhost-key.pem'))
  caddy = spawn(CADDY, ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
    stdio: 'ignore',
    env: { ...process.env, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
  })
  await until('Caddy answering', async () => (await through(CADDY_HTTPS_PORT, '127.0.0.1', '/healthz')).status === 200, 20_000)
})

test.afterAll(async () => {
  nginx?.kill('SIGQUIT')
  caddy?.kill('SIGTERM')
  for (const child of servers.values()) child.kill('SIGTERM')
  await Promise.all([...servers.values()].map((child) => (child.exitCode === null ? once(child, 'exit') : undefined)))
  if (nginx && nginx.exitCode === null) await once(nginx, 'exit')
  if (caddy && caddy.exitCode === null) await once(caddy, 'exit')
  await admin(`drop database if exists ${DATABASE} with (force)`)
  rmSync(dir, { recursive: true, force: true })
})

test('pages and the API answer through nginx over HTTP/2 with HSTS; plain HTTP is sent to HTTPS; the outbox and the metrics are not reachable', async ({
  browser,
}) => {
  const context = await browser.newContext({ ignoreHTTPSErrors: true })
  const page = await context.newPage()
  const home = await page.goto(`${SITE}/`)
  expect(home?.status()).toBe(200)
  expect(home?.headers()['strict-transport-security']).toMatch(/max-age=\d+/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect(await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).nextHopProtocol)).toBe('h2')
  // Links the server makes name the public address, not the process's own.
  expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${SITE}/`)
  await context.close()

  const api = await fromAddress('127.0.0.1', '/api/website/salon', { headers: SHOP })
  expect(api.status).toBe(200)
  expect(JSON.parse(api.body)).toMatchObject({ shop: { id: DEMO_SHOP_ID } })

  const plain = await fetch(`http://127.0.0.1:${HTTP_PORT}/book/?bed=1`, { redirect: 'manual' })
  expect(plain.status).toBe(301)
  expect(plain.headers.get('location')).toBe('https://127.0.0.1/book/?bed=1')

  for (const closed of ['/dev/outbox/', '/dev/outbox.json', '/metrics']) expect((await fromAddress('127.0.0.1', closed)).status, closed).toBe(404)
  // On the server itself, the metrics open to each process directly.
  expect((await fetch(`http://127.0.0.1:${PROCESSES[0]}/metrics`)).status).toBe(200)
})

test("limits count the real client's address, which nginx forwards", async () => {
  const signIn = (address: string) =>
    fromAddress(address, '/cognito/', {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
      body: JSON.stringify({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: BUILT_IN_POOL.clientId,
        AuthParameters: { USERNAME: '+447700900777', PASSWORD: 'Not-the-password1' },
      }),
    })
  const tries = []
  for (let i = 0; i < 4; i++) tries.push(await signIn('127.0.0.2'))
  expect(tries.slice(0, 3).map((t) => JSON.parse(t.body).__type)).not.toContain('LimitExceededException')
  expect(JSON.parse(tries[3]!.body).__type).toBe('LimitExceededException')
  // Another client, through the same proxy, is not held back by the first one's tries.
  expect(JSON.parse((await signIn('127.0.0.3')).body).__type).not.toBe('LimitExceededException')
})

test('the same through Caddy with deploy/caddy/Caddyfile: pages and the API over HTTP/2 with HSTS, the outbox and the metrics closed, limits by the real client', async ({
  browser,
}) => {
  const context = await browser.newContext({ ignoreHTTPSErrors: true })
  const page = await context.newPage()
  const home = await page.goto(`https://localhost:${CADDY_HTTPS_PORT}/`)
  expect(home?.status()).toBe(200)
  expect(home?.headers()['strict-transport-security']).toMatch(/max-age=\d+/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect(await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).nextHopProtocol)).toBe('h2')
  await context.close()

  const api = await through(CADDY_HTTPS_PORT, '127.0.0.1', '/api/website/salon', { headers: SHOP })
  expect(api.status).toBe(200)
  expect(JSON.parse(api.body)).toMatchObject({ shop: { id: DEMO_SHOP_ID } })
  for (const closed of ['/dev/outbox/', '/dev/outbox.json', '/metrics']) expect((await through(CADDY_HTTPS_PORT, '127.0.0.1', closed)).status, closed).toBe(404)

  const signIn = (address: string) =>
    through(CADDY_HTTPS_PORT, address, '/cognito/', {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
      body: JSON.stringify({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: BUILT_IN_POOL.clientId,
        AuthParameters: { USERNAME: '+447700900778', PASSWORD: 'Not-the-password1' },
      }),
    })
  const tries = []
  for (let i = 0; i < 4; i++) tries.push(await signIn('127.0.0.4'))
  expect(tries.slice(0, 3).map((t) => JSON.parse(t.body).__type)).not.toContain('LimitExceededException')
  expect(JSON.parse(tries[3]!.body).__type).toBe('LimitExceededException')
  expect(JSON.parse((await signIn('127.0.0.5')).body).__type).not.toBe('LimitExceededException')
})

test('a rolling restart of both processes under steady load loses no request', async ({ playwright }) => {
  const client: APIRequestContext = await playwright.request.newContext({ ignoreHTTPSErrors: true, baseURL: SITE })
  const statuses = new Map<string, number>()
  let running = true
  const load = async () => {
    for (let i = 0; running; i++) {
      // A page, a read of the API, and a POST (which nginx never sends twice): none may be lost.
      const asked =
        i % 3 === 0
          ? client.get('/prices/', { failOnStatusCode: false })
          : i % 3 === 1
            ? client.get('/api/website/salon', { headers: SHOP, failOnStatusCode: false })
            : client.post('/api/booking/get_price_for_booking', {
                headers: SHOP,
                data: { date: '2030-01-07', time: '10:00', minutes: 6, bedType: 'lay-down' },
                failOnStatusCode: false,
              })
      const response = await asked.then((r) => String(r.status())).catch((error: Error) => error.message.split('\n')[0]!)
      statuses.set(response, (statuses.get(response) ?? 0) + 1)
    }
  }
  const loops = Array.from({ length: 6 }, load)
  await until('the load reaching both processes', async () => (statuses.get('200') ?? 0) > 50, 20_000)
  for (const port of PROCESSES) {
    const old = servers.get(port)!
    old.kill('SIGTERM')
    const [code] = (await once(old, 'exit')) as [number | null]
    expect(code, `the process on ${port} stopping gracefully`).toBe(0)
    startServer(port)
    await ready(port)
  }
  const afterRestarts = statuses.get('200') ?? 0
  await until('more load after the restarts', async () => (statuses.get('200') ?? 0) > afterRestarts + 50, 20_000)
  running = false
  await Promise.all(loops)
  await client.dispose()
  expect(Object.fromEntries(statuses)).toEqual({ '200': expect.any(Number) })
  expect(statuses.get('200')).toBeGreaterThan(200)
})
