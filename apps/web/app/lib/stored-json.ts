/** The part of Web Storage the app uses; tests pass a Map-backed one. */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** The browser's local or session storage; null on the server, or where storage is switched off (private modes, strict settings). */
export function browserStorage(kind: 'local' | 'session'): StorageLike | null {
  try {
    if (typeof window === 'undefined') return null
    return kind === 'local' ? window.localStorage : window.sessionStorage
  } catch {
    return null
  }
}

/**
 * A JSON value kept under one key. Reading what is missing, unreadable or not what `check` accepts gives null;
 * a write or removal that storage refuses (full, switched off) is dropped, and the page carries on without it.
 */
export function storedJson<T>(key: string, check: (value: unknown) => T | null) {
  return {
    read(storage: StorageLike | null): T | null {
      try {
        const text = storage?.getItem(key)
        return text ? check(JSON.parse(text)) : null
      } catch {
        return null
      }
    },
    write(value: T, storage: StorageLike | null): void {
      try {
        storage?.setItem(key, JSON.stringify(value))
      } catch {
        // Full or switched off.
      }
    },
    clear(storage: StorageLike | null): void {
      try {
        storage?.removeItem(key)
      } catch {
        // Nothing to clear.
      }
    },
  }
}
