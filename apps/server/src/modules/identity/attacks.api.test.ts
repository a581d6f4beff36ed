import {
  ChangePasswordCommand,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  GetUserCommand,
  ResendConfirmationCodeCommand,
  SignUpCommand,
  UpdateUserAttributesCommand,
} from '@aws-sdk/client-cognito-identity-provider'
import { eq, schema, sql } from '@salon/db'
import { beforeEach, expect, it } from 'vitest'
import { describeApi } from '../../test/harness.ts'
import { identityTransaction } from './identity-transaction.service.ts'
import { removeStaleSignUps, type PasswordHasher } from './identity.service.ts'
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
  signedInCustomer,
} from '../../test/factories/customers.ts'
import { fastPasswords, testClock } from '../../test/factories/doubles.ts'

const clock = testClock()
const HOUR = 3600_000
const LIMITED = { type: 'LimitExceededException', message: 'Attempt limit exceeded, please try after some time.', status: 400 }
const WRONG = { type: 'NotAuthorizedException', message: 'Incorrect username or password.', status: 400 }
const LOCKED = { type: 'NotAuthorizedException', message: 'Password attempts exceeded', status: 400 }
const SQUATTER_PASSWORD = 'Squatters-Rights9'

/** The quick hasher, counting how often a password is actually checked. */
function countingPasswords() {
  const counts = new Map<string, number>()
  const hasher: PasswordHasher = {
    hash: fastPasswords.hash,
    async verify(stored, password) {
      counts.set(stored, (counts.get(stored) ?? 0) + 1)
      // Give the other requests of a burst every chance to overtake this one.
      await new Promise((resolve) => setImmediate(resolve))
      return fastPasswords.verify(stored, password)
    },
  }
  return { hasher, checksOf: (stored: string) => counts.get(stored) ?? 0 }
}
const passwords = countingPasswords()

