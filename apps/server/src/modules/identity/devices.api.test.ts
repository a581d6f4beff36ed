import {
  ConfirmDeviceCommand,
  ForgetDeviceCommand,
  GetDeviceCommand,
  GetTokensFromRefreshTokenCommand,
  GetUserCommand,
  InitiateAuthCommand,
  ListDevicesCommand,
  RespondToAuthChallengeCommand,
  UpdateDeviceStatusCommand,
  type AuthenticationResultType,
} from '@aws-sdk/client-cognito-identity-provider'
import { AuthenticationDetails, CognitoUser, CognitoUserPool, type CognitoUserSession } from 'amazon-cognito-identity-js'
import { eq, schema } from '@salon/db'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { describeApi } from '../../test/harness.ts'
import { CLIENT_ID, cognitoClient, confirmedCustomer, failure, PASSWORD, POOL_ID } from '../../test/factories/customers.ts'
import { passwordSignInInput } from '../../test/factories/sign-up.ts'
import { fastPasswords, testClock } from '../../test/factories/doubles.ts'
import { deviceSecret, listening, nowString, srpClient, srpSignIn } from '../../test/factories/srp.ts'

const clock = testClock()
const NO_DEVICE = { type: 'ResourceNotFoundException', message: 'Device does not exist.', status: 400 }
/** Any well-formed verifier: these devices never sign in with DEVICE_SRP_AUTH. */
const SOME_VERIFIER = { Salt: Buffer.from('00c0ffee', 'hex').toString('base64'), PasswordVerifier: Buffer.from('1234567890abcdef', 'hex').toString('base64') }

