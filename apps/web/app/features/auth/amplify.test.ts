import { beforeEach, describe, expect, it, vi } from 'vitest'

const signIn = vi.fn()
vi.mock('aws-amplify/auth', async (original) => ({ ...(await original<object>()), signIn: (...args: unknown[]) => signIn(...args) }))
const { auth } = await import('./amplify.ts')

const refusal = (name: string, message: string) => Object.assign(new Error(message), { name })
const DONE = { isSignedIn: true, nextStep: { signInStep: 'DONE' } }

describe('signing in', () => {
  // A block body: a function returned from beforeEach would be called as the test's clean-up.
  beforeEach(() => {
    signIn.mockReset()
  })

  it('is by SRP, Amplify’s default, so the password never leaves the browser', async () => {
    signIn.mockResolvedValue(DONE)
    expect(await auth.signIn('+447700900123', 'Tanning-Time1')).toEqual(DONE)
    expect(signIn).toHaveBeenCalledExactlyOnceWith({ username: '+447700900123', password: 'Tanning-Time1' })
  })

  it('uses the password flow once for an account the pool has no SRP verifier for yet', async () => {
    signIn
      .mockRejectedValueOnce(
        refusal(
          'NotAuthorizedException',
          'This account signs in with USER_PASSWORD_AUTH once more before USER_SRP_AUTH can be used: it was made before SRP sign-in, and its password is needed once to set it up.',
        ),
      )
      .mockResolvedValueOnce(DONE)
    expect(await auth.signIn('+447700900123', 'Tanning-Time1')).toEqual(DONE)
    expect(signIn).toHaveBeenLastCalledWith({ username: '+447700900123', password: 'Tanning-Time1', options: { authFlowType: 'USER_PASSWORD_AUTH' } })
  })

  it('never for a wrong password or anything else', async () => {
    signIn.mockRejectedValue(refusal('NotAuthorizedException', 'Incorrect username or password.'))
    await expect(auth.signIn('+447700900123', 'Not-The-Password1')).rejects.toMatchObject({ name: 'NotAuthorizedException' })
    expect(signIn).toHaveBeenCalledTimes(1)
  })
})