describeApi(
  'identity service: what an attacker tries',
  (t) => {
    const client = () => cognitoClient(t().app)
    const userRow = async (phone: string) => (await t().db.select().from(schema.identityUsers).where(eq(schema.identityUsers.phone, phone)))[0]
    const customerRow = async (sub: string) => (await t().db.select().from(schema.customers).where(eq(schema.customers.sub, sub)))[0]
    const confirm = (phone: string, code: string) => client().send(new ConfirmSignUpCommand({ ClientId: CLIENT_ID, Username: phone, ConfirmationCode: code }))
    const forgot = (phone: string, address?: string) =>
      cognitoClient(t().app, address ? { address: () => address } : {}).send(new ForgotPasswordCommand({ ClientId: CLIENT_ID, Username: phone }))
    const confirmForgot = (phone: string, code: string, password = NEW_PASSWORD) =>
      client().send(new ConfirmForgotPasswordCommand({ ClientId: CLIENT_ID, Username: phone, ConfirmationCode: code, Password: password }))

    beforeEach(() => clock.reset())

    it('a number squatted by a sign-up nobody confirmed is signed up by its owner with a password of their own', async () => {
      const squatter = await signUpCustomer(t().app, client(), {
        password: SQUATTER_PASSWORD,
        email: 'squatter@example.com',
        givenName: 'Mallory',
        metadata: t().shop.headers,
      })
      const squattersCode = await latestCode(t().app, squatter.phone)
      const owner = await signUpCustomer(t().app, client(), {
        phone: squatter.phone,
        email: 'owner@example.com',
        givenName: 'Olivia',
        metadata: t().shop.headers,
      })
      expect(owner.sub).not.toBe(squatter.sub)
      // The code texted for the squatter's sign-up activates nothing now.
      expect(await failure(confirm(owner.phone, squattersCode))).toMatchObject({ type: 'CodeMismatchException' })
      await confirm(owner.phone, await latestCode(t().app, owner.phone))
      await expect(signIn(client(), owner.phone, PASSWORD)).resolves.toMatchObject({ accessToken: expect.any(String) })
      expect(await failure(signIn(client(), owner.phone, SQUATTER_PASSWORD))).toEqual(WRONG)
      expect(await userRow(owner.phone)).toMatchObject({
        sub: owner.sub,
        email: 'owner@example.com',
        attributes: expect.objectContaining({ given_name: 'Olivia' }),
      })
      expect(await customerRow(squatter.sub)).toBeUndefined()
      expect(await customerRow(owner.sub)).toMatchObject({ firstName: 'Olivia', email: 'owner@example.com' })
    })

    it('the owner of a squatted number who resets the password chooses it; the squatter’s stops working', async () => {
      const squatter = await signUpCustomer(t().app, client(), { password: SQUATTER_PASSWORD })
      await forgot(squatter.phone)
      const reset = (await outboxMessages(t().app, squatter.phone))[0]!
      expect(reset.body).toMatch(/your password reset code is \d{6}/)
      await confirmForgot(squatter.phone, await latestCode(t().app, squatter.phone))
      expect((await userRow(squatter.phone))?.status).toBe('CONFIRMED')
      await expect(signIn(client(), squatter.phone, NEW_PASSWORD)).resolves.toMatchObject({ accessToken: expect.any(String) })
      expect(await failure(signIn(client(), squatter.phone, SQUATTER_PASSWORD))).toEqual(WRONG)
    })

    it('re-signing a pending number counts toward its texts: the sixth in an hour is refused', async () => {
      const { phone } = await signUpCustomer(t().app, client())
      for (let i = 1; i <= 5; i++) await signUpCustomer(t().app, client(), { phone })
      expect(await failure(signUpCustomer(t().app, client(), { phone }))).toEqual(LIMITED)
      expect(await outboxMessages(t().app, phone)).toHaveLength(6)
    })

    it('sign-ups left unconfirmed for 24 hours are removed with their salon records; newer ones stay', async () => {
      const old = await signUpCustomer(t().app, client(), { metadata: t().shop.headers })
      clock.advance(12 * HOUR)
      const recent = await signUpCustomer(t().app, client(), { metadata: t().shop.headers })
      const confirmed = await confirmedCustomer(t().app, client(), { metadata: t().shop.headers })
      clock.advance(12 * HOUR + 1000)
      expect(await removeStaleSignUps(identityTransaction(t().db), clock.now())).toBeGreaterThanOrEqual(1)
      expect(await userRow(old.phone)).toBeUndefined()
      expect(await customerRow(old.sub)).toBeUndefined()
      expect(await userRow(recent.phone)).toMatchObject({ status: 'UNCONFIRMED' })
      expect(await customerRow(recent.sub)).toBeDefined()
      expect(await userRow(confirmed.phone)).toMatchObject({ status: 'CONFIRMED' })
      // The number is free again.
      await expect(signUpCustomer(t().app, client(), { phone: old.phone })).resolves.toMatchObject({ phone: old.phone })
    })

    it('somebody else’s ForgotPassword calls do not lock the owner out of resetting', async () => {
      const { phone } = await confirmedCustomer(t().app, client())
      const attacker = '203.0.113.66'
      for (let i = 1; i <= 10; i++) await forgot(phone, attacker)
      expect(await failure(forgot(phone, attacker))).toEqual(LIMITED)
      // The owner, from their own phone, still gets a code and uses it.
      await forgot(phone, '198.51.100.200')
      await confirmForgot(phone, await latestCode(t().app, phone))
      await expect(signIn(client(), phone, NEW_PASSWORD)).resolves.toMatchObject({ accessToken: expect.any(String) })
    })

    it('identity and salon records change together or not at all', async () => {
      const { phone, tokens } = await signedInCustomer(t().app, client(), { metadata: t().shop.headers, givenName: 'Harriet' })
      // The salon's table refuses one name, as any failure half-way through would.
      await t().db.execute(sql`alter table customers add constraint refuses_zed check (first_name <> 'Zed')`)
      try {
        const update = client().send(
          new UpdateUserAttributesCommand({ AccessToken: tokens.accessToken, UserAttributes: [{ Name: 'given_name', Value: 'Zed' }] }),
        )
        expect(await failure(update)).toMatchObject({ type: 'InternalErrorException', status: 500 })
        const user = await client().send(new GetUserCommand({ AccessToken: tokens.accessToken }))
        expect(user.UserAttributes?.find((a) => a.Name === 'given_name')?.Value).toBe('Harriet')
        const account = await t().api('p_account', { headers: { authorization: tokens.idToken } })
        expect(account).toMatchObject({ status: 200, json: { account: { firstName: 'Harriet' } } })
        expect((await userRow(phone))?.attributes.given_name).toBe('Harriet')

        const { e164 } = newPhone()
        expect(await failure(signUpCustomer(t().app, client(), { phone: e164, givenName: 'Zed', metadata: t().shop.headers }))).toMatchObject({ status: 500 })
        expect(await userRow(e164)).toBeUndefined()
        expect(await outboxMessages(t().app, e164)).toEqual([])
      } finally {
        await t().db.execute(sql`alter table customers drop constraint refuses_zed`)
      }
    })
  },
  () => ({ passwords: passwords.hasher, now: clock.now }),
)

