import { ChangePasswordCommand, GetUserCommand, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider'
import { Amplify } from 'aws-amplify'
import { fetchAuthSession, signIn as amplifySignIn, signOut as amplifySignOut } from 'aws-amplify/auth'
import { AuthenticationDetails, CognitoUser, CognitoUserPool, type CognitoUserSession } from 'amazon-cognito-identity-js'
import { eq, schema } from '@salon/db'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { describeApi } from '../../test/harness.ts'
import {
  CLIENT_ID,
  cognitoClient,
  confirmedCustomer,
  failure,
  NEW_PASSWORD,
  PASSWORD,
  POOL_ID,
  signIn,
  signUpCustomer,
} from '../../test/factories/customers.ts'
import { fastPasswords, testClock } from '../../test/factories/doubles.ts'
import { listening, passwordVerifierAnswer, srpSignIn, startSrp } from '../../test/factories/srp.ts'
import { N } from './srp.ts'
import { SRP_MESSAGES } from './srp-sign-in.ts'
import { removeStaleSignUps } from './identity.service.ts'
import { identityTransaction } from './identity-transaction.service.ts'

/** The pool's clock stands still within a test, so a lock of one second cannot run out while the test waits on a busy machine. */
const clock = testClock()
const WRONG = { type: 'NotAuthorizedException', message: 'Incorrect username or password.', status: 400 }

/** amazon-cognito-identity-js's sign-in (USER_SRP_AUTH, its default), pointed at the pool over HTTP. */
function cognitoUserSignIn(origin: string, phone: string, password: string) {
  const pool = new CognitoUserPool({ UserPoolId: POOL_ID, ClientId: CLIENT_ID, endpoint: `${origin}/cognito/` })
  const user = new CognitoUser({ Username: phone, Pool: pool })
  return new Promise<CognitoUserSession>((resolve, reject) =>
    user.authenticateUser(new AuthenticationDetails({ Username: phone, Password: password }), { onSuccess: resolve, onFailure: reject }),
  )
}

describeApi(
  'identity service: SRP sign-in (USER_SRP_AUTH)',
  (t) => {
    const client = () => cognitoClient(t().app)
    let server: Awaited<ReturnType<typeof listening>>
    beforeAll(async () => {
      server = await listening(t().app)
    })
    afterAll(() => server?.close())
    beforeEach(() => clock.reset())
    const userRow = async (phone: string) => (await t().db.select().from(schema.identityUsers).where(eq(schema.identityUsers.phone, phone)))[0]!

    it('amazon-cognito-identity-js signs in with its default SRP flow, and confirms the device it was given', async () => {
      const { phone } = await confirmedCustomer(t().app, client())
      expect((await userRow(phone)).srpVerifier).toMatch(/^[0-9a-f]+$/)
      const session = await cognitoUserSignIn(server.origin, phone, PASSWORD)
      const access = session.getAccessToken()
      expect(access.payload.device_key).toMatch(/^eu-west-2_/)
      const user = await client().send(new GetUserCommand({ AccessToken: access.getJwtToken() }))
      expect(user.UserAttributes).toContainEqual({ Name: 'phone_number', Value: phone })
      const [device] = await t()
        .db.select()
        .from(schema.identityDevices)
        .where(eq(schema.identityDevices.deviceKey, access.payload.device_key as string))
      expect(device).toMatchObject({ sub: (await userRow(phone)).sub, remembered: true })
    })

    it('Amplify signs in with its default flow, USER_SRP_AUTH; a wrong password gets Cognito’s message', async () => {
      const { phone, sub } = await confirmedCustomer(t().app, client())
      Amplify.configure({ Auth: { Cognito: { userPoolId: POOL_ID, userPoolClientId: CLIENT_ID, userPoolEndpoint: `${server.origin}/cognito/` } } })
      await expect(amplifySignIn({ username: phone, password: 'Not-The-Password1' })).rejects.toMatchObject({
        name: 'NotAuthorizedException',
        message: WRONG.message,
      })
      expect(await amplifySignIn({ username: phone, password: PASSWORD })).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } })
      const { tokens } = await fetchAuthSession()
      expect(tokens?.idToken?.payload.sub).toBe(sub)
      expect(tokens?.signInDetails).toEqual({ loginId: phone, authFlowType: 'USER_SRP_AUTH' })
      await amplifySignOut({ global: false })
    })

    it('a wrong password is refused in Cognito’s words, by amazon-cognito-identity-js and the AWS SDK alike', async () => {
      const { phone } = await confirmedCustomer(t().app, client())
      await expect(cognitoUserSignIn(server.origin, phone, 'Not-The-Password1')).rejects.toMatchObject({
        code: 'NotAuthorizedException',
        message: WRONG.message,
      })
      expect(await failure(srpSignIn(client(), phone, 'Not-The-Password1'))).toEqual(WRONG)
    })

    it('the lockout of five holds for SRP: the sixth try, even with the right password, is refused', async () => {
      const { phone } = await confirmedCustomer(t().app, client())
      for (let i = 0; i < 4; i++) expect(await failure(srpSignIn(client(), phone, 'Not-The-Password1'))).toEqual(WRONG)
      expect(await failure(srpSignIn(client(), phone, 'Not-The-Password1'))).toEqual({ ...WRONG, message: 'Password attempts exceeded' })
      expect(await failure(srpSignIn(client(), phone, PASSWORD))).toEqual({ ...WRONG, message: 'Password attempts exceeded' })
      expect(await failure(signIn(client(), phone, PASSWORD))).toEqual({ ...WRONG, message: 'Password attempts exceeded' })
    })

    it('the right password signs in, and clears the failures counted before it', async () => {
      const { phone } = await confirmedCustomer(t().app, client())
      expect(await failure(srpSignIn(client(), phone, 'Not-The-Password1'))).toEqual(WRONG)
      const output = await srpSignIn(client(), phone, PASSWORD)
      expect(output.AuthenticationResult).toMatchObject({ TokenType: 'Bearer', ExpiresIn: 3600, NewDeviceMetadata: { DeviceKey: expect.any(String) } })
      expect(await userRow(phone)).toMatchObject({ failedSignIns: 0, lockedUntil: null })
    })

    it('the challenge names the user by sub, as USER_ID_FOR_SRP and USERNAME', async () => {
      const { phone, sub } = await confirmedCustomer(t().app, client())
      const { output, challenge } = await startSrp(client(), phone)
      expect(output.ChallengeName).toBe('PASSWORD_VERIFIER')
      expect(challenge).toEqual({
        SALT: expect.stringMatching(/^[0-9a-f]+$/),
        SRP_B: expect.stringMatching(/^[0-9a-f]+$/),
        SECRET_BLOCK: expect.stringMatching(/^[A-Za-z0-9+/]+=*$/),
        USER_ID_FOR_SRP: sub,
        USERNAME: sub,
      })
    })

    it('a secret block answered once cannot be answered again, and one the pool never gave is refused', async () => {
      const { phone } = await confirmedCustomer(t().app, client())
      const started = await startSrp(client(), phone)
      const answer = await passwordVerifierAnswer(started, PASSWORD)
      await client().send(answer)
      const unknown = { type: 'NotAuthorizedException', message: SRP_MESSAGES.unknownChallenge, status: 400 }
      expect(await failure(client().send(answer))).toEqual(unknown)
      const forged = Buffer.from(started.challenge.SECRET_BLOCK!, 'base64')
      forged[0]! ^= 1
      expect(
        await failure(client().send(await passwordVerifierAnswer(await startSrp(client(), phone), PASSWORD, { secretBlock: forged.toString('base64') }))),
      ).toEqual(unknown)
      expect(await failure(client().send(await passwordVerifierAnswer(started, PASSWORD, { secretBlock: 'bm90IG91cnM=' })))).toEqual(unknown)
      // Forgeries are not guesses at the password: nothing was counted.
      expect((await userRow(phone)).failedSignIns).toBe(0)
    })

    it('of the same answer sent five times at once, exactly one signs in', async () => {
      const { phone } = await confirmedCustomer(t().app, client())
      const answer = await passwordVerifierAnswer(await startSrp(client(), phone), PASSWORD)
      const outcomes = await Promise.allSettled(Array.from({ length: 5 }, () => client().send(answer)))
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1)
    })

    it('another customer’s secret block does not sign anybody in', async () => {
      const first = await confirmedCustomer(t().app, client())
      const second = await confirmedCustomer(t().app, client())
      const started = await startSrp(client(), first.phone)
      const theirs = await passwordVerifierAnswer(started, PASSWORD)
      theirs.input.ChallengeResponses!.USERNAME = second.sub
      expect(await failure(client().send(theirs))).toEqual({ type: 'NotAuthorizedException', message: SRP_MESSAGES.unknownChallenge, status: 400 })
    })

    it('a timestamp that is stale, from the future or not in Cognito’s form is refused', async () => {
      const { phone } = await confirmedCustomer(t().app, client())
      const stale = { type: 'NotAuthorizedException', message: SRP_MESSAGES.staleTimestamp, status: 400 }
      const at = (ms: number) => {
        const d = new Date(Date.now() + ms)
        const days = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
        const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
        const two = (n: number) => String(n).padStart(2, '0')
        return `${days[d.getUTCDay()]} ${months[d.getUTCMonth()]} ${d.getUTCDate()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} UTC ${d.getUTCFullYear()}`
      }
      expect(await failure(client().send(await passwordVerifierAnswer(await startSrp(client(), phone), PASSWORD, { timestamp: at(-10 * 60_000) })))).toEqual(
        stale,
      )
      expect(await failure(client().send(await passwordVerifierAnswer(await startSrp(client(), phone), PASSWORD, { timestamp: at(10 * 60_000) })))).toEqual(
        stale,
      )
      for (const timestamp of ['2026-11-23T19:49:17Z', 'Tue Nov 23 19:49:17 UTC 2026', 'Mon Nov 23 25:49:17 UTC 2026']) {
        expect(await failure(client().send(await passwordVerifierAnswer(await startSrp(client(), phone), PASSWORD, { timestamp })))).toEqual({
          type: 'InvalidParameterException',
          message: SRP_MESSAGES.badTimestamp,
          status: 400,
        })
      }
    })

    it('an SRP_A that is 0 mod N, or not a number in hex, is refused before anything is counted', async () => {
      const { phone, sub } = await confirmedCustomer(t().app, client())
      const bad = { type: 'InvalidParameterException', message: SRP_MESSAGES.badSrpA, status: 400 }
      for (const SRP_A of ['0', N.toString(16), (N * 2n).toString(16), 'zz', '-1']) {
        expect(
          await failure(client().send(new InitiateAuthCommand({ ClientId: CLIENT_ID, AuthFlow: 'USER_SRP_AUTH', AuthParameters: { USERNAME: phone, SRP_A } }))),
        ).toEqual(bad)
      }
      expect(await t().db.$count(schema.identitySrpChallenges, eq(schema.identitySrpChallenges.sub, sub))).toBe(0)
    })

    it('an answer with no signature, or a challenge the pool does not set, is refused with 400', async () => {
      const { phone } = await confirmedCustomer(t().app, client())
      const answer = await passwordVerifierAnswer(await startSrp(client(), phone), PASSWORD)
      delete answer.input.ChallengeResponses!.PASSWORD_CLAIM_SIGNATURE
      expect(await failure(client().send(answer))).toEqual({
        type: 'InvalidParameterException',
        message: 'Missing required parameter PASSWORD_CLAIM_SIGNATURE',
        status: 400,
      })
      answer.input.ChallengeName = 'SMS_MFA'
      expect((await failure(client().send(answer))).status).toBe(400)
    })

    it('an unconfirmed customer with the right password is told to confirm, as with the password flow', async () => {
      const { phone } = await signUpCustomer(t().app, client())
      expect(await failure(srpSignIn(client(), phone, PASSWORD))).toEqual({ type: 'UserNotConfirmedException', message: 'User is not confirmed.', status: 400 })
    })

    it('an account made before SRP sign-in is told to use its password once; that sign-in makes its verifier', async () => {
      const { phone } = await confirmedCustomer(t().app, client())
      await t().db.update(schema.identityUsers).set({ srpSalt: null, srpVerifier: null }).where(eq(schema.identityUsers.phone, phone))
      expect(await failure(srpSignIn(client(), phone, PASSWORD))).toEqual({
        type: 'NotAuthorizedException',
        message: SRP_MESSAGES.verifierMissing,
        status: 400,
      })
      await signIn(client(), phone, PASSWORD)
      expect((await userRow(phone)).srpVerifier).toMatch(/^[0-9a-f]+$/)
      expect((await srpSignIn(client(), phone, PASSWORD)).AuthenticationResult?.AccessToken).toBeDefined()
    })

    it('a password change makes a new verifier: the new password signs in with SRP, the old one no longer does', async () => {
      const { phone } = await confirmedCustomer(t().app, client())
      const tokens = await signIn(client(), phone, PASSWORD)
      await client().send(new ChangePasswordCommand({ AccessToken: tokens.accessToken, PreviousPassword: PASSWORD, ProposedPassword: NEW_PASSWORD }))
      expect(await failure(srpSignIn(client(), phone, PASSWORD))).toEqual(WRONG)
      expect((await srpSignIn(client(), phone, NEW_PASSWORD)).AuthenticationResult?.AccessToken).toBeDefined()
    })

    it('a challenge answered after five minutes is refused, and unanswered ones go with the hourly clean-up', async () => {
      const { phone, sub } = await confirmedCustomer(t().app, client())
      const late = await passwordVerifierAnswer(await startSrp(client(), phone), PASSWORD)
      await startSrp(client(), phone)
      const waiting = () => t().db.$count(schema.identitySrpChallenges, eq(schema.identitySrpChallenges.sub, sub))
      expect(await waiting()).toBe(2)
      await removeStaleSignUps(identityTransaction(t().db), clock.now() + 60_000)
      expect(await waiting()).toBe(2)
      clock.advance(5 * 60_000 + 1)
      expect(await failure(client().send(late))).toEqual({ type: 'NotAuthorizedException', message: SRP_MESSAGES.expiredChallenge, status: 400 })
      await removeStaleSignUps(identityTransaction(t().db), clock.now())
      expect(await waiting()).toBe(0)
    })

    it('a disabled customer is refused before any challenge', async () => {
      const { phone } = await confirmedCustomer(t().app, client())
      await t().db.update(schema.identityUsers).set({ enabled: false }).where(eq(schema.identityUsers.phone, phone))
      expect(await failure(startSrp(client(), phone))).toEqual({ type: 'NotAuthorizedException', message: 'User is disabled.', status: 400 })
    })
  },
  () => ({ passwords: fastPasswords, now: clock.now, identity: { signInsPerAddressPerHour: 10_000 } }),
)
