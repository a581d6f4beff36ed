import { createHmac } from 'node:crypto'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { once } from 'node:events'
import { serve } from '@hono/node-server'
import { InitiateAuthCommand, RespondToAuthChallengeCommand, type CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider'
import { CLIENT_ID, POOL_ID, type Fetcher } from './customers.ts'

/**
 * The client's half of Cognito's SRP sign-in, worked out by amazon-cognito-identity-js's own AuthenticationHelper
 * (never the server's code), so tests can send each step themselves and change what a real client would not.
 */

interface BigIntegerLike {
  toString(radix: number): string
}
interface Helper {
  getLargeAValue(callback: (error: unknown, A: BigIntegerLike) => void): void
  getPasswordAuthenticationKey(
    username: string,
    password: string,
    serverB: BigIntegerLike,
    salt: BigIntegerLike,
    callback: (error: unknown, key: Uint8Array) => void,
  ): void
  generateHashDevice(groupKey: string, username: string, callback: (error: unknown) => void): void
  getSaltDevices(): string
  getVerifierDevices(): string
  getRandomPassword(): string
}

const require = createRequire(import.meta.url)
const { default: AuthenticationHelper } = require('amazon-cognito-identity-js/lib/AuthenticationHelper.js') as { default: new (poolName: string) => Helper }
const { default: BigInteger } = require('amazon-cognito-identity-js/lib/BigInteger.js') as { default: new (hex: string, radix: number) => BigIntegerLike }
const { default: DateHelper } = require('amazon-cognito-identity-js/lib/DateHelper.js') as { default: new () => { getNowString(): string } }

export const POOL_NAME = POOL_ID.split('_')[1]!

const callback =
  <T>(resolve: (value: T) => void, reject: (error: unknown) => void) =>
  (error: unknown, value: T) =>
    error ? reject(error) : resolve(value)

/** A fresh client secret a and its SRP_A, for a pool (or a device group). */
export async function srpClient(poolName = POOL_NAME) {
  const helper = new AuthenticationHelper(poolName)
  const A = await new Promise<BigIntegerLike>((resolve, reject) => helper.getLargeAValue(callback(resolve, reject)))
  return {
    helper,
    srpA: A.toString(16),
    /** PASSWORD_CLAIM_SIGNATURE as the client makes it, for the challenge's SRP_B, SALT and SECRET_BLOCK. */
    async signature(input: { username: string; password: string; challenge: Record<string, string>; timestamp: string }) {
      const key = await new Promise<Uint8Array>((resolve, reject) =>
        helper.getPasswordAuthenticationKey(
          input.username,
          input.password,
          new BigInteger(input.challenge.SRP_B!, 16),
          new BigInteger(input.challenge.SALT!, 16),
          callback(resolve, reject),
        ),
      )
      const message = Buffer.concat([
        Buffer.from(poolName, 'utf8'),
        Buffer.from(input.username, 'utf8'),
        Buffer.from(input.challenge.SECRET_BLOCK!, 'base64'),
        Buffer.from(input.timestamp, 'utf8'),
      ])
      return createHmac('sha256', Buffer.from(key)).update(message).digest('base64')
    },
  }
}

/** Cognito's TIMESTAMP of now, as its JavaScript client writes it. */
export const nowString = () => new DateHelper().getNowString()

/** USER_SRP_AUTH's first step: the PASSWORD_VERIFIER challenge, and the client that asked for it. */
export async function startSrp(client: CognitoIdentityProviderClient, phone: string, deviceKey?: string) {
  const srp = await srpClient()
  const output = await client.send(
    new InitiateAuthCommand({
      ClientId: CLIENT_ID,
      AuthFlow: 'USER_SRP_AUTH',
      AuthParameters: { USERNAME: phone, SRP_A: srp.srpA, ...(deviceKey ? { DEVICE_KEY: deviceKey } : {}) },
    }),
  )
  return { srp, output, challenge: output.ChallengeParameters! }
}

/** The answer to a PASSWORD_VERIFIER challenge, signed with `password`; `change` alters what is sent. */
export async function passwordVerifierAnswer(
  started: Awaited<ReturnType<typeof startSrp>>,
  password: string,
  change: { timestamp?: string; secretBlock?: string; deviceKey?: string | null } = {},
) {
  const timestamp = change.timestamp ?? nowString()
  const username = started.challenge.USER_ID_FOR_SRP!
  const signature = await started.srp.signature({ username, password, challenge: started.challenge, timestamp })
  return new RespondToAuthChallengeCommand({
    ClientId: CLIENT_ID,
    ChallengeName: 'PASSWORD_VERIFIER',
    ChallengeResponses: {
      USERNAME: username,
      PASSWORD_CLAIM_SECRET_BLOCK: change.secretBlock ?? started.challenge.SECRET_BLOCK!,
      TIMESTAMP: timestamp,
      PASSWORD_CLAIM_SIGNATURE: signature,
      ...(change.deviceKey ? { DEVICE_KEY: change.deviceKey } : {}),
    },
    Session: started.output.Session,
  })
}

/** A whole USER_SRP_AUTH sign-in through the AWS SDK, answering the PASSWORD_VERIFIER challenge. */
export async function srpSignIn(client: CognitoIdentityProviderClient, phone: string, password: string, deviceKey?: string) {
  const started = await startSrp(client, phone, deviceKey)
  return client.send(await passwordVerifierAnswer(started, password, { deviceKey }))
}

/** What a client keeps to sign in on a device: made with amazon-cognito-identity-js as its clients make it. */
export async function deviceSecret(deviceKey: string, groupKey: string) {
  const helper = new AuthenticationHelper(groupKey)
  await new Promise<void>((resolve, reject) => helper.generateHashDevice(groupKey, deviceKey, (error) => (error ? reject(error) : resolve())))
  return {
    deviceKey,
    groupKey,
    randomPassword: helper.getRandomPassword(),
    config: {
      Salt: Buffer.from(helper.getSaltDevices(), 'hex').toString('base64'),
      PasswordVerifier: Buffer.from(helper.getVerifierDevices(), 'hex').toString('base64'),
    },
  }
}

/** The app on a real port of the loopback interface, for clients that make their own HTTP requests (fetch). */
export async function listening(app: Fetcher) {
  const server = serve({ fetch: (request: Request, env: unknown) => app.fetch(request, env), hostname: '127.0.0.1', port: 0 })
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        ;(server as { closeAllConnections?: () => void }).closeAllConnections?.()
      }),
  }
}
