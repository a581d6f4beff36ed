import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { isOutboxToken, loadOutboxToken, OUTBOX_TOKEN_PATTERN } from './outbox-token.ts'

describe('the outbox token', () => {
  const dirs: string[] = []
  const dataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'outbox-token-'))
    dirs.push(dir)
    return dir
  }
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })))

  it('is made at the first start, readable by the server user alone, and the same at every start after', () => {
    const dir = dataDir()
    const first = loadOutboxToken(dir)
    expect(first).toMatch(OUTBOX_TOKEN_PATTERN)
    expect(first.length).toBeGreaterThanOrEqual(43)
    expect(statSync(path.join(dir, 'outbox-token')).mode & 0o777).toBe(0o600)
    expect(loadOutboxToken(dir)).toBe(first)
    expect(loadOutboxToken(dataDir())).not.toBe(first)
  })

  it('makes the data directory when there is none yet', () => {
    const dir = path.join(dataDir(), 'not', 'yet')
    expect(loadOutboxToken(dir)).toBe(readFileSync(path.join(dir, 'outbox-token'), 'utf8').trim())
  })

  it('replaces a kept file that holds no token', () => {
    const dir = dataDir()
    writeFileSync(path.join(dir, 'outbox-token'), 'short\n')
    const token = loadOutboxToken(dir)
    expect(token).toMatch(OUTBOX_TOKEN_PATTERN)
    expect(loadOutboxToken(dir)).toBe(token)
  })

  it('matches only the whole token', () => {
    const token = 'a'.repeat(43)
    expect(isOutboxToken(token, token)).toBe(true)
    for (const given of [undefined, '', 'a'.repeat(42), 'a'.repeat(44), 'A'.repeat(43), `${'a'.repeat(42)}b`]) {
      expect(isOutboxToken(given, token), String(given)).toBe(false)
    }
  })
})
