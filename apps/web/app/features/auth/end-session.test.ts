import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { APPOINTMENT_REQUEST } from '../booking/public.ts'
import { endSession } from './end-session.ts'

let items: Map<string, string>
beforeEach(() => {
  items = new Map([[APPOINTMENT_REQUEST, JSON.stringify({ date: '2026-11-23', time: '10:15', minutes: 6, bedId: 'bed-1', at: Date.now() })]])
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, v),
      removeItem: (k: string) => void items.delete(k),
    },
  })
})
afterEach(() => vi.unstubAllGlobals())

// Whoever signs in next on this browser must never find the booking the last person chose.
describe('ending a session on this browser', () => {
  it('forgets the saved booking before the session is signed out (a sign-out through the hosted page leaves it)', async () => {
    let savedWhenSigningOut: string | undefined
    const auth = { signOut: vi.fn(async () => void (savedWhenSigningOut = items.get(APPOINTMENT_REQUEST))) }
    await endSession(auth)
    expect(auth.signOut).toHaveBeenCalledOnce()
    expect(savedWhenSigningOut).toBeUndefined()
    expect(items.has(APPOINTMENT_REQUEST)).toBe(false)
  })

  it('forgets it even when signing out fails (offline), and says so', async () => {
    const auth = { signOut: vi.fn(() => Promise.reject(new Error('offline'))) }
    await expect(endSession(auth)).rejects.toThrow('offline')
    expect(items.has(APPOINTMENT_REQUEST)).toBe(false)
  })
})
