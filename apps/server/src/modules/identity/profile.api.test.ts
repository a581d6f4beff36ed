import {
  ChangePasswordCommand,
  ConfirmForgotPasswordCommand,
  DeleteUserCommand,
  ForgotPasswordCommand,
  GetUserCommand,
  UpdateUserAttributesCommand,
  type AttributeType,
} from '@aws-sdk/client-cognito-identity-provider'
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
  NEW_PASSWORD,
  newPhone,
  outboxMessages,
  PASSWORD,
  signIn,
  signedInCustomer,
  withoutMetadata,
} from '../../test/factories/customers.ts'
import { fastPasswords, testClock } from '../../test/factories/doubles.ts'

const clock = testClock()
/** The salon of the suite's app, whose name text messages carry. */
const SHOP_NAME = 'Golden Hour Tanning'
const RESET_SMS = new RegExp(
  String.raw`^${SHOP_NAME}: your password reset code is \d{6}\. It expires in 1 hour\. If you did not ask for it, ignore this message\.$`,
)

describeApi(
  'identity service: the signed-in customer’s own account',
  (t) => {
    const client = () => cognitoClient(t().app)
    const userRow = async (sub: string) => (await t().db.select().from(schema.identityUsers).where(eq(schema.identityUsers.sub, sub)))[0]
    const getUser = (accessToken: string) => client().send(new GetUserCommand({ AccessToken: accessToken }))
    const update = (accessToken: string, attributes: AttributeType[] | undefined) =>
      client().send(new UpdateUserAttributesCommand({ AccessToken: accessToken, UserAttributes: attributes }))
    const forgot = (phone: string) => client().send(new ForgotPasswordCommand({ ClientId: CLIENT_ID, Username: phone }))
    const confirmForgot = (phone: string, code: string, password = NEW_PASSWORD) =>
      client().send(new ConfirmForgotPasswordCommand({ ClientId: CLIENT_ID, Username: phone, ConfirmationCode: code, Password: password }))
    const attributesOf = async (accessToken: string) => Object.fromEntries((await getUser(accessToken)).UserAttributes!.map((a) => [a.Name!, a.Value!]))

    beforeEach(() => clock.reset())

    it('GetUser answers the username (the sub) and every attribute', async () => {
      const { sub, phone, tokens } = await signedInCustomer(t().app, client(), {
        email: 'ella@example.com',
        givenName: 'Ella',
        familyName: 'Hughes',
        skinType: '4',
      })
      expect(withoutMetadata(await getUser(tokens.accessToken))).toEqual({
        Username: sub,
        UserAttributes: [
          { Name: 'sub', Value: sub },
          { Name: 'phone_number', Value: phone },
          { Name: 'phone_number_verified', Value: 'true' },
          { Name: 'email', Value: 'ella@example.com' },
          { Name: 'email_verified', Value: 'false' },
          { Name: 'birthdate', Value: '1990-04-21' },
          { Name: 'given_name', Value: 'Ella' },
          { Name: 'family_name', Value: 'Hughes' },
          { Name: 'custom:skin_type', Value: '4' },
        ],
        MFAOptions: [],
        UserMFASettingList: [],
      })
    })

    it('UpdateUserAttributes changes the profile in the pool and in every shop’s customer record', async () => {
      const { sub, tokens } = await signedInCustomer(t().app, client(), { metadata: t().shop.headers })
      const output = await update(tokens.accessToken, [
        { Name: 'given_name', Value: ' Georgia ' },
        { Name: 'email', Value: 'georgia@example.com' },
        { Name: 'custom:skin_type', Value: '5' },
      ])
      expect(withoutMetadata(output)).toEqual({ CodeDeliveryDetailsList: [] })
      expect(await attributesOf(tokens.accessToken)).toMatchObject({
        given_name: 'Georgia',
        family_name: 'Turner',
        email: 'georgia@example.com',
        'custom:skin_type': '5',
      })
      expect(await userRow(sub)).toMatchObject({ email: 'georgia@example.com', attributes: { given_name: 'Georgia', 'custom:skin_type': '5' } })
      const [customer] = await t().db.select().from(schema.customers).where(eq(schema.customers.sub, sub))
      expect(customer).toMatchObject({ firstName: 'Georgia', lastName: 'Turner', email: 'georgia@example.com', skinType: 5, dob: '1990-04-21' })
    })

    it.each([
      [[{ Name: 'phone_number', Value: '+447700900999' }], 'The phone number is your username and cannot be changed here.'],
      [[{ Name: 'custom:vip', Value: 'yes' }], 'Attribute custom:vip cannot be changed.'],
      [[{ Name: 'email_verified', Value: 'true' }], 'Attribute email_verified cannot be changed.'],
      [[{ Name: 'birthdate', Value: '2015-01-01' }], UNDER_18_MESSAGE],
      [[{ Name: 'custom:skin_type', Value: '0' }], 'custom:skin_type must be a skin type from 1 to 6.'],
      [[{ Name: 'email', Value: 'not-an-email' }], 'Invalid email address format.'],
      [[{ Name: 'family_name', Value: 'x'.repeat(101) }], 'family_name must be at most 100 characters long.'],
      [[{ Name: 'birthdate', Value: '1990-02-31' }], 'birthdate: Please give your date of birth as a real date, written YYYY-MM-DD.'],
      [[{ Name: 'birthdate', Value: '0000-01-01' }], 'birthdate: Please give your date of birth as a real date, written YYYY-MM-DD.'],
      [[{ Name: 'birthdate', Value: '2999-01-01' }], 'birthdate: Please check your date of birth: it must be in the past and no earlier than 1900.'],
      [[], 'UserAttributes cannot be empty'],
      [undefined, 'UserAttributes cannot be empty'],
      [[{ Name: '__proto__', Value: '+447700900999' }], 'Attribute __proto__ cannot be changed.'],
      [
        [{ Name: 'given_name', Value: 'Zo\u0000e' }],
        'UserAttributes.0.Value contains a character that cannot be accepted (a NUL byte or a broken Unicode character). Please remove it and try again.',
      ],
      [
        [{ Name: 'given_name', Value: 'Zo\ud800e' }],
        'UserAttributes.0.Value contains a character that cannot be accepted (a NUL byte or a broken Unicode character). Please remove it and try again.',
      ],
    ])('UpdateUserAttributes refuses %j and changes nothing', async (attributes, message) => {
      const { sub, tokens } = await signedInCustomer(t().app, client(), { metadata: t().shop.headers })
      const before = await userRow(sub)
      expect(await failure(update(tokens.accessToken, attributes))).toEqual({ type: 'InvalidParameterException', message, status: 400 })
      expect(await userRow(sub)).toEqual(before)
      // The account still answers: nothing half-written stays behind.
      expect((await t().api('p_account', { headers: { authorization: tokens.idToken } })).status).toBe(200)
    })

    it('ChangePassword swaps the password; the old one stops working', async () => {
      const { phone, tokens } = await signedInCustomer(t().app, client())
      const output = await client().send(
        new ChangePasswordCommand({ AccessToken: tokens.accessToken, PreviousPassword: PASSWORD, ProposedPassword: NEW_PASSWORD }),
      )
      expect(withoutMetadata(output)).toEqual({})
      expect(await failure(signIn(client(), phone, PASSWORD))).toEqual({
        type: 'NotAuthorizedException',
        message: 'Incorrect username or password.',
        status: 400,
      })
      await expect(signIn(client(), phone, NEW_PASSWORD)).resolves.toMatchObject({ accessToken: expect.any(String) })
    })

    it('ChangePassword refuses a wrong current password or a weak new one', async () => {
      const { phone, tokens } = await signedInCustomer(t().app, client())
      const change = (previous: string, proposed: string) =>
        client().send(new ChangePasswordCommand({ AccessToken: tokens.accessToken, PreviousPassword: previous, ProposedPassword: proposed }))
      expect(await failure(change('Wrong-Password1', NEW_PASSWORD))).toEqual({
        type: 'NotAuthorizedException',
        message: 'Incorrect username or password.',
        status: 400,
      })
      expect(await failure(change(PASSWORD, 'weakpassword'))).toEqual({
        type: 'InvalidPasswordException',
        message: 'Password did not conform with policy: Password must have uppercase characters',
        status: 400,
      })
      await expect(signIn(client(), phone, PASSWORD)).resolves.toMatchObject({ accessToken: expect.any(String) })
    })

    it('ForgotPassword texts a reset code; ConfirmForgotPassword sets the new password', async () => {
      const { phone, sub } = await confirmedCustomer(t().app, client())
      expect(withoutMetadata(await forgot(phone))).toEqual({
        CodeDeliveryDetails: { Destination: `+********${phone.slice(-4)}`, DeliveryMedium: 'SMS', AttributeName: 'phone_number' },
      })
      expect((await outboxMessages(t().app, phone))[0]!.body).toMatch(RESET_SMS)
      const code = await latestCode(t().app, phone)
      const [stored] = await t().db.select().from(schema.identityCodes).where(eq(schema.identityCodes.purpose, 'reset'))
      expect(stored).toMatchObject({ sub, usedAt: null })
      expect(stored!.codeHash).not.toContain(code)
      expect(stored!.expiresAt.getTime()).toBe(clock.now() + 3600_000)

      expect(withoutMetadata(await confirmForgot(phone, code))).toEqual({})
      await expect(signIn(client(), phone, NEW_PASSWORD)).resolves.toMatchObject({ accessToken: expect.any(String) })
      expect((await failure(signIn(client(), phone, PASSWORD))).message).toBe('Incorrect username or password.')
      // Single use: the same code cannot set a password a second time.
      expect(await failure(confirmForgot(phone, code, 'Another-Pass3'))).toEqual({
        type: 'CodeMismatchException',
        message: 'Invalid verification code provided, please try again.',
        status: 400,
      })
      await expect(signIn(client(), phone, NEW_PASSWORD)).resolves.toMatchObject({ accessToken: expect.any(String) })
    })

    it('a reset code works for an hour and no longer', async () => {
      const early = await confirmedCustomer(t().app, client())
      const late = await confirmedCustomer(t().app, client())
      await forgot(early.phone)
      await forgot(late.phone)
      clock.advance(3600_000 - 1000)
      await confirmForgot(early.phone, await latestCode(t().app, early.phone))
      clock.advance(1000)
      expect(await failure(confirmForgot(late.phone, await latestCode(t().app, late.phone)))).toEqual({
        type: 'ExpiredCodeException',
        message: 'Invalid code provided, please request a code again.',
        status: 400,
      })
      await expect(signIn(client(), late.phone, PASSWORD)).resolves.toMatchObject({ accessToken: expect.any(String) })
    })

    it('ConfirmForgotPassword refuses a wrong code and a weak password, keeping the old password', async () => {
      const { phone } = await confirmedCustomer(t().app, client())
      await forgot(phone)
      const code = await latestCode(t().app, phone)
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
      expect(await failure(confirmForgot(phone, wrong))).toEqual({
        type: 'CodeMismatchException',
        message: 'Invalid verification code provided, please try again.',
        status: 400,
      })
      expect(await failure(confirmForgot(phone, code, 'short'))).toEqual({
        type: 'InvalidPasswordException',
        message: 'Password did not conform with policy: Password not long enough',
        status: 400,
      })
      await expect(signIn(client(), phone, PASSWORD)).resolves.toMatchObject({ accessToken: expect.any(String) })
    })

    it('a password reset for an unknown or disabled user is refused in Cognito’s words', async () => {
      expect(await failure(forgot(newPhone().e164))).toEqual({
        type: 'UserNotFoundException',
        message: 'Username/client id combination not found.',
        status: 400,
      })
      const disabled = await confirmedCustomer(t().app, client())
      await t().db.update(schema.identityUsers).set({ enabled: false }).where(eq(schema.identityUsers.sub, disabled.sub))
      expect(await failure(forgot(disabled.phone))).toEqual({ type: 'NotAuthorizedException', message: 'User is disabled.', status: 400 })
      expect(await outboxMessages(t().app, disabled.phone)).toHaveLength(1)
    })

    it('a user whose password must be reset resets it and signs in again', async () => {
      const { phone, sub } = await confirmedCustomer(t().app, client())
      await t().db.update(schema.identityUsers).set({ status: 'RESET_REQUIRED' }).where(eq(schema.identityUsers.sub, sub))
      await forgot(phone)
      await confirmForgot(phone, await latestCode(t().app, phone))
      expect((await userRow(sub))?.status).toBe('CONFIRMED')
      await expect(signIn(client(), phone, NEW_PASSWORD)).resolves.toMatchObject({ accessToken: expect.any(String) })
    })

    it('DeleteUser removes the user; the number is free to sign up again', async () => {
      const { phone, sub, tokens } = await signedInCustomer(t().app, client())
      expect(withoutMetadata(await client().send(new DeleteUserCommand({ AccessToken: tokens.accessToken })))).toEqual({})
      expect(await userRow(sub)).toBeUndefined()
      expect(await t().db.$count(schema.identityCodes, eq(schema.identityCodes.sub, sub))).toBe(0)
      expect(await t().db.$count(schema.identitySessions, eq(schema.identitySessions.sub, sub))).toBe(0)
      expect(await failure(signIn(client(), phone))).toEqual({ type: 'UserNotFoundException', message: 'User does not exist.', status: 400 })
      const again = await confirmedCustomer(t().app, client(), { phone })
      expect(again.sub).not.toBe(sub)
      await expect(signIn(client(), phone)).resolves.toMatchObject({ accessToken: expect.any(String) })
    })
  },
  { deps: () => ({ passwords: fastPasswords, trustProxy: true, now: clock.now }), shop: { name: SHOP_NAME } },
)