describeApi(
  'identity service: bursts of guesses sent at once',
  (t) => {
    const client = () => cognitoClient(t().app)
    const userRow = async (phone: string) => (await t().db.select().from(schema.identityUsers).where(eq(schema.identityUsers.phone, phone)))[0]

    beforeEach(() => clock.reset())

    it('sixty wrong passwords sent at once get five password checks, and the right one sent amid them gets no tokens', async () => {
      const password = 'Burst-Owner60'
      const { phone } = await confirmedCustomer(t().app, client(), { password })
      const { passwordHash } = (await userRow(phone))!
      const burst = Promise.allSettled(Array.from({ length: 59 }, (_, i) => signIn(client(), phone, `Wrong-Guess${i}!`)))
      // Which requests of a burst win the five checks is the scheduler's choice: the right password goes once they are taken.
      // Sixty sign-ins through the whole identity service take more than the default second on a busy machine.
      await expect.poll(() => passwords.checksOf(passwordHash), { timeout: 30_000 }).toBe(5)
      expect(await failure(signIn(client(), phone, password))).toEqual(LOCKED)
      const answers = await burst
      expect(answers.filter((a) => a.status === 'fulfilled')).toEqual([])
      expect(passwords.checksOf(passwordHash)).toBe(5)
      const errors = await Promise.all(answers.map((a) => failure(a.status === 'rejected' ? Promise.reject(a.reason) : Promise.resolve())))
      expect(errors.filter((e) => e.message === WRONG.message)).toHaveLength(4)
      expect(errors.filter((e) => e.message === LOCKED.message)).toHaveLength(55)
      expect((await userRow(phone))?.failedSignIns).toBe(5)
      // Once the lock has passed, the owner signs in as usual.
      clock.advance(1000)
      await expect(signIn(client(), phone, password)).resolves.toMatchObject({ accessToken: expect.any(String) })
    })

    it('a stolen access token cannot guess the current password: ChangePassword counts toward the lockout', async () => {
      const password = 'Stolen-Token30'
      const { phone, tokens } = await signedInCustomer(t().app, client(), { password })
      const { passwordHash } = (await userRow(phone))!
      const checksBefore = passwords.checksOf(passwordHash)
      const change = (previous: string) =>
        client().send(new ChangePasswordCommand({ AccessToken: tokens.accessToken, PreviousPassword: previous, ProposedPassword: NEW_PASSWORD }))
      const burst = Promise.allSettled(Array.from({ length: 29 }, (_, i) => change(`Wrong-Guess${i}!`)))
      await expect.poll(() => passwords.checksOf(passwordHash) - checksBefore).toBe(5)
      // The right password, sent while the burst is still being answered, is refused unchecked.
      expect(await failure(change(password))).toEqual(LOCKED)
      const answers = await burst
      expect(answers.filter((a) => a.status === 'fulfilled')).toEqual([])
      expect(passwords.checksOf(passwordHash) - checksBefore).toBe(5)
      // Locked for sign-in too, and the password is the owner's still.
      expect(await failure(signIn(client(), phone, password))).toEqual(LOCKED)
      clock.advance(1000)
      await expect(signIn(client(), phone, password)).resolves.toMatchObject({ accessToken: expect.any(String) })
      expect(await failure(signIn(client(), phone, NEW_PASSWORD))).toEqual(WRONG)
    })
  },
  { deps: () => ({ passwords: passwords.hasher, now: clock.now }), postgresOnly: true },
)

