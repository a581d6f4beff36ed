import {
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  ResendConfirmationCodeCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider'
import { eq, schema, sql } from '@salon/db'
import { beforeEach, expect, it } from 'vitest'
import { describeApi } from '../../test/harness.ts'
import { limitKeyOf, lockoutSeconds } from './identity.service.ts'
import {
  CLIENT_ID,
  cognitoClient,
  confirmedCustomer,
  failure,
  latestCode,
  NEW_PASSWORD,
  newPhone,
  outboxMessages,
  PASSWORD,
  signIn,
  signUpCustomer,
  signUpInput,
} from '../../test/factories/customers.ts'
import { fastPasswords, testClock } from '../../test/factories/doubles.ts'

const clock = testClock()
const LIMITED = { type: 'LimitExceededException', message: 'Attempt limit exceeded, please try after some time.', status: 400 }
const WRONG = { type: 'NotAuthorizedException', message: 'Incorrect username or password.', status: 400 }
const LOCKED = { type: 'NotAuthorizedException', message: 'Password attempts exceeded', status: 400 }
const MISMATCH = { type: 'CodeMismatchException', message: 'Invalid verification code provided, please try again.', status: 400 }

/** A six-digit code that is certainly not the one sent. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

describeApi(
  'identity service: attempt limits and sign-in lockout',
  (t) => {
    const client = () => cognitoClient(t().app)
    const userRow = async (sub: string) => (await t().db.select().from(schema.identityUsers).where(eq(schema.identityUsers.sub, sub)))[0]!
    const resend = (phone: string) => client().send(new ResendConfirmationCodeCommand({ ClientId: CLIENT_ID, Username: phone }))
    const confirm = (phone: string, code: string) => client().send(new ConfirmSignUpCommand({ ClientId: CLIENT_ID, Username: phone, ConfirmationCode: code }))
    const forgot = (phone: string) => client().send(new ForgotPasswordCommand({ ClientId: CLIENT_ID, Username: phone }))
    const confirmForgot = (phone: string, code: string) =>
      client().send(new ConfirmForgotPasswordCommand({ ClientId: CLIENT_ID, Username: phone, ConfirmationCode: code, Password: NEW_PASSWORD }))
    /** Moves a user's limit window an hour and a minute into the past, as if the hour had gone by. */
    const windowPasses = async (name: string, sub: string) =>
      t()
        .db.update(schema.rateLimits)
        .set({ windowStart: sql`now() - interval '61 minutes'` })
        .where(eq(schema.rateLimits.key, `${name}:${limitKeyOf((await userRow(sub)).phone)}`))

    beforeEach(() => clock.reset())

    it('the sixth ResendConfirmationCode in an hour is refused and sends nothing', async () => {
      const { phone, sub } = await signUpCustomer(t().app, client())
      for (let i = 1; i <= 5; i++) expect((await resend(phone)).CodeDeliveryDetails?.DeliveryMedium).toBe('SMS')
      expect(await failure(resend(phone))).toEqual(LIMITED)
      expect(await outboxMessages(t().app, phone)).toHaveLength(6)

      const neighbour = await signUpCustomer(t().app, client())
      expect((await resend(neighbour.phone)).CodeDeliveryDetails?.DeliveryMedium).toBe('SMS')

      await windowPasses('idp-resend', sub)
      expect((await resend(phone)).CodeDeliveryDetails?.DeliveryMedium).toBe('SMS')
    })

    it('the sixteenth ConfirmSignUp in an hour is refused, even with the right code', async () => {
      const { phone, sub } = await signUpCustomer(t().app, client())
      const code = await latestCode(t().app, phone)
      for (let i = 1; i <= 15; i++) expect(await failure(confirm(phone, otherThan(code)))).toEqual(MISMATCH)
      expect(await failure(confirm(phone, code))).toEqual(LIMITED)
      expect((await userRow(sub)).status).toBe('UNCONFIRMED')
      await windowPasses('idp-confirm', sub)
      await confirm(phone, code)
      expect((await userRow(sub)).status).toBe('CONFIRMED')
    })

    it('the 21st ForgotPassword for one number in an hour is refused and sends nothing', async () => {
      const { phone } = await confirmedCustomer(t().app, client())
      for (let i = 1; i <= 20; i++) expect((await forgot(phone)).CodeDeliveryDetails?.DeliveryMedium).toBe('SMS')
      expect(await failure(forgot(phone))).toEqual(LIMITED)
      expect(await outboxMessages(t().app, phone)).toHaveLength(21)
    })

    it('codes asked for by somebody else do not stop the owner from using the one that reached them', async () => {
      const { phone, sub } = await confirmedCustomer(t().app, client())
      for (let i = 1; i <= 20; i++) await forgot(phone)
      expect(await failure(forgot(phone))).toEqual(LIMITED)
      await confirmForgot(phone, await latestCode(t().app, phone))
      await expect(signIn(client(), phone, NEW_PASSWORD)).resolves.toMatchObject({ accessToken: expect.any(String) })
      expect((await userRow(sub)).status).toBe('CONFIRMED')
    })

    it('the 16th ConfirmForgotPassword in an hour is refused, even with the right code', async () => {
      const { phone, sub } = await confirmedCustomer(t().app, client())
      await forgot(phone)
      const code = await latestCode(t().app, phone)
      for (let i = 1; i <= 15; i++) expect(await failure(confirmForgot(phone, otherThan(code)))).toEqual(MISMATCH)
      expect(await failure(confirmForgot(phone, code))).toEqual(LIMITED)
      await expect(signIn(client(), phone, PASSWORD)).resolves.toMatchObject({ accessToken: expect.any(String) })
      await windowPasses('idp-reset-confirm', sub)
      await confirmForgot(phone, code)
      await expect(signIn(client(), phone, NEW_PASSWORD)).resolves.toMatchObject({ accessToken: expect.any(String) })
    })

    it('lockout: after five failures, 2^(n-5) seconds; a success resets the count', async () => {
      const { phone, sub } = await confirmedCustomer(t().app, client())
      const wrong = () => failure(signIn(client(), phone, 'Wrong-Password1'))
      const right = () => signIn(client(), phone, PASSWORD)
      for (let i = 1; i <= 4; i++) expect(await wrong()).toEqual(WRONG)
      expect(await userRow(sub)).toMatchObject({ failedSignIns: 4, lockedUntil: null })

      expect(await wrong()).toEqual(LOCKED)
      expect(await userRow(sub)).toMatchObject({ failedSignIns: 5, lockedUntil: new Date(clock.now() + 1000) })
      expect(await failure(right())).toEqual(LOCKED)
      clock.advance(999)
      expect(await failure(right())).toEqual(LOCKED)
      expect((await userRow(sub)).failedSignIns).toBe(5)

      clock.advance(1)
      expect(await wrong()).toEqual(LOCKED)
      expect(await userRow(sub)).toMatchObject({ failedSignIns: 6, lockedUntil: new Date(clock.now() + 2000) })
      clock.advance(1999)
      expect(await failure(right())).toEqual(LOCKED)
      clock.advance(1)
      expect(await wrong()).toEqual(LOCKED)
      expect(await userRow(sub)).toMatchObject({ failedSignIns: 7, lockedUntil: new Date(clock.now() + 4000) })

      clock.advance(4000)
      await expect(right()).resolves.toMatchObject({ accessToken: expect.any(String) })
      expect(await userRow(sub)).toMatchObject({ failedSignIns: 0, lockedUntil: null })
      expect(await wrong()).toEqual(WRONG)
    })

    it('the lockout never exceeds 15 minutes', async () => {
      expect([4, 5, 6, 7, 14, 15, 50].map(lockoutSeconds)).toEqual([0, 1, 2, 4, 512, 900, 900])
      const { phone, sub } = await confirmedCustomer(t().app, client())
      await t().db.update(schema.identityUsers).set({ failedSignIns: 19 }).where(eq(schema.identityUsers.sub, sub))
      expect(await failure(signIn(client(), phone, 'Wrong-Password1'))).toEqual(LOCKED)
      expect(await userRow(sub)).toMatchObject({ failedSignIns: 20, lockedUntil: new Date(clock.now() + 900_000) })
      clock.advance(900_000)
      await expect(signIn(client(), phone)).resolves.toMatchObject({ accessToken: expect.any(String) })
    })

    it('a password reset lifts a lockout', async () => {
      const { phone, sub } = await confirmedCustomer(t().app, client())
      for (let i = 1; i <= 5; i++) await failure(signIn(client(), phone, 'Wrong-Password1'))
      expect(await failure(signIn(client(), phone))).toEqual(LOCKED)
      await forgot(phone)
      await confirmForgot(phone, await latestCode(t().app, phone))
      expect(await userRow(sub)).toMatchObject({ failedSignIns: 0, lockedUntil: null })
      await expect(signIn(client(), phone, NEW_PASSWORD)).resolves.toMatchObject({ accessToken: expect.any(String) })
    })

    it('one address may sign up 50 numbers an hour; the 51st is refused and sends nothing', async () => {
      const sameAddress = cognitoClient(t().app, { address: () => '203.0.113.50' })
      for (let i = 1; i <= 50; i++) {
        const output = await sameAddress.send(new SignUpCommand(signUpInput({ phone: newPhone().e164 })))
        expect(output.UserConfirmed).toBe(false)
      }
      const { e164 } = newPhone()
      expect(await failure(sameAddress.send(new SignUpCommand(signUpInput({ phone: e164 }))))).toEqual(LIMITED)
      expect(await outboxMessages(t().app, e164)).toEqual([])
      expect(await t().db.$count(schema.identityUsers, eq(schema.identityUsers.phone, e164))).toBe(0)
      await expect(signUpCustomer(t().app, client(), { phone: e164 })).resolves.toMatchObject({ phone: e164 })
    })
  },
  () => ({ passwords: fastPasswords, trustProxy: true, now: clock.now }),
)

describeApi(
  'identity service: a salon may set its own sign-up cap',
  (t) => {
    it('with SIGN_UPS_PER_HOUR=2 the third sign-up from one address is refused', async () => {
      const sameAddress = cognitoClient(t().app, { address: () => '203.0.113.77' })
      for (let i = 0; i < 2; i++) {
        await expect(sameAddress.send(new SignUpCommand(signUpInput({ phone: newPhone().e164 })))).resolves.toMatchObject({ UserConfirmed: false })
      }
      expect(await failure(sameAddress.send(new SignUpCommand(signUpInput({ phone: newPhone().e164 }))))).toEqual(LIMITED)
      const otherAddress = cognitoClient(t().app, { address: () => '203.0.113.78' })
      await expect(otherAddress.send(new SignUpCommand(signUpInput({ phone: newPhone().e164 })))).resolves.toMatchObject({ UserConfirmed: false })
    })
  },
  () => ({ passwords: fastPasswords, trustProxy: true, identity: { signUpsPerAddressPerHour: 2 } }),
)
