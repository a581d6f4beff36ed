import { describe, expect, it, vi } from 'vitest'
import { memoize } from './memoize.ts'

describe('memoize', () => {
  it('answers from memory until the ttl has passed, then asks again', async () => {
    let clock = 1_000
    const fn = vi.fn(async (key: string) => `${key}@${clock}`)
    const cached = memoize(fn, 30_000, () => clock)
    expect(await cached('a')).toBe('a@1000')
    clock += 29_999
    expect(await cached('a')).toBe('a@1000')
    expect(fn).toHaveBeenCalledTimes(1)
    clock += 1
    expect(await cached('a')).toBe('a@31000')
    expect(fn).toHaveBeenCalledTimes(2)
  })

  it('keeps one answer per key', async () => {
    const fn = vi.fn(async (key: string) => key.toUpperCase())
    const cached = memoize(fn, 1_000, () => 0)
    expect(await Promise.all([cached('a'), cached('b'), cached('a')])).toEqual(['A', 'B', 'A'])
    expect(fn).toHaveBeenCalledTimes(2)
  })

  it('shares one call between callers that ask at the same time', async () => {
    const fn = vi.fn(async () => 'x')
    const cached = memoize(fn, 1_000)
    await Promise.all([cached('k'), cached('k'), cached('k')])
    expect(fn).toHaveBeenCalledTimes(1)
  })

  it('forgets a failure, so the next call tries again', async () => {
    const fn = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce('up')
    const cached = memoize(fn, 60_000, () => 0)
    await expect(cached('k')).rejects.toThrow('down')
    await expect(cached('k')).resolves.toBe('up')
    expect(fn).toHaveBeenCalledTimes(2)
  })

  it('runs a lazy thenable (a query builder) once per period, not on every await', async () => {
    let runs = 0
    const lazy = {
      then: (resolve: (v: number) => void) => resolve(++runs),
    } as PromiseLike<number>
    const cached = memoize(
      () => lazy,
      1_000,
      () => 0,
    )
    expect(await cached('k')).toBe(1)
    expect(await cached('k')).toBe(1)
    expect(runs).toBe(1)
  })

  it('with a ttl of 0 every call asks', async () => {
    const fn = vi.fn(async (key: string) => key)
    const cached = memoize(fn, 0)
    await cached('k')
    await cached('k')
    expect(fn).toHaveBeenCalledTimes(2)
  })
})

describe('memoize, dropped before its time', () => {
  it('asks again for a key it was told to forget, and keeps the others', async () => {
    let version = 1
    const fn = vi.fn(async (key: string) => `${key}${version}`)
    const cached = memoize(fn, 30_000, () => 0)
    expect(await cached('a')).toBe('a1')
    expect(await cached('b')).toBe('b1')
    version = 2
    cached.forget('a')
    expect(await cached('a')).toBe('a2')
    expect(await cached('b')).toBe('b1')
    cached.clear()
    expect(await cached('b')).toBe('b2')
  })
})
