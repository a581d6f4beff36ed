import { cognitoErrors as E } from './cognito-error.ts'
import type {
  GetTokensFromRefreshTokenInput,
  InitiateAuthInput,
  RespondToAuthChallengeInput,
  RevokeTokenInput,
  WithAccessTokenInput,
} from './cognito.schemas.ts'
import type { UserRow } from './identity.repository.ts'
import type { Caller, IdentityServiceDeps, PoolCore } from './pool-core.service.ts'
import { REFRESH_REUSE_GRACE_MS } from './pool-rules.ts'
import { readSrpA } from './srp.ts'
import { SRP_MESSAGES } from './srp-sign-in.ts'
import { hashToken, newRefreshToken, TokenError, type TokenClaims } from './tokens.ts'

/**
 * Signing in and out, and whether a token stands (docs/product.md §4, §7.2): InitiateAuth, RespondToAuthChallenge,
 * refreshing, GlobalSignOut, RevokeToken, and the check the API makes of every signed-in request.
 */
export function createSignInOperations(core: PoolCore, deps: IdentityServiceDeps) {
  const { repo, now, perAddress, limitAddress, checkClient, phoneOf, userByPhone, checkPassword, srp, standingSession, fromAccessToken } = core

  async function refresh(clientId: string, token: string) {
    checkClient(clientId)
    const hash = hashToken(token)
    const stored = await repo.findRefreshToken(hash)
    if (!stored) throw E.notAuthorized('Invalid Refresh Token')
    const state = await repo.sessionState(stored.sessionId)
    if (!state) throw E.notAuthorized('Refresh Token has been revoked')
    if (!state.user.enabled) throw E.disabled()
    if (state.revokedAt) throw E.notAuthorized('Refresh Token has been revoked')
    if (state.expiresAt.getTime() <= now()) throw E.notAuthorized('Refresh Token has expired')
    if (state.user.status === 'RESET_REQUIRED') throw E.resetRequired()
    if (state.clientId !== clientId) throw E.notAuthorized('Invalid Refresh Token')
    const rotatedNow = await repo.rotateRefreshToken(hash, new Date(now()))
    if (!rotatedNow) {
      const rotatedAt = (await repo.findRefreshToken(hash))?.rotatedAt?.getTime() ?? 0
      if (now() - rotatedAt > REFRESH_REUSE_GRACE_MS) {
        // A refresh token used after it was exchanged has leaked: end the whole session.
        await repo.revokeSession(state.id, 'refresh-token-reuse')
        deps.logger.warn({ sub: state.sub }, 'a rotated refresh token was used again; the session is revoked')
        throw E.notAuthorized('Refresh Token has been revoked')
      }
    }
    const next = newRefreshToken()
    await repo.addRefreshToken(hashToken(next), state.id)
    if (state.deviceKey) await repo.touchDevice(state.deviceKey, new Date(now()))
    return deps.tokens.issue(state.user, { id: state.id, authTime: state.authTime, deviceKey: state.deviceKey }, next)
  }

  return {
    async initiateAuth(input: InitiateAuthInput, caller: Caller) {
      checkClient(input.ClientId)
      if (input.AuthFlow === 'USER_SRP_AUTH') {
        // A DEVICE_KEY here is read from the challenge's answer, where Cognito's clients send it too.
        const { USERNAME, SRP_A } = input.AuthParameters
        const phone = phoneOf(USERNAME)
        // Junk is refused before it is counted against the address.
        if (readSrpA(SRP_A) === null) throw E.invalidParameter(SRP_MESSAGES.badSrpA)
        await limitAddress(perAddress.signIns, caller)
        const user = await userByPhone(phone, E.userNotFound)
        if (!user.enabled) throw E.disabled()
        return srp.passwordVerifierChallenge(user, SRP_A)
      }
      if (input.AuthFlow !== 'USER_PASSWORD_AUTH') {
        return { AuthenticationResult: await refresh(input.ClientId, input.AuthParameters.REFRESH_TOKEN), ChallengeParameters: {} }
      }
      const { USERNAME, PASSWORD, DEVICE_KEY } = input.AuthParameters
      const phone = phoneOf(USERNAME)
      await limitAddress(perAddress.signIns, caller)
      const user = await userByPhone(phone, E.userNotFound)
      if (!user.enabled) throw E.disabled()
      const device = await srp.namedDevice(user, DEVICE_KEY)
      await checkPassword(user, PASSWORD)
      // An account made before SRP sign-in gets its verifier from the password it has just proven (docs/decisions/017).
      if (!user.srpVerifier) await repo.updateUser(user.sub, srp.srpOf(user.sub, PASSWORD))
      return srp.afterPassword(user, device)
    },

    /** The answers to USER_SRP_AUTH's PASSWORD_VERIFIER and to the device challenges that may follow (srp-sign-in.ts). */
    async respondToAuthChallenge(input: RespondToAuthChallengeInput) {
      checkClient(input.ClientId)
      return srp.respondToAuthChallenge(input)
    },

    async getTokensFromRefreshToken(input: GetTokensFromRefreshTokenInput) {
      return { AuthenticationResult: await refresh(input.ClientId, input.RefreshToken) }
    },

    async globalSignOut(input: WithAccessTokenInput) {
      const { user } = await fromAccessToken(input.AccessToken)
      await repo.revokeUserSessions(user.sub, 'global-sign-out')
      return {}
    },

    async revokeToken(input: RevokeTokenInput) {
      checkClient(input.ClientId)
      const stored = await repo.findRefreshToken(hashToken(input.Token))
      // Revoking a token that is unknown or already revoked changes nothing and is not an error (RFC 7009).
      if (stored) await repo.revokeSession(stored.sessionId, 'sign-out')
      return {}
    },

    /**
     * Who is asking, settled before what they ask is judged: a client id that is not this pool's, or an access
     * token that does not stand, is the refusal even when the rest of the request is malformed.
     */
    async checkCaller(caller: { ClientId: string } | { AccessToken: string }) {
      if ('ClientId' in caller) checkClient(caller.ClientId)
      else await fromAccessToken(caller.AccessToken)
    },

    /** For the API: the identity a token proves, after every revocation check. */
    async verifyForApi(token: string): Promise<{ sub: string; user: UserRow }> {
      let claims: TokenClaims
      try {
        claims = await deps.tokens.verify(token, 'any')
      } catch (error) {
        throw error instanceof TokenError && error.problem === 'expired'
          ? E.notAuthorized('Your session has expired. Please sign in again.', 'token-expired')
          : E.notAuthorized('The identity token is not valid. Please sign in again.', 'token-invalid')
      }
      const state = await standingSession(claims, claims.token_use === 'id' ? 'Id' : 'Access')
      return { sub: state.sub, user: state.user }
    },
  }
}
