/** A memoized function, and how to drop what it remembers before its time. */
export interface Memoized<T> {
  (key: string): Promise<T>
  /** Drops the answer kept for `key`: the next call asks again. */
  forget(key: string): void
  /** Drops every kept answer. */
  clear(): void
}

/**
 * Remembers an async function's answer per key for `ttlMs`. A failed answer is forgotten at once,
 * so the next call asks again. With a ttl of 0 every call asks.
 * `fn` may return any thenable (a query builder, say); it is awaited once per period.
 */
export function memoize<T>(fn: (key: string) => PromiseLike<T>, ttlMs: number, now: () => number = Date.now): Memoized<T> {
  const entries = new Map<string, { until: number; value: Promise<T> }>()
  const call = (key: string): Promise<T> => {
    if (ttlMs <= 0) return Promise.resolve().then(() => fn(key))
    const hit = entries.get(key)
    if (hit && hit.until > now()) return hit.value
    // A real promise, run once: query builders are lazy thenables that run again on every await.
    const value = Promise.resolve().then(() => fn(key))
    const entry = { until: now() + ttlMs, value }
    entries.set(key, entry)
    value.catch(() => {
      if (entries.get(key) === entry) entries.delete(key)
    })
    return value
  }
  return Object.assign(call, { forget: (key: string) => void entries.delete(key), clear: () => entries.clear() })
}
