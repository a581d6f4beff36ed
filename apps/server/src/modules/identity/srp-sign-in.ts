import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { CognitoError, cognitoErrors as E } from './cognito-error.ts'
import type { RespondToAuthChallengeInput } from './cognito.schemas.ts'
import type { DeviceRow } from './devices.repository.ts'
import type { IdentityRepository, UserRow } from './identity.repository.ts'
import { normalisePhone } from './phone.ts'
import { claimSignature, makeVerifier, readSrpA, readTimestamp, serverChallenge, signatureMatches } from './srp.ts'
import type { IssuedTokens } from './tokens.ts'

/**
 * Cognito's SRP sign-in and remembered devices (docs/decisions/017): the PASSWORD_VERIFIER challenge and its
 * answer, the DEVICE_SRP_AUTH and DEVICE_PASSWORD_VERIFIER challenges of a remembered device, and what a proven
 * password leads to (tokens on the device it names, or on a new one).
 */

/** How long a PASSWORD_VERIFIER or device challenge waits for its answer, and how far a TIMESTAMP may be from our clock. */
const CHALLENGE_LIFETIME_MS = 5 * 60_000
const TIMESTAMP_SKEW_MS = 5 * 60_000

/** Messages for the SRP flows' refusals, in Cognito's types (docs/decisions/017). */
export const SRP_MESSAGES = {
  verifierMissing:
    'This account signs in with USER_PASSWORD_AUTH once more before USER_SRP_AUTH can be used: it was made before SRP sign-in, and its password is needed once to set it up.',
  unknownChallenge: 'The PASSWORD_CLAIM_SECRET_BLOCK is not one this pool gave out, or was answered already. Please sign in again.',
  expiredChallenge: 'The sign-in took too long to answer its challenge. Please sign in again.',
  badTimestamp: 'TIMESTAMP must be the time of signing, as "ddd MMM d HH:mm:ss UTC yyyy" (for example "Mon Nov 23 19:49:17 UTC 2026").',
  staleTimestamp: "TIMESTAMP is more than five minutes from the pool's clock. Please check the device's date and time, and sign in again.",
  badSrpA: 'SRP_A is not a valid SRP value.',
  deviceMissing: 'Device does not exist.',
} as const

/** A secret that names a challenge: the SECRET_BLOCK (or Session) handed out, found again by its hash. */
const newSecret = () => randomBytes(64).toString('base64')
const secretHash = (secret: string) => createHash('sha256').update(`srp:${secret}`).digest('base64url')

export interface SrpSignInDeps {
  poolId: string
  repository: IdentityRepository
  now: () => number
  /** One password check claimed against the lockout before `isRight` is asked (decision 009): throws its refusals. */
  checkPasswordClaim: (user: UserRow, isRight: () => boolean | Promise<boolean>) => Promise<void>
  /** Tokens of a new session made on the device. */
  startSession: (user: UserRow, deviceKey: string) => Promise<IssuedTokens>
}

/** The pool's name without its region: what SRP hashes the password with, as Cognito's clients do. */
const poolNameOf = (poolId: string) => poolId.split('_')[1] ?? poolId

/** The password's SRP salt and verifier, made wherever the password is set (the username in it is the sub, USER_ID_FOR_SRP). */
export function srpCredentials(poolId: string, sub: string, password: string) {
  const { salt, verifier } = makeVerifier(poolNameOf(poolId), sub, password)
  return { srpSalt: salt, srpVerifier: verifier }
}

