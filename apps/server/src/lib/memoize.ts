/** For each value a memo keeps: whether it is still the memo's answer (lib/replay.ts gives it again while so). */
const kept = new WeakMap<object, () => boolean>()

/** Whether `value` is still what a memo answers, or undefined when no memo keeps it. */
export const keptWhile = (value: object): (() => boolean) | undefined => kept.get(value)

/** `derived` (made from `value` alone) stays right exactly as long as `value` is kept. */
export function keptAs(value: object, derived: object): void {
  const stillKept = kept.get(value)
  if (stillKept) kept.set(derived, stillKept)
}

/**
 * Remembers an async function's answer per key for `ttlMs`. A failed answer is forgotten at once,
 * so the next call asks again. With a ttl of 0 every call asks.
 * `fn` may return any thenable (a query builder, say); it is awaited once per period.
 */
export function memoize<T>(fn: (key: string) => PromiseLike<T>, ttlMs: number, now: () => number = Date.now): (key: string) => Promise<T> {
  if (ttlMs <= 0) return async (key) => fn(key)
  const entries = new Map<string, { until: number; value: Promise<T> }>()
  return (key) => {
    const hit = entries.get(key)
    if (hit && hit.until > now()) return hit.value
    // A real promise, run once: query builders are lazy thenables that run again on every await.
    const value = Promise.resolve().then(() => fn(key))
    const entry = { until: now() + ttlMs, value }
    entries.set(key, entry)
    value.then(
      (answer) => {
        if (typeof answer === 'object' && answer !== null) kept.set(answer, () => entries.get(key) === entry && entry.until > now())
      },
      () => {
        if (entries.get(key) === entry) entries.delete(key)
      },
    )
    return value
  }
}
