import type { ChangePasswordInput, ConfirmForgotPasswordInput, ForgotPasswordInput } from './cognito.schemas.ts'
import { cognitoErrors as E } from './cognito-error.ts'
import { assertPasswordConforms } from './password-policy.ts'
import type { Caller, IdentityServiceDeps, PoolCore } from './pool-core.service.ts'
import { LIMITS } from './pool-rules.ts'

/** A forgotten password reset by a texted code, and a password changed when signed in (docs/product.md §7.2). */
export function createPasswordOperations(core: PoolCore, deps: IdentityServiceDeps) {
  const { repo, perAddress, limitAddress, checkClient, phoneOf, userByPhone, userByUsername, sendCode, checkPassword, spendCode, limit, srp, fromAccessToken } =
    core

  return {
    /**
     * Also for a sign-up that was never confirmed: the reset code proves the phone, and the new password is
     * chosen by whoever holds it, never one set by somebody who signed the number up without proving it.
     */
    async forgotPassword(input: ForgotPasswordInput, caller: Caller) {
      checkClient(input.ClientId)
      const shopId = input.ClientMetadata.shop_id
      const phone = phoneOf(input.Username)
      await limitAddress(perAddress.codeRequests, caller)
      const user = await userByPhone(phone, E.usernameClientNotFound)
      if (!user.enabled) throw E.disabled()
      await limit(LIMITS.resetRequest, user)
      return { CodeDeliveryDetails: await sendCode(user, 'reset', shopId) }
    },

    async confirmForgotPassword(input: ConfirmForgotPasswordInput) {
      checkClient(input.ClientId)
      const user = await userByUsername(input.Username, E.usernameClientNotFound)
      assertPasswordConforms(input.Password)
      await limit(LIMITS.resetConfirm, user)
      await spendCode(user, 'reset', input.ConfirmationCode)
      await repo.updateUser(user.sub, {
        passwordHash: await deps.passwords.hash(input.Password),
        ...srp.srpOf(user.sub, input.Password),
        status: 'CONFIRMED',
        failedSignIns: 0,
        lockedUntil: null,
      })
      await repo.revokeUserSessions(user.sub, 'password-reset')
      return {}
    },

    async changePassword(input: ChangePasswordInput) {
      const { user, sessionId } = await fromAccessToken(input.AccessToken)
      assertPasswordConforms(input.ProposedPassword)
      // A stolen access token may not guess the password it would need: the sign-in lockout counts these too.
      await checkPassword(user, input.PreviousPassword)
      await repo.updateUser(user.sub, { passwordHash: await deps.passwords.hash(input.ProposedPassword), ...srp.srpOf(user.sub, input.ProposedPassword) })
      // Whoever knew the old password is signed out everywhere else.
      await repo.revokeUserSessions(user.sub, 'password-change', sessionId)
      return {}
    },
  }
}
