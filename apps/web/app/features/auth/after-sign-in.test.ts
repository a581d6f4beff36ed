import { afterEach, describe, expect, it, vi } from 'vitest'
import { APPOINTMENT_REQUEST as APPOINTMENT_REQUEST_KEY } from '../booking/public.ts'
import { SELECTED_PACKAGE } from '../packages/public.ts'
import { OFFER_RETURN, WAITLIST_RETURN } from '../waitlist/public.ts'
import { afterSignIn } from './after-sign-in.ts'
import { rememberSignIn, takeRememberedPassword } from './pending-sign-in.ts'

function storageOf(items: Record<string, string>) {
  const store = new Map(Object.entries(items))
  return {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => store.set(key, value),
    removeItem: (key: string) => store.delete(key),
  }
}

function withStorage(items: Record<string, string>, session: Record<string, string> = {}) {
  vi.stubGlobal('window', { localStorage: storageOf(items), sessionStorage: storageOf(session) })
}

const chosenPackage = (at = Date.now()) =>
  JSON.stringify({
    package: { id: 'glow-60', name: 'Glow 60', description: '', minutes: 60, pricePence: 3000, validityDays: 90, bedTypes: ['lay-down'], highlight: false },
    at,
  })

afterEach(() => vi.unstubAllGlobals())

describe('after signing in (docs/product.md §4)', () => {
  it('goes home when no booking is waiting', async () => {
    withStorage({})
    const navigate = vi.fn()
    await afterSignIn({ navigate })
    expect(navigate).toHaveBeenCalledWith('/', { replace: true })
  })

  it('lets the booking feature show a pending booking and go where it says', async () => {
    const request = { date: '2025-06-20', time: '10:15', minutes: 6, bedId: 'bed-1' }
    withStorage({ [APPOINTMENT_REQUEST_KEY]: JSON.stringify({ ...request, at: Date.now() }) })
    const navigate = vi.fn()
    const finishPendingBooking = vi.fn(async () => '/book/')
    await afterSignIn({ navigate, finishPendingBooking })
    expect(finishPendingBooking).toHaveBeenCalledWith(request)
    expect(navigate).toHaveBeenCalledWith('/book/', { replace: true })
  })

  it('by default drops an incomplete stored request and goes home', async () => {
    withStorage({ [APPOINTMENT_REQUEST_KEY]: '{"date":"2025-06-20"}' })
    const navigate = vi.fn()
    await afterSignIn({ navigate })
    expect(navigate).toHaveBeenCalledWith('/', { replace: true })
    expect(window.localStorage.getItem(APPOINTMENT_REQUEST_KEY)).toBeNull()
  })

  it('ignores a damaged stored request', async () => {
    withStorage({ [APPOINTMENT_REQUEST_KEY]: '{not json' })
    const navigate = vi.fn()
    const finishPendingBooking = vi.fn(async () => '/x/')
    await afterSignIn({ navigate, finishPendingBooking })
    expect(finishPendingBooking).not.toHaveBeenCalled()
    expect(navigate).toHaveBeenCalledWith('/', { replace: true })
  })
})

describe('after signing in with a package chosen', () => {
  it('goes on to pay for it', async () => {
    withStorage({}, { [SELECTED_PACKAGE]: chosenPackage() })
    const navigate = vi.fn()
    await afterSignIn({ navigate })
    expect(navigate).toHaveBeenCalledWith('/payment/', { replace: true })
    // The payment page shows it, and clears it once paid.
    expect(window.sessionStorage.getItem(SELECTED_PACKAGE)).not.toBeNull()
  })

  it('shows a pending booking first', async () => {
    withStorage(
      { [APPOINTMENT_REQUEST_KEY]: JSON.stringify({ date: '2025-06-20', time: '10:15', minutes: 6, bedId: 'bed-1', at: Date.now() }) },
      { [SELECTED_PACKAGE]: chosenPackage() },
    )
    const navigate = vi.fn()
    await afterSignIn({ navigate, finishPendingBooking: async () => '/book/' })
    expect(navigate).toHaveBeenCalledWith('/book/', { replace: true })
  })

  it('goes home when the choice is hours old', async () => {
    withStorage({}, { [SELECTED_PACKAGE]: chosenPackage(Date.now() - 3 * 60 * 60 * 1000) })
    const navigate = vi.fn()
    await afterSignIn({ navigate })
    expect(navigate).toHaveBeenCalledWith('/', { replace: true })
  })
})

describe('after signing in to wait for a full day', () => {
  it('goes back to /book/, which opens on that day', async () => {
    withStorage({}, { [WAITLIST_RETURN]: JSON.stringify({ date: '2026-11-28', minutes: 9, at: Date.now() }) })
    const navigate = vi.fn()
    await afterSignIn({ navigate })
    expect(navigate).toHaveBeenCalledWith('/book/', { replace: true })
  })

  it('pays for a package chosen first, and goes home when the day was kept too long ago', async () => {
    withStorage({}, { [SELECTED_PACKAGE]: chosenPackage(), [WAITLIST_RETURN]: JSON.stringify({ date: '2026-11-28', minutes: 9, at: Date.now() }) })
    const first = vi.fn()
    await afterSignIn({ navigate: first })
    expect(first).toHaveBeenCalledWith('/payment/', { replace: true })

    withStorage({}, { [WAITLIST_RETURN]: JSON.stringify({ date: '2026-11-28', minutes: 9, at: Date.now() - 2 * 60 * 60 * 1000 }) })
    const later = vi.fn()
    await afterSignIn({ navigate: later })
    expect(later).toHaveBeenCalledWith('/', { replace: true })
  })
})

describe('the password kept for the confirm page', () => {
  it('is handed over once, and only for the same phone', () => {
    rememberSignIn('+447700900123', 'Sunny#2024')
    expect(takeRememberedPassword('+447700900999')).toBeNull()
    expect(takeRememberedPassword('+447700900123')).toBe('Sunny#2024')
    expect(takeRememberedPassword('+447700900123')).toBeNull()
  })
})

describe('after signing in to book a time held for them', () => {
  it('goes back to the offer, before a package or a day waiting, and only once', async () => {
    const offer = JSON.stringify({ path: '/waitlist-offer/abc123/', at: Date.now() })
    withStorage(
      {},
      { [OFFER_RETURN]: offer, [SELECTED_PACKAGE]: chosenPackage(), [WAITLIST_RETURN]: JSON.stringify({ date: '2026-11-28', minutes: 9, at: Date.now() }) },
    )
    const first = vi.fn()
    await afterSignIn({ navigate: first })
    expect(first).toHaveBeenCalledWith('/waitlist-offer/abc123/', { replace: true })
    const again = vi.fn()
    await afterSignIn({ navigate: again })
    expect(again).toHaveBeenCalledWith('/payment/', { replace: true })
  })
})