export function createSrpSignIn(deps: SrpSignInDeps) {
  const { repository: repo, now } = deps

  const poolName = poolNameOf(deps.poolId)
  const region = deps.poolId.split('_')[0] ?? 'local'
  const srpOf = (sub: string, password: string) => srpCredentials(deps.poolId, sub, password)

  /** The user's device a sign-in names, or Cognito's ResourceNotFoundException (clients then forget it and sign in again without). */
  async function namedDevice(user: UserRow, deviceKey: string | undefined): Promise<DeviceRow | undefined> {
    if (!deviceKey) return undefined
    const device = await repo.findDevice(user.sub, deviceKey)
    if (!device) throw new CognitoError('ResourceNotFoundException', SRP_MESSAGES.deviceMissing)
    return device
  }

  /** A device key for a sign-in made on a device the pool does not know yet, and its group key (not a secret: a name SRP hashes with). */
  const newDeviceKey = () => `${region}_${randomUUID()}`
  const groupKeyOf = (deviceKey: string) => `-${createHash('sha256').update(`device-group:${deviceKey}`).digest('base64url').slice(0, 9)}`

  /**
   * The password is proven: tokens, or, for a remembered device, the DEVICE_SRP_AUTH challenge first. A sign-in
   * naming no device is given a new one (NewDeviceMetadata), which the client confirms with ConfirmDevice.
   */
  async function afterPassword(user: UserRow, device: DeviceRow | undefined) {
    if (user.status === 'UNCONFIRMED') throw E.notConfirmed()
    if (user.status === 'RESET_REQUIRED') throw E.resetRequired()
    if (device?.remembered) {
      const session = newSecret()
      await repo.saveChallenge({
        secretHash: secretHash(session),
        sub: user.sub,
        kind: 'device',
        deviceKey: device.deviceKey,
        key: '',
        expiresAt: new Date(now() + CHALLENGE_LIFETIME_MS),
      })
      return { ChallengeName: 'DEVICE_SRP_AUTH', Session: session, ChallengeParameters: { USERNAME: user.sub, DEVICE_KEY: device.deviceKey } }
    }
    if (device) {
      await repo.touchDevice(device.deviceKey, new Date(now()))
      return { AuthenticationResult: await deps.startSession(user, device.deviceKey), ChallengeParameters: {} }
    }
    const deviceKey = newDeviceKey()
    const tokens = await deps.startSession(user, deviceKey)
    return { AuthenticationResult: { ...tokens, NewDeviceMetadata: { DeviceKey: deviceKey, DeviceGroupKey: groupKeyOf(deviceKey) } }, ChallengeParameters: {} }
  }

  /** USERNAME in a challenge's answer: the sub the challenge named (USER_ID_FOR_SRP), or the customer's phone number. */
  function answersFor(user: UserRow, username: string) {
    return username === user.sub || normalisePhone(username) === user.phone
  }

  /** The challenge a secret names, unless it is unknown, of another kind, answered already or stale. */
  async function pendingChallenge(secret: string, kind: 'password' | 'device', stage: 'session' | 'verifier') {
    const challenge = await repo.findChallenge(secretHash(secret))
    if (!challenge || challenge.kind !== kind || (stage === 'session') !== (challenge.key === '')) throw E.notAuthorized(SRP_MESSAGES.unknownChallenge)
    return challenge
  }

  async function takeChallenge(secret: string) {
    const challenge = await repo.takeChallenge(secretHash(secret))
    if (!challenge) throw E.notAuthorized(SRP_MESSAGES.unknownChallenge)
    if (challenge.expiresAt.getTime() <= now()) throw E.notAuthorized(SRP_MESSAGES.expiredChallenge)
    return challenge
  }

  function checkTimestamp(text: string) {
    const at = readTimestamp(text)
    if (at === null) throw E.invalidParameter(SRP_MESSAGES.badTimestamp)
    if (Math.abs(at - now()) > TIMESTAMP_SKEW_MS) throw E.notAuthorized(SRP_MESSAGES.staleTimestamp)
  }

  /** Hands out a PASSWORD_VERIFIER (or DEVICE_PASSWORD_VERIFIER) challenge: B, and a secret block naming the key kept for the answer. */
  async function srpChallenge(user: UserRow, A: bigint, verifier: { salt: string; verifier: string }, kind: 'password' | 'device', deviceKey?: string) {
    const { srpB, key } = serverChallenge(A, verifier.verifier)
    const secretBlock = newSecret()
    await repo.saveChallenge({
      secretHash: secretHash(secretBlock),
      sub: user.sub,
      kind,
      deviceKey: deviceKey ?? null,
      key: key.toString('hex'),
      expiresAt: new Date(now() + CHALLENGE_LIFETIME_MS),
    })
    return { SALT: verifier.salt, SRP_B: srpB, SECRET_BLOCK: secretBlock }
  }

  /** InitiateAuth with USER_SRP_AUTH, once the caller is counted and the user found: the PASSWORD_VERIFIER challenge. */
  async function passwordVerifierChallenge(user: UserRow, srpA: string) {
    const A = readSrpA(srpA)
    if (A === null) throw E.invalidParameter(SRP_MESSAGES.badSrpA)
    if (!user.srpSalt || !user.srpVerifier) throw E.notAuthorized(SRP_MESSAGES.verifierMissing)
    const parameters = await srpChallenge(user, A, { salt: user.srpSalt, verifier: user.srpVerifier }, 'password')
    return { ChallengeName: 'PASSWORD_VERIFIER', ChallengeParameters: { ...parameters, USER_ID_FOR_SRP: user.sub, USERNAME: user.sub } }
  }

  /**
   * The answers to USER_SRP_AUTH's PASSWORD_VERIFIER and to the device challenges that may follow. The device a
   * PASSWORD_VERIFIER names is checked before its challenge is taken, so a client told the device does not exist
   * can answer the same challenge again without it, as Cognito's clients do.
   */
  async function respondToAuthChallenge(input: RespondToAuthChallengeInput) {
    if (input.ChallengeName === 'PASSWORD_VERIFIER') {
      const answer = input.ChallengeResponses
      const pending = await pendingChallenge(answer.PASSWORD_CLAIM_SECRET_BLOCK, 'password', 'verifier')
      const user = await repo.findUser(pending.sub)
      if (!user || !answersFor(user, answer.USERNAME)) throw E.notAuthorized(SRP_MESSAGES.unknownChallenge)
      // The device is the one the answer names, as Amplify names it only there; a client told it does not exist answers again with none.
      const device = await namedDevice(user, answer.DEVICE_KEY)
      const challenge = await takeChallenge(answer.PASSWORD_CLAIM_SECRET_BLOCK)
      checkTimestamp(answer.TIMESTAMP)
      if (!user.enabled) throw E.disabled()
      const expected = claimSignature(
        Buffer.from(challenge.key, 'hex'),
        poolName,
        user.sub,
        Buffer.from(answer.PASSWORD_CLAIM_SECRET_BLOCK, 'base64'),
        answer.TIMESTAMP,
      )
      await deps.checkPasswordClaim(user, () => signatureMatches(expected, answer.PASSWORD_CLAIM_SIGNATURE))
      return afterPassword(user, device)
    }
    if (input.ChallengeName === 'DEVICE_SRP_AUTH') {
      const answer = input.ChallengeResponses
      const pending = await pendingChallenge(input.Session, 'device', 'session')
      const user = await repo.findUser(pending.sub)
      if (!user || !answersFor(user, answer.USERNAME) || pending.deviceKey !== answer.DEVICE_KEY) throw E.notAuthorized(SRP_MESSAGES.unknownChallenge)
      const A = readSrpA(answer.SRP_A)
      if (A === null) throw E.invalidParameter(SRP_MESSAGES.badSrpA)
      await takeChallenge(input.Session)
      const device = await namedDevice(user, answer.DEVICE_KEY)
      const parameters = await srpChallenge(user, A, { salt: device!.srpSalt, verifier: device!.srpVerifier }, 'device', device!.deviceKey)
      return {
        ChallengeName: 'DEVICE_PASSWORD_VERIFIER',
        Session: newSecret(),
        ChallengeParameters: { ...parameters, USERNAME: user.sub, DEVICE_KEY: device!.deviceKey },
      }
    }
    const answer = input.ChallengeResponses
    const pending = await pendingChallenge(answer.PASSWORD_CLAIM_SECRET_BLOCK, 'device', 'verifier')
    const user = await repo.findUser(pending.sub)
    if (!user || !answersFor(user, answer.USERNAME) || pending.deviceKey !== answer.DEVICE_KEY) throw E.notAuthorized(SRP_MESSAGES.unknownChallenge)
    const challenge = await takeChallenge(answer.PASSWORD_CLAIM_SECRET_BLOCK)
    checkTimestamp(answer.TIMESTAMP)
    const device = await namedDevice(user, answer.DEVICE_KEY)
    if (!user.enabled) throw E.disabled()
    const expected = claimSignature(
      Buffer.from(challenge.key, 'hex'),
      device!.groupKey,
      device!.deviceKey,
      Buffer.from(answer.PASSWORD_CLAIM_SECRET_BLOCK, 'base64'),
      answer.TIMESTAMP,
    )
    if (!signatureMatches(expected, answer.PASSWORD_CLAIM_SIGNATURE)) throw E.notAuthorized('The device could not prove itself. Please sign in again.')
    if (user.status === 'RESET_REQUIRED') throw E.resetRequired()
    await repo.touchDevice(device!.deviceKey, new Date(now()))
    return { AuthenticationResult: await deps.startSession(user, device!.deviceKey), ChallengeParameters: {} }
  }

  return { srpOf, groupKeyOf, namedDevice, afterPassword, passwordVerifierChallenge, respondToAuthChallenge }
}
