import { afterEach, describe, expect, it, vi } from 'vitest'
import { claimRedirectSignIn, PENDING_SIGN_IN, REDIRECT_WAIT_MS, releaseRedirectSignIn, SIGN_OUT_TIMEOUT_MS, withTimeout } from './redirect-sign-in.ts'

describe('redirect sign-in rules (docs/product.md §4, §9)', () => {
  afterEach(() => {
    releaseRedirectSignIn()
    vi.useRealTimers()
  })

  it('names its refusal as Amplify does', () => {
    expect(PENDING_SIGN_IN).toBe('Pending sign-in attempt already in progress')
    expect(REDIRECT_WAIT_MS).toBe(10_000)
    expect(SIGN_OUT_TIMEOUT_MS).toBe(3_000)
  })

  it('refuses a second attempt while one is pending, for up to 10 s', () => {
    expect(claimRedirectSignIn(1_000)).toBe(true)
    expect(claimRedirectSignIn(1_001)).toBe(false)
    expect(claimRedirectSignIn(1_000 + REDIRECT_WAIT_MS - 1)).toBe(false)
    expect(claimRedirectSignIn(1_000 + REDIRECT_WAIT_MS)).toBe(true)
  })

  it('allows a new attempt once the last one failed before leaving the page', () => {
    expect(claimRedirectSignIn(5_000)).toBe(true)
    releaseRedirectSignIn()
    expect(claimRedirectSignIn(5_001)).toBe(true)
  })

  it('a sign-out that does not settle in 3 s fails; one that does is answered', async () => {
    vi.useFakeTimers()
    const never = withTimeout(new Promise(() => undefined), SIGN_OUT_TIMEOUT_MS, 'too slow')
    const caught = never.catch((error: Error) => error.message)
    await vi.advanceTimersByTimeAsync(SIGN_OUT_TIMEOUT_MS - 1)
    await vi.advanceTimersByTimeAsync(1)
    expect(await caught).toBe('too slow')
    await expect(withTimeout(Promise.resolve('done'), SIGN_OUT_TIMEOUT_MS, 'too slow')).resolves.toBe('done')
  })
})