describeApi(
  'identity service: limits per client address',
  (t) => {
    const from = (address: string) => cognitoClient(t().app, { address: () => address })

    it('one address may try three sign-ins an hour, whatever numbers it names; others are not affected', async () => {
      const { phone } = await confirmedCustomer(t().app, cognitoClient(t().app))
      const prober = from('203.0.113.10')
      for (let i = 0; i < 3; i++) expect(await failure(signIn(prober, newPhone().e164))).toMatchObject({ type: 'UserNotFoundException' })
      expect(await failure(signIn(prober, phone))).toEqual(LIMITED)
      // The refused attempt never reached the account.
      expect((await t().db.select().from(schema.identityUsers).where(eq(schema.identityUsers.phone, phone)))[0]?.failedSignIns).toBe(0)
      await expect(signIn(from('203.0.113.11'), phone)).resolves.toMatchObject({ accessToken: expect.any(String) })
    })

    it('one address may ask for two codes an hour, ForgotPassword and ResendConfirmationCode together', async () => {
      const { phone } = await signUpCustomer(t().app, cognitoClient(t().app))
      const prober = from('203.0.113.20')
      await prober.send(new ResendConfirmationCodeCommand({ ClientId: CLIENT_ID, Username: phone }))
      expect(await failure(prober.send(new ForgotPasswordCommand({ ClientId: CLIENT_ID, Username: newPhone().e164 })))).toMatchObject({
        type: 'UserNotFoundException',
      })
      expect(await failure(prober.send(new ForgotPasswordCommand({ ClientId: CLIENT_ID, Username: phone })))).toEqual(LIMITED)
      expect(await failure(prober.send(new ResendConfirmationCodeCommand({ ClientId: CLIENT_ID, Username: phone })))).toEqual(LIMITED)
      expect(await outboxMessages(t().app, phone)).toHaveLength(2)
    })

    it('sign-ups that fail their checks do not use up the address’s sign-up budget', async () => {
      const address = from('203.0.113.30')
      for (const junk of [
        { Password: 'short' },
        { Username: 'not-a-phone' },
        { UserAttributes: [] },
        {
          UserAttributes: [
            { Name: 'email', Value: 'a@example.com' },
            { Name: 'birthdate', Value: '1990-02-30' },
          ],
        },
      ]) {
        expect(await failure(address.send(new SignUpCommand({ ...signUpInput({ phone: newPhone().e164 }), ...junk })))).toMatchObject({ status: 400 })
      }
      for (let i = 0; i < 2; i++)
        await expect(address.send(new SignUpCommand(signUpInput({ phone: newPhone().e164 })))).resolves.toMatchObject({ UserConfirmed: false })
      expect(await failure(address.send(new SignUpCommand(signUpInput({ phone: newPhone().e164 }))))).toEqual(LIMITED)
    })
  },
  () => ({
    passwords: fastPasswords,
    identity: { signUpsPerAddressPerHour: 2, signInsPerAddressPerHour: 3, codeRequestsPerAddressPerHour: 2 },
  }),
)