describeApi(
  'identity service: remembered devices',
  (t) => {
    const client = () => cognitoClient(t().app)
    const account = (idToken: string) => t().api('p_account', { headers: { authorization: idToken } })
    let server: Awaited<ReturnType<typeof listening>>
    beforeAll(async () => {
      server = await listening(t().app)
    })
    afterAll(() => server?.close())
    beforeEach(() => clock.reset())

    /** A password sign-in on a new device, confirmed as Amplify confirms it; answers the tokens and the device. */
    async function signInOnNewDevice(phone: string, name = 'Chrome on Android', config = SOME_VERIFIER) {
      const result = (await client().send(new InitiateAuthCommand(passwordSignInInput(phone)))).AuthenticationResult!
      const { DeviceKey, DeviceGroupKey } = result.NewDeviceMetadata!
      const confirmed = await client().send(
        new ConfirmDeviceCommand({ AccessToken: result.AccessToken, DeviceKey, DeviceName: name, DeviceSecretVerifierConfig: config }),
      )
      expect(confirmed.UserConfirmationNecessary).toBe(false)
      return { result, deviceKey: DeviceKey!, groupKey: DeviceGroupKey! }
    }
    const list = (accessToken: string, more: { Limit?: number; PaginationToken?: string } = {}) =>
      client().send(new ListDevicesCommand({ AccessToken: accessToken, ...more }))

    it('ConfirmDevice keeps the device a sign-in was given, by its name; GetDevice describes it as Cognito does', async () => {
      const { phone } = await confirmedCustomer(t().app, client())
      const { result, deviceKey } = await signInOnNewDevice(phone, 'Safari on iPhone')
      const { Device } = await client().send(new GetDeviceCommand({ AccessToken: result.AccessToken, DeviceKey: deviceKey }))
      expect(Device).toEqual({
        DeviceKey: deviceKey,
        DeviceAttributes: [
          { Name: 'device_status', Value: 'valid' },
          { Name: 'device_name', Value: 'Safari on iPhone' },
          { Name: 'dev:device_remembered_status', Value: 'remembered' },
        ],
        DeviceCreateDate: new Date(Math.floor(clock.now() / 1000) * 1000),
        DeviceLastModifiedDate: new Date(Math.floor(clock.now() / 1000) * 1000),
        DeviceLastAuthenticatedDate: new Date(Math.floor(clock.now() / 1000) * 1000),
      })
    })

    it('only the session made on a device may confirm it, and only once', async () => {
      const { phone } = await confirmedCustomer(t().app, client())
      const first = (await client().send(new InitiateAuthCommand(passwordSignInInput(phone)))).AuthenticationResult!
      const second = (await client().send(new InitiateAuthCommand(passwordSignInInput(phone)))).AuthenticationResult!
      const confirm = (result: AuthenticationResultType, DeviceKey: string) =>
        client().send(new ConfirmDeviceCommand({ AccessToken: result.AccessToken, DeviceKey, DeviceName: 'Phone', DeviceSecretVerifierConfig: SOME_VERIFIER }))
      expect(await failure(confirm(second, first.NewDeviceMetadata!.DeviceKey!))).toEqual(NO_DEVICE)
      await confirm(first, first.NewDeviceMetadata!.DeviceKey!)
      expect(await failure(confirm(first, first.NewDeviceMetadata!.DeviceKey!))).toEqual({
        type: 'InvalidParameterException',
        message: 'This device has been confirmed already.',
        status: 400,
      })
      for (const [config, message] of [
        [{ Salt: 'not base64!', PasswordVerifier: SOME_VERIFIER.PasswordVerifier }, 'Salt must be base64 text.'],
        [{ Salt: SOME_VERIFIER.Salt, PasswordVerifier: Buffer.alloc(600, 1).toString('base64') }, 'PasswordVerifier must hold 1 to 512 bytes.'],
        [{ Salt: SOME_VERIFIER.Salt, PasswordVerifier: 'AA==' }, 'PasswordVerifier is not a valid SRP verifier.'],
      ] as const) {
        expect(
          await failure(
            client().send(
              new ConfirmDeviceCommand({ AccessToken: second.AccessToken, DeviceKey: second.NewDeviceMetadata!.DeviceKey, DeviceSecretVerifierConfig: config }),
            ),
          ),
        ).toEqual({ type: 'InvalidParameterException', message, status: 400 })
      }
    })

    it('ListDevices gives 130 devices in pages of 60, each once, and refuses a larger page or a made-up token', async () => {
      const { phone } = await confirmedCustomer(t().app, client())
      const made: string[] = []
      // Four at a time: five password checks in flight at once would meet the lockout (decision 009).
      while (made.length < 130) {
        const batch = await Promise.all(Array.from({ length: Math.min(4, 130 - made.length) }, (_, i) => signInOnNewDevice(phone, `Device ${made.length + i}`)))
        made.push(...batch.map((device) => device.deviceKey))
      }
      const { result } = await signInOnNewDevice(phone, 'This one')
      made.push(result.NewDeviceMetadata!.DeviceKey!)
      const first = await list(result.AccessToken!, { Limit: 60 })
      expect(first.Devices).toHaveLength(60)
      const second = await list(result.AccessToken!, { Limit: 60, PaginationToken: first.PaginationToken })
      expect(second.Devices).toHaveLength(60)
      const third = await list(result.AccessToken!, { Limit: 60, PaginationToken: second.PaginationToken })
      expect(third.Devices).toHaveLength(11)
      expect(third.PaginationToken).toBeUndefined()
      const seen = [...first.Devices!, ...second.Devices!, ...third.Devices!].map((device) => device.DeviceKey)
      expect(new Set(seen).size).toBe(131)
      expect([...seen].sort()).toEqual([...made].sort())
      // No Limit is a page of 60, as the web app asks.
      expect((await list(result.AccessToken!)).Devices).toHaveLength(60)

      expect(await failure(list(result.AccessToken!, { Limit: 61 }))).toEqual({
        type: 'InvalidParameterException',
        message: 'Limit must be from 0 to 60.',
        status: 400,
      })
      for (const PaginationToken of ['nonsense', Buffer.from('[1,2]').toString('base64url'), 'x'.repeat(600)]) {
        expect(await failure(list(result.AccessToken!, { PaginationToken }))).toEqual({
          type: 'InvalidParameterException',
          message: 'Invalid PaginationToken.',
          status: 400,
        })
      }
    })

    it('ListDevices refuses a PaginationToken it did not give as Cognito does: dates out of range, NUL bytes, broken text, not base64', async () => {
      const { phone } = await confirmedCustomer(t().app, client())
      const { result, deviceKey } = await signInOnNewDevice(phone)
      const token = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url')
      const tokens = [
        token([8.64e15 + 1, deviceKey]),
        token([Number.MAX_SAFE_INTEGER, deviceKey]),
        token([-8.64e15, deviceKey]),
        token([-62198755200001, deviceKey]),
        token([253402300800000, deviceKey]),
        token([-1, deviceKey]),
        token([Date.now(), `${deviceKey}\u0000`]),
        token('[1700000000000,"eu-west-2_\\u0000"]'),
        token('[1700000000000,"eu-west-2_\\ud800"]'),
        token([1700000000000, 'not a device']),
        token([1700000000000, '']),
        '!!!!',
        '%E0%A4%A',
        'x'.repeat(512),
      ]
      for (const PaginationToken of tokens) {
        expect(await failure(list(result.AccessToken!, { PaginationToken })), PaginationToken).toEqual({
          type: 'InvalidParameterException',
          message: 'Invalid PaginationToken.',
          status: 400,
        })
      }
      // A NUL byte in the token itself is refused with every other text field's message.
      expect(await failure(list(result.AccessToken!, { PaginationToken: 'W1\u0000sx' }))).toMatchObject({
        type: 'InvalidParameterException',
        message: expect.stringMatching(/^PaginationToken contains a character that cannot be accepted/),
        status: 400,
      })
      // The token it gave still works.
      const other = await signInOnNewDevice(phone, 'Second')
      const first = await list(other.result.AccessToken!, { Limit: 1 })
      expect(first.PaginationToken).toBeDefined()
      expect((await list(other.result.AccessToken!, { Limit: 1, PaginationToken: first.PaginationToken })).Devices).toHaveLength(1)
    })

    it('ForgetDevice signs that device out at once, at /cognito/ and /api/, and no other', async () => {
      const { phone } = await confirmedCustomer(t().app, client(), { metadata: t().shop.headers })
      const lost = await signInOnNewDevice(phone, 'Lost phone')
      const kept = await signInOnNewDevice(phone, 'Laptop')
      await client().send(new ForgetDeviceCommand({ AccessToken: kept.result.AccessToken, DeviceKey: lost.deviceKey }))

      expect(await failure(client().send(new GetTokensFromRefreshTokenCommand({ ClientId: CLIENT_ID, RefreshToken: lost.result.RefreshToken })))).toEqual({
        type: 'NotAuthorizedException',
        message: 'Refresh Token has been revoked',
        status: 400,
      })
      expect(await failure(client().send(new GetUserCommand({ AccessToken: lost.result.AccessToken })))).toEqual({
        type: 'NotAuthorizedException',
        message: 'Access Token has been revoked',
        status: 400,
      })
      expect(await account(lost.result.IdToken!)).toMatchObject({ status: 401, json: { message: 'You have been signed out. Please sign in again.' } })

      const refreshed = await client().send(new GetTokensFromRefreshTokenCommand({ ClientId: CLIENT_ID, RefreshToken: kept.result.RefreshToken }))
      expect(refreshed.AuthenticationResult?.AccessToken).toBeDefined()
      expect((await account(kept.result.IdToken!)).status).toBe(200)
      expect((await list(kept.result.AccessToken!)).Devices!.map((device) => device.DeviceKey)).toEqual([kept.deviceKey])
      expect(await failure(client().send(new GetDeviceCommand({ AccessToken: kept.result.AccessToken, DeviceKey: lost.deviceKey })))).toEqual(NO_DEVICE)
    })

    it('forgetting the device a session was made on signs that session out too', async () => {
      const { phone } = await confirmedCustomer(t().app, client())
      const here = await signInOnNewDevice(phone)
      await client().send(new ForgetDeviceCommand({ AccessToken: here.result.AccessToken, DeviceKey: here.deviceKey }))
      expect((await failure(client().send(new GetUserCommand({ AccessToken: here.result.AccessToken })))).message).toBe('Access Token has been revoked')
    })

    it('another customer’s device cannot be read, changed or forgotten: it is answered as one that does not exist', async () => {
      const owner = await confirmedCustomer(t().app, client())
      const stranger = await confirmedCustomer(t().app, client())
      const theirs = await signInOnNewDevice(owner.phone)
      const mine = await signInOnNewDevice(stranger.phone)
      const AccessToken = mine.result.AccessToken
      expect(await failure(client().send(new GetDeviceCommand({ AccessToken, DeviceKey: theirs.deviceKey })))).toEqual(NO_DEVICE)
      expect(await failure(client().send(new ForgetDeviceCommand({ AccessToken, DeviceKey: theirs.deviceKey })))).toEqual(NO_DEVICE)
      expect(
        await failure(client().send(new UpdateDeviceStatusCommand({ AccessToken, DeviceKey: theirs.deviceKey, DeviceRememberedStatus: 'not_remembered' }))),
      ).toEqual(NO_DEVICE)
      expect((await list(AccessToken!)).Devices!.map((device) => device.DeviceKey)).toEqual([mine.deviceKey])
      // Still theirs, still standing.
      expect((await client().send(new GetUserCommand({ AccessToken: theirs.result.AccessToken }))).Username).toBe(owner.sub)
      expect((await list(theirs.result.AccessToken!)).Devices).toHaveLength(1)
      // Nor can their device be named at sign-in.
      expect(await failure(srpSignIn(client(), stranger.phone, PASSWORD, theirs.deviceKey))).toEqual(NO_DEVICE)
    })

    it('a remembered device signs in again with DEVICE_SRP_AUTH and DEVICE_PASSWORD_VERIFIER, and its sessions stay its own', async () => {
      const { phone, sub } = await confirmedCustomer(t().app, client())
      const first = (await client().send(new InitiateAuthCommand(passwordSignInInput(phone)))).AuthenticationResult!
      const secret = await deviceSecret(first.NewDeviceMetadata!.DeviceKey!, first.NewDeviceMetadata!.DeviceGroupKey!)
      await client().send(
        new ConfirmDeviceCommand({
          AccessToken: first.AccessToken,
          DeviceKey: secret.deviceKey,
          DeviceName: 'Phone',
          DeviceSecretVerifierConfig: secret.config,
        }),
      )

      const afterPassword = await srpSignIn(client(), phone, PASSWORD, secret.deviceKey)
      expect(afterPassword).toMatchObject({ ChallengeName: 'DEVICE_SRP_AUTH', ChallengeParameters: { USERNAME: sub, DEVICE_KEY: secret.deviceKey } })
      const device = await srpClient(secret.groupKey)
      const verifier = await client().send(
        new RespondToAuthChallengeCommand({
          ClientId: CLIENT_ID,
          ChallengeName: 'DEVICE_SRP_AUTH',
          Session: afterPassword.Session,
          ChallengeResponses: { USERNAME: sub, DEVICE_KEY: secret.deviceKey, SRP_A: device.srpA },
        }),
      )
      expect(verifier.ChallengeName).toBe('DEVICE_PASSWORD_VERIFIER')
      const answer = async (password: string) => {
        const timestamp = nowString()
        const signature = await device.signature({ username: secret.deviceKey, password, challenge: verifier.ChallengeParameters!, timestamp })
        return new RespondToAuthChallengeCommand({
          ClientId: CLIENT_ID,
          ChallengeName: 'DEVICE_PASSWORD_VERIFIER',
          Session: verifier.Session,
          ChallengeResponses: {
            USERNAME: sub,
            DEVICE_KEY: secret.deviceKey,
            PASSWORD_CLAIM_SECRET_BLOCK: verifier.ChallengeParameters!.SECRET_BLOCK!,
            TIMESTAMP: timestamp,
            PASSWORD_CLAIM_SIGNATURE: signature,
          },
        })
      }
      const right = await answer(secret.randomPassword)
      const done = await client().send(right)
      expect(done.AuthenticationResult?.NewDeviceMetadata).toBeUndefined()
      const [, payload] = done.AuthenticationResult!.AccessToken!.split('.')
      expect(JSON.parse(Buffer.from(payload!, 'base64url').toString()).device_key).toBe(secret.deviceKey)
      // The answer is single-use.
      expect((await failure(client().send(right))).type).toBe('NotAuthorizedException')

      // Not remembered any more: the password is enough, and the session is still the device's.
      await client().send(
        new UpdateDeviceStatusCommand({
          AccessToken: done.AuthenticationResult!.AccessToken,
          DeviceKey: secret.deviceKey,
          DeviceRememberedStatus: 'not_remembered',
        }),
      )
      const plain = await srpSignIn(client(), phone, PASSWORD, secret.deviceKey)
      expect(plain.AuthenticationResult?.AccessToken).toBeDefined()
      expect(plain.AuthenticationResult?.NewDeviceMetadata).toBeUndefined()
    })

    it('a device that cannot prove itself gets no tokens', async () => {
      const { phone, sub } = await confirmedCustomer(t().app, client())
      const first = (await client().send(new InitiateAuthCommand(passwordSignInInput(phone)))).AuthenticationResult!
      const secret = await deviceSecret(first.NewDeviceMetadata!.DeviceKey!, first.NewDeviceMetadata!.DeviceGroupKey!)
      await client().send(new ConfirmDeviceCommand({ AccessToken: first.AccessToken, DeviceKey: secret.deviceKey, DeviceSecretVerifierConfig: secret.config }))
      const afterPassword = await srpSignIn(client(), phone, PASSWORD, secret.deviceKey)
      const device = await srpClient(secret.groupKey)
      const verifier = await client().send(
        new RespondToAuthChallengeCommand({
          ClientId: CLIENT_ID,
          ChallengeName: 'DEVICE_SRP_AUTH',
          Session: afterPassword.Session,
          ChallengeResponses: { USERNAME: sub, DEVICE_KEY: secret.deviceKey, SRP_A: device.srpA },
        }),
      )
      const timestamp = nowString()
      const signature = await device.signature({
        username: secret.deviceKey,
        password: 'not-the-device-secret',
        challenge: verifier.ChallengeParameters!,
        timestamp,
      })
      const refused = await failure(
        client().send(
          new RespondToAuthChallengeCommand({
            ClientId: CLIENT_ID,
            ChallengeName: 'DEVICE_PASSWORD_VERIFIER',
            ChallengeResponses: {
              USERNAME: sub,
              DEVICE_KEY: secret.deviceKey,
              PASSWORD_CLAIM_SECRET_BLOCK: verifier.ChallengeParameters!.SECRET_BLOCK!,
              TIMESTAMP: timestamp,
              PASSWORD_CLAIM_SIGNATURE: signature,
            },
          }),
        ),
      )
      expect(refused).toEqual({ type: 'NotAuthorizedException', message: 'The device could not prove itself. Please sign in again.', status: 400 })
      // A DEVICE_SRP_AUTH session is single-use too.
      expect(
        (
          await failure(
            client().send(
              new RespondToAuthChallengeCommand({
                ClientId: CLIENT_ID,
                ChallengeName: 'DEVICE_SRP_AUTH',
                Session: afterPassword.Session,
                ChallengeResponses: { USERNAME: sub, DEVICE_KEY: secret.deviceKey, SRP_A: device.srpA },
              }),
            ),
          )
        ).type,
      ).toBe('NotAuthorizedException')
    })

    it('amazon-cognito-identity-js remembers its device and signs in on it again; once it is forgotten it is given a new one', async () => {
      const { phone } = await confirmedCustomer(t().app, client())
      const pool = new CognitoUserPool({ UserPoolId: POOL_ID, ClientId: CLIENT_ID, endpoint: `${server.origin}/cognito/` })
      const signInWithLibrary = () =>
        new Promise<CognitoUserSession>((resolve, reject) =>
          new CognitoUser({ Username: phone, Pool: pool }).authenticateUser(new AuthenticationDetails({ Username: phone, Password: PASSWORD }), {
            onSuccess: resolve,
            onFailure: reject,
          }),
        )
      const deviceOf = (session: CognitoUserSession) => session.getAccessToken().payload.device_key as string
      const first = await signInWithLibrary()
      const second = await signInWithLibrary()
      expect(deviceOf(second)).toBe(deviceOf(first))
      await client().send(new ForgetDeviceCommand({ AccessToken: second.getAccessToken().getJwtToken(), DeviceKey: deviceOf(first) }))
      const third = await signInWithLibrary()
      expect(deviceOf(third)).not.toBe(deviceOf(first))
      expect(await t().db.$count(schema.identityDevices, eq(schema.identityDevices.deviceKey, deviceOf(third)))).toBe(1)
    })
  },
  () => ({ passwords: fastPasswords, now: clock.now, identity: { signInsPerAddressPerHour: 10_000 } }),
)
