import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

/** The server's commands (salon, staff, import, backup) run as a salon runs them: each a process of its own. */
const src = path.join(import.meta.dirname, '..')
// tsx by its file, so that the commands run in the test's own folder: each reads the .env of the folder it runs in, and
// a checkout's .env (its DATABASE_URL above all) must never be the one read here.
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href

export interface Ran {
  code: number | null
  stdout: string
  stderr: string
}

/** Runs one command to its end, in `cwd`, with the database's settings and the extra environment given. */
export function run(cwd: string, settings: Record<string, string>, command: string, args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', tsx, path.join(src, command), ...args], {
    cwd,
    env: { ...process.env, SHOP_ID: '', SEED_DEMO: 'false', OWNER_PASSWORD: '', STAFF_PASSWORD: '', ...settings, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 60_000,
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  return new Promise<Ran>((resolve, reject) => {
    child.once('error', reject)
    child.once('close', (code) => resolve({ code, stdout, stderr }))
  })
}
