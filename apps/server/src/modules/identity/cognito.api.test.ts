import { ConfirmSignUpCommand, InitiateAuthCommand, ResendConfirmationCodeCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider'
import { UNDER_18_MESSAGE } from '@salon/contracts/rules/date-of-birth'
import { eq, schema } from '@salon/db'
import { beforeEach, expect, it } from 'vitest'
import { describeApi } from '../../test/harness.ts'
import {
  CLIENT_ID,
  cognitoClient,
  confirmedCustomer,
  failure,
  latestCode,
  newPhone,
  outboxMessages,
  PASSWORD,
  signIn,
  signUpCustomer,
  signUpInput,
  withoutMetadata,
} from '../../test/factories/customers.ts'
import { fastPasswords, testClock } from '../../test/factories/doubles.ts'

const clock = testClock()
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
/** The salon the sign-ups name, and whose name their text messages carry. */
const SHOP = { id: 'sign-up-salon', apiKey: 'pk_test_sign_up_salon_key_0001', name: 'Sunny Side Tanning' }
const SIGN_UP_SMS = new RegExp(String.raw`^${SHOP.name}: your verification code is \d{6}\. It expires in 24 hours\.$`)

describeApi(
  'identity service: sign-up, confirmation and sign-in',
  (t) => {
    const client = () => cognitoClient(t().app)
    const userRow = async (phone: string) => (await t().db.select().from(schema.identityUsers).where(eq(schema.identityUsers.phone, phone)))[0]
    const confirm = (phone: string, code: string) => client().send(new ConfirmSignUpCommand({ ClientId: CLIENT_ID, Username: phone, ConfirmationCode: code }))
    const resend = (phone: string) => client().send(new ResendConfirmationCodeCommand({ ClientId: CLIENT_ID, Username: phone }))
    const password = (phone: string, pass: string) =>
      client().send(new InitiateAuthCommand({ ClientId: CLIENT_ID, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: phone, PASSWORD: pass } }))

    beforeEach(() => clock.reset())

    it('SignUp creates an unconfirmed user and texts a six-digit code to the phone', async () => {
      const { e164 } = newPhone()
      const output = await client().send(new SignUpCommand(signUpInput({ phone: e164, email: 'new.customer@example.com' })))
      expect(withoutMetadata(output)).toEqual({
        UserConfirmed: false,
        UserSub: expect.stringMatching(UUID),
        CodeDeliveryDetails: { Destination: `+********${e164.slice(-4)}`, DeliveryMedium: 'SMS', AttributeName: 'phone_number' },
      })
      expect(await userRow(e164)).toMatchObject({
        sub: output.UserSub,
        poolId: 'eu-west-2_Sa1onDem0',
        email: 'new.customer@example.com',
        status: 'UNCONFIRMED',
        enabled: true,
        failedSignIns: 0,
        attributes: { given_name: 'Sophie', family_name: 'Turner', birthdate: '1990-04-21', 'custom:skin_type': '3' },
      })
      const messages = await outboxMessages(t().app, e164)
      expect(messages).toHaveLength(1)
      expect(messages[0]).toMatchObject({ channel: 'sms', to: e164, subject: null })
      expect(messages[0]!.body).toMatch(SIGN_UP_SMS)
    })

    it('a number typed the British way (07…) becomes +44… everywhere', async () => {
      const phone = newPhone()
      const { sub } = await signUpCustomer(t().app, client(), { phone: phone.typed })
      expect((await userRow(phone.e164))?.sub).toBe(sub)
      expect((await outboxMessages(t().app, phone.e164))[0]?.body).toMatch(SIGN_UP_SMS)
      expect(await confirm(phone.typed.replace(' ', ''), await latestCode(t().app, phone.e164))).toMatchObject({ $metadata: { httpStatusCode: 200 } })
      expect((await userRow(phone.e164))?.status).toBe('CONFIRMED')
      await expect(signIn(client(), phone.typed)).resolves.toMatchObject({ idToken: expect.any(String) })
      await expect(signIn(client(), `+44 ${phone.e164.slice(3, 7)} ${phone.e164.slice(7)}`)).resolves.toMatchObject({ idToken: expect.any(String) })
      expect(await failure(signUpCustomer(t().app, client(), { phone: phone.e164 }))).toEqual({
        type: 'UsernameExistsException',
        message: 'User already exists',
        status: 400,
      })
    })

    it('a confirmed number cannot sign up again', async () => {
      const { phone } = await confirmedCustomer(t().app, client())
      expect(await failure(signUpCustomer(t().app, client(), { phone, email: 'someone.else@example.com' }))).toEqual({
        type: 'UsernameExistsException',
        message: 'User already exists',
        status: 400,
      })
      expect((await userRow(phone))?.email).toBe('sophie@example.com')
    })

    it('someone who turns 18 today may sign up; someone who turns 18 tomorrow may not', async () => {
      clock.set(Date.parse('2026-06-15T12:00:00Z'))
      await expect(signUpCustomer(t().app, client(), { birthdate: '2008-06-15' })).resolves.toMatchObject({ sub: expect.stringMatching(UUID) })
      const { e164 } = newPhone()
      expect(await failure(signUpCustomer(t().app, client(), { phone: e164, birthdate: '2008-06-16' }))).toEqual({
        type: 'InvalidParameterException',
        message: UNDER_18_MESSAGE,
        status: 400,
      })
      expect(await userRow(e164)).toBeUndefined()
      expect(await outboxMessages(t().app, e164)).toEqual([])
    })

    it.each([
      ['Short1!', 'Password not long enough'],
      ['lowercase-only1', 'Password must have uppercase characters'],
      ['UPPERCASE-ONLY1', 'Password must have lowercase characters'],
      ['No-Numbers-Here', 'Password must have numeric characters'],
      ['NoSymbols123', 'Password must have symbol characters'],
    ])('the password %j is refused: %s', async (pass, problem) => {
      const { e164 } = newPhone()
      expect(await failure(signUpCustomer(t().app, client(), { phone: e164, password: pass }))).toEqual({
        type: 'InvalidPasswordException',
        message: `Password did not conform with policy: ${problem}`,
        status: 400,
      })
      expect(await userRow(e164)).toBeUndefined()
    })

    it.each([
      [
        'without an email address',
        { UserAttributes: [] },
        'InvalidParameterException',
        'Attributes did not conform to the schema: email: The attribute is required',
      ],
      ['with an empty username', { Username: '' }, 'InvalidParameterException', 'Username cannot be empty'],
      [
        'with a username that is not a phone number',
        { Username: 'sophie' },
        'InvalidParameterException',
        'Username should be a phone number, for example +447700900123.',
      ],
      ['with an empty password', { Password: '' }, 'InvalidParameterException', 'Password cannot be empty'],
      ['with another client id', { ClientId: 'someone-elses-client' }, 'ResourceNotFoundException', 'User pool client someone-elses-client does not exist.'],
      [
        'with a date of birth that is not a date',
        {
          UserAttributes: [
            { Name: 'email', Value: 'a@example.com' },
            { Name: 'birthdate', Value: '21/04/1990' },
          ],
        },
        'InvalidParameterException',
        'birthdate: Please give your date of birth as a real date, written YYYY-MM-DD.',
      ],
      [
        'with a date of birth the calendar does not have',
        {
          UserAttributes: [
            { Name: 'email', Value: 'a@example.com' },
            { Name: 'birthdate', Value: '1990-02-30' },
          ],
        },
        'InvalidParameterException',
        'birthdate: Please give your date of birth as a real date, written YYYY-MM-DD.',
      ],
      [
        'with a date of birth in year 0',
        {
          UserAttributes: [
            { Name: 'email', Value: 'a@example.com' },
            { Name: 'birthdate', Value: '0000-01-01' },
          ],
        },
        'InvalidParameterException',
        'birthdate: Please give your date of birth as a real date, written YYYY-MM-DD.',
      ],
      [
        'with a date of birth in client metadata the calendar does not have',
        { UserAttributes: [{ Name: 'email', Value: 'a@example.com' }], ClientMetadata: { dob: '1990-02-31' } },
        'InvalidParameterException',
        'birthdate: Please give your date of birth as a real date, written YYYY-MM-DD.',
      ],
      [
        'with a sign-up status the salon does not know',
        { ClientMetadata: { status: 'x'.repeat(60_000) } },
        'InvalidParameterException',
        'ClientMetadata status must be at most 2048 characters long.',
      ],
      ['with a sign-up status of its own', { ClientMetadata: { status: 'vip' } }, 'InvalidParameterException', 'ClientMetadata status must be one of: active.'],
      [
        'with a sign-up source of its own',
        { ClientMetadata: { user_signup: '<script>' } },
        'InvalidParameterException',
        'ClientMetadata user_signup must be one of: online, shop.',
      ],
      [
        'with skin type 7',
        {
          UserAttributes: [
            { Name: 'email', Value: 'a@example.com' },
            { Name: 'birthdate', Value: '1990-04-21' },
            { Name: 'custom:skin_type', Value: '7' },
          ],
        },
        'InvalidParameterException',
        'custom:skin_type must be a skin type from 1 to 6.',
      ],
      [
        'with a phone_number attribute that is not the username',
        {
          UserAttributes: [
            { Name: 'email', Value: 'a@example.com' },
            { Name: 'phone_number', Value: '+447700900999' },
          ],
        },
        'InvalidParameterException',
        'phone_number must be the same number as the username.',
      ],
      [
        'with a shop key that is wrong',
        { ClientMetadata: { shop_id: SHOP.id, api_key: 'pk_wrong' } },
        'InvalidParameterException',
        'The shop_id and api_key in the client metadata do not name an active shop.',
      ],
    ])('a sign-up %s is refused with nothing stored', async (_label, change, type, message) => {
      const { e164 } = newPhone()
      const input = { ...signUpInput({ phone: e164 }), ...change }
      expect(await failure(client().send(new SignUpCommand(input)))).toEqual({ type, message, status: 400 })
      expect(await userRow(e164)).toBeUndefined()
      expect(await outboxMessages(t().app, e164)).toEqual([])
    })

    it('the sign-up client metadata is kept with the shop’s customer record', async () => {
      const metadata = {
        email: 'meta@example.com',
        phone: '07700 900000',
        firstName: 'Megan',
        lastName: 'Price',
        skinType: '2',
        dob: '1994-02-28',
        marketing: 'true',
        status: 'active',
        user_signup: 'online',
        shop_id: SHOP.id,
        api_key: SHOP.apiKey,
      }
      const { e164 } = newPhone()
      const output = await client().send(
        new SignUpCommand({
          ClientId: CLIENT_ID,
          Username: e164,
          Password: PASSWORD,
          UserAttributes: [{ Name: 'phone_number', Value: e164 }],
          ClientMetadata: metadata,
        }),
      )
      const [row] = await t().db.select().from(schema.customers).where(eq(schema.customers.sub, output.UserSub!))
      expect(row).toMatchObject({
        shopId: SHOP.id,
        firstName: 'Megan',
        lastName: 'Price',
        email: 'meta@example.com',
        phone: e164,
        dob: '1994-02-28',
        skinType: 2,
        signupSource: 'online',
        status: 'active',
        appMarketing: true,
        masterMarketing: false,
        masterTimestamp: null,
        erasedAt: null,
      })
      expect(row!.appTimestamp?.getTime()).toBe(clock.now())
      expect(await userRow(e164)).toMatchObject({
        email: 'meta@example.com',
        attributes: { given_name: 'Megan', family_name: 'Price', birthdate: '1994-02-28', 'custom:skin_type': '2' },
      })
    })

    it('ConfirmSignUp with the texted code confirms the phone, once', async () => {
      const { phone } = await signUpCustomer(t().app, client())
      const code = await latestCode(t().app, phone)
      expect(withoutMetadata(await confirm(phone, code))).toEqual({})
      expect((await userRow(phone))?.status).toBe('CONFIRMED')
      expect(await failure(confirm(phone, code))).toEqual({
        type: 'NotAuthorizedException',
        message: 'User cannot be confirmed. Current status is CONFIRMED',
        status: 400,
      })
    })

    it('the database holds only a hash of a code, and marks it used once spent', async () => {
      const { phone, sub } = await signUpCustomer(t().app, client())
      const code = await latestCode(t().app, phone)
      const codes = await t().db.select().from(schema.identityCodes).where(eq(schema.identityCodes.sub, sub))
      expect(codes).toHaveLength(1)
      expect(codes[0]).toMatchObject({ purpose: 'signup', usedAt: null, codeHash: expect.stringMatching(/^[0-9a-f]{64}$/) })
      expect(codes[0]!.expiresAt.getTime()).toBe(clock.now() + 24 * 3600_000)
      const identityTables = JSON.stringify([codes, await t().db.select().from(schema.identityUsers).where(eq(schema.identityUsers.sub, sub))])
      expect(identityTables).not.toContain(code)
      await confirm(phone, code)
      const [spent] = await t().db.select().from(schema.identityCodes).where(eq(schema.identityCodes.sub, sub))
      expect(spent!.usedAt).toBeInstanceOf(Date)
    })

    it('a wrong or empty code is refused and the user stays unconfirmed', async () => {
      const { phone } = await signUpCustomer(t().app, client())
      const code = await latestCode(t().app, phone)
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
      expect(await failure(confirm(phone, wrong))).toEqual({
        type: 'CodeMismatchException',
        message: 'Invalid verification code provided, please try again.',
        status: 400,
      })
      expect(await failure(confirm(phone, ''))).toEqual({ type: 'InvalidParameterException', message: 'Confirmation code cannot be empty', status: 400 })
      expect((await userRow(phone))?.status).toBe('UNCONFIRMED')
    })

    it('a sign-up code works for 24 hours and no longer', async () => {
      const early = await signUpCustomer(t().app, client())
      const late = await signUpCustomer(t().app, client())
      clock.advance(24 * 3600_000 - 60_000)
      await confirm(early.phone, await latestCode(t().app, early.phone))
      expect((await userRow(early.phone))?.status).toBe('CONFIRMED')
      clock.advance(60_000)
      expect(await failure(confirm(late.phone, await latestCode(t().app, late.phone)))).toEqual({
        type: 'ExpiredCodeException',
        message: 'Invalid code provided, please request a code again.',
        status: 400,
      })
      expect((await userRow(late.phone))?.status).toBe('UNCONFIRMED')
    })

    it('ResendConfirmationCode texts a new code and the old one stops working', async () => {
      const { phone } = await signUpCustomer(t().app, client())
      const first = await latestCode(t().app, phone)
      expect(withoutMetadata(await resend(phone))).toEqual({
        CodeDeliveryDetails: { Destination: `+********${phone.slice(-4)}`, DeliveryMedium: 'SMS', AttributeName: 'phone_number' },
      })
      const messages = await outboxMessages(t().app, phone)
      expect(messages).toHaveLength(2)
      expect(messages[0]!.body).toMatch(SIGN_UP_SMS)
      const second = await latestCode(t().app, phone)
      if (second !== first) {
        expect((await failure(confirm(phone, first))).type).toBe('CodeMismatchException')
      }
      await confirm(phone, second)
      expect((await userRow(phone))?.status).toBe('CONFIRMED')
      expect(await failure(resend(phone))).toEqual({ type: 'InvalidParameterException', message: 'User is already confirmed.', status: 400 })
    })

    it('codes for a number nobody signed up with are refused', async () => {
      const { e164 } = newPhone()
      const notFound = { type: 'UserNotFoundException', message: 'Username/client id combination not found.', status: 400 }
      expect(await failure(resend(e164))).toEqual(notFound)
      expect(await failure(confirm(e164, '123456'))).toEqual(notFound)
    })

    it('InitiateAuth with the password answers the three tokens, and the new device the sign-in was made on', async () => {
      const { phone } = await confirmedCustomer(t().app, client())
      const output = await password(phone, PASSWORD)
      expect(withoutMetadata(output)).toEqual({
        ChallengeParameters: {},
        AuthenticationResult: {
          AccessToken: expect.stringMatching(/^eyJ[\w-]+\.[\w-]+\.[\w-]+$/),
          IdToken: expect.stringMatching(/^eyJ[\w-]+\.[\w-]+\.[\w-]+$/),
          RefreshToken: expect.stringMatching(/^[\w-]{64}$/),
          ExpiresIn: 3600,
          TokenType: 'Bearer',
          NewDeviceMetadata: { DeviceKey: expect.stringMatching(/^eu-west-2_[0-9a-f-]{36}$/), DeviceGroupKey: expect.stringMatching(/^-[\w-]{9}$/) },
        },
      })
    })

    it('sign-in errors carry Cognito’s types and messages', async () => {
      const unconfirmed = await signUpCustomer(t().app, client())
      expect(await failure(password(unconfirmed.phone, PASSWORD))).toEqual({
        type: 'UserNotConfirmedException',
        message: 'User is not confirmed.',
        status: 400,
      })
      const wrong = { type: 'NotAuthorizedException', message: 'Incorrect username or password.', status: 400 }
      expect(await failure(password(unconfirmed.phone, 'Not-The-Password1'))).toEqual(wrong)

      const confirmed = await confirmedCustomer(t().app, client())
      expect(await failure(password(confirmed.phone, 'Not-The-Password1'))).toEqual(wrong)
      expect(await failure(password(newPhone().e164, PASSWORD))).toEqual({ type: 'UserNotFoundException', message: 'User does not exist.', status: 400 })
      expect(await failure(password(confirmed.phone, ''))).toEqual({ type: 'InvalidParameterException', message: 'Password cannot be empty', status: 400 })
      expect(
        await failure(
          client().send(new InitiateAuthCommand({ ClientId: CLIENT_ID, AuthFlow: 'CUSTOM_AUTH', AuthParameters: { USERNAME: confirmed.phone, SRP_A: 'abc' } })),
        ),
      ).toEqual({ type: 'InvalidParameterException', message: 'Initiate Auth method not supported.', status: 400 })

      await t().db.update(schema.identityUsers).set({ enabled: false }).where(eq(schema.identityUsers.phone, confirmed.phone))
      expect(await failure(password(confirmed.phone, PASSWORD))).toEqual({ type: 'NotAuthorizedException', message: 'User is disabled.', status: 400 })
    })

    it('a user whose password must be reset cannot sign in with the old one', async () => {
      const { phone } = await confirmedCustomer(t().app, client())
      await t().db.update(schema.identityUsers).set({ status: 'RESET_REQUIRED' }).where(eq(schema.identityUsers.phone, phone))
      expect(await failure(password(phone, PASSWORD))).toEqual({
        type: 'PasswordResetRequiredException',
        message: 'Password reset required for the user',
        status: 400,
      })
    })
  },
  { deps: () => ({ passwords: fastPasswords, trustProxy: true, now: clock.now }), shop: SHOP },
)

describeApi(
  'identity service: passwords stored with argon2id',
  (t) => {
    it('the stored hash is argon2id, never the password, and signs the customer in', async () => {
      const client = cognitoClient(t().app)
      const { phone, sub } = await confirmedCustomer(t().app, client)
      const [row] = await t().db.select().from(schema.identityUsers).where(eq(schema.identityUsers.sub, sub))
      expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+\$/)
      expect(row!.passwordHash).not.toContain(PASSWORD)
      await expect(signIn(client, phone)).resolves.toMatchObject({ accessToken: expect.any(String) })
      expect(await failure(signIn(client, phone, `${PASSWORD}x`))).toEqual({
        type: 'NotAuthorizedException',
        message: 'Incorrect username or password.',
        status: 400,
      })
    })
  },
  () => ({ trustProxy: true }),
)
