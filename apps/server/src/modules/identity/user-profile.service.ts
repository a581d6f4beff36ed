import type { UpdateUserAttributesInput, WithAccessTokenInput } from './cognito.schemas.ts'
import { cognitoErrors as E } from './cognito-error.ts'
import type { IdentityServiceDeps, PoolCore } from './pool-core.service.ts'
import { attributeMap, checkProfile, PROFILE_ATTRIBUTES, profileOf } from './pool-rules.ts'

/** The signed-in customer's own profile (docs/product.md §7.2): GetUser, UpdateUserAttributes and DeleteUser. */
export function createProfileOperations(core: PoolCore, deps: IdentityServiceDeps) {
  const { now, fromAccessToken } = core

  return {
    async getUser(input: WithAccessTokenInput) {
      const { user } = await fromAccessToken(input.AccessToken)
      const attributes: Record<string, string> = {
        sub: user.sub,
        phone_number: user.phone,
        phone_number_verified: String(user.status !== 'UNCONFIRMED'),
        email: user.email,
        email_verified: 'false',
        ...user.attributes,
      }
      return {
        Username: user.sub,
        UserAttributes: Object.entries(attributes).map(([Name, Value]) => ({ Name, Value })),
        MFAOptions: [],
        UserMFASettingList: [],
      }
    },

    async updateUserAttributes(input: UpdateUserAttributesInput) {
      const { user } = await fromAccessToken(input.AccessToken)
      const attrs = attributeMap(input.UserAttributes)
      for (const name of Object.keys(attrs)) {
        if (name === 'phone_number') throw E.invalidParameter('The phone number is your username and cannot be changed here.')
        if (name !== 'email' && !(PROFILE_ATTRIBUTES as readonly string[]).includes(name)) {
          throw E.invalidParameter(`Attribute ${name.slice(0, 64)} cannot be changed.`)
        }
      }
      checkProfile(attrs, now())
      const { email, ...rest } = attrs
      const updated = { ...user, email: email ?? user.email, attributes: { ...user.attributes, ...rest } }
      const { phone: _phone, ...profile } = profileOf(updated)
      await deps.transaction(async ({ identity, customers }) => {
        await identity.updateUser(user.sub, { email: updated.email, attributes: updated.attributes })
        await customers.updateProfile(user.sub, profile)
      })
      return { CodeDeliveryDetailsList: [] }
    },

    async deleteUser(input: WithAccessTokenInput) {
      const { user } = await fromAccessToken(input.AccessToken)
      await deps.transaction(({ erase }) => erase({ by: 'customer', sub: user.sub }, new Date(now())))
      deps.logger.info({ sub: user.sub }, 'an account was deleted and its personal data erased')
      return {}
    },
  }
}
