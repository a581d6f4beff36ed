import { randomUUID } from 'node:crypto'
import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { addressForLimits } from '../../lib/address-prefix.ts'
import type { Logger } from '../../lib/logger.ts'
import type { RequestIdVariables } from '../../lib/request-log.ts'
import { unstorableField } from '../../lib/well-formed-text.ts'
import type { z } from 'zod'
import { CognitoError, cognitoErrors } from './cognito-error.ts'
import * as Input from './cognito.schemas.ts'
import type { Caller, IdentityService } from './identity.service.ts'
import type { SigningKeys } from './signing-keys.service.ts'

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.'
const CONTENT_TYPE = 'application/x-amz-json-1.1'

type Operation = (input: object, caller: Caller) => Promise<object>

/**
 * POST /cognito/: the Amazon Cognito user-pool JSON protocol, so that the AWS SDK and Amplify
 * talk to the built-in identity service exactly as they would to a real user pool.
 */
export function createCognitoRoutes(deps: { identity: IdentityService; keys: () => Promise<SigningKeys>; logger: Logger; trustProxy: boolean }) {
  const { identity } = deps

  /**
   * An operation whose input is parsed once, here, against its schema. `asker` names the field that says who is
   * asking (the client, or the customer's access token): when the rest of the input does not parse, that is
   * checked first, so a wrong client or a bad token is the refusal, as it is for a well-formed request.
   */
  const defineOperation =
    <S extends z.ZodType<object>>(schema: S, run: (input: z.output<S>, caller: Caller) => Promise<object>, asker?: 'ClientId' | 'AccessToken'): Operation =>
    async (input, caller) => {
      const parsed = schema.safeParse(input)
      if (parsed.success) return run(parsed.data, caller)
      const value = asker && (input as Record<string, unknown>)[asker]
      if (typeof value === 'string' && !parsed.error.issues.some((issue) => issue.path[0] === asker)) {
        await identity.checkCaller(asker === 'ClientId' ? { ClientId: value } : { AccessToken: value })
      }
      throw Input.refusalOf(parsed.error)
    }

  const operations: Record<string, Operation> = {
    SignUp: defineOperation(Input.SignUp, identity.signUp, 'ClientId'),
    ConfirmSignUp: defineOperation(Input.ConfirmSignUp, identity.confirmSignUp, 'ClientId'),
    ResendConfirmationCode: defineOperation(Input.ResendConfirmationCode, identity.resendConfirmationCode, 'ClientId'),
    InitiateAuth: defineOperation(Input.InitiateAuth, identity.initiateAuth, 'ClientId'),
    RespondToAuthChallenge: defineOperation(Input.RespondToAuthChallenge, identity.respondToAuthChallenge, 'ClientId'),
    GetTokensFromRefreshToken: defineOperation(Input.GetTokensFromRefreshToken, identity.getTokensFromRefreshToken, 'ClientId'),
    GetUser: defineOperation(Input.WithAccessToken, identity.getUser),
    GlobalSignOut: defineOperation(Input.WithAccessToken, identity.globalSignOut),
    RevokeToken: defineOperation(Input.RevokeToken, identity.revokeToken, 'ClientId'),
    ForgotPassword: defineOperation(Input.ForgotPassword, identity.forgotPassword, 'ClientId'),
    ConfirmForgotPassword: defineOperation(Input.ConfirmForgotPassword, identity.confirmForgotPassword, 'ClientId'),
    ChangePassword: defineOperation(Input.ChangePassword, identity.changePassword, 'AccessToken'),
    UpdateUserAttributes: defineOperation(Input.UpdateUserAttributes, identity.updateUserAttributes, 'AccessToken'),
    DeleteUser: defineOperation(Input.WithAccessToken, identity.deleteUser),
    ConfirmDevice: defineOperation(Input.ConfirmDevice, identity.confirmDevice, 'AccessToken'),
    GetDevice: defineOperation(Input.WithDevice, identity.getDevice, 'AccessToken'),
    ListDevices: defineOperation(Input.ListDevices, identity.listDevices, 'AccessToken'),
    UpdateDeviceStatus: defineOperation(Input.UpdateDeviceStatus, identity.updateDeviceStatus, 'AccessToken'),
    ForgetDevice: defineOperation(Input.WithDevice, identity.forgetDevice, 'AccessToken'),
  }

  const answer = (c: Context, body: object, status: 200 | 400 | 413 | 500 = 200, type?: string) => {
    // The SDK reports this id with an error: the same one as the request's X-Request-Id and log line.
    c.header('x-amzn-requestid', (c.get('requestId') as string | undefined) ?? randomUUID())
    if (type) c.header('x-amzn-errortype', `${type}:`)
    return c.body(JSON.stringify(body), status, { 'content-type': CONTENT_TYPE })
  }
  const fail = (c: Context, error: CognitoError, status: 400 | 413 = 400) => answer(c, { __type: error.type, message: error.message }, status, error.type)

  const app = new Hono<{ Variables: RequestIdVariables }>()
  app.get('/.well-known/jwks.json', async (c) => {
    c.header('Cache-Control', 'public, max-age=3600')
    return c.json((await deps.keys()).jwks)
  })

  app.post(
    '/cognito/',
    bodyLimit({
      maxSize: 64 * 1024,
      onError: (c) => fail(c, cognitoErrors.invalidParameter('The request body is too large: the limit is 64 KiB.'), 413),
    }),
    async (c) => {
      const target = c.req.header('x-amz-target') ?? ''
      const name = target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : ''
      const operation = Object.hasOwn(operations, name) ? operations[name] : undefined
      if (!operation) {
        return fail(c, new CognitoError('UnknownOperationException', `The operation ${target.slice(0, 100) || '(none)'} is not supported here.`))
      }
      // Only the protocol's own type: a form or a text/plain post from another site is not acted on.
      if (c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase() !== CONTENT_TYPE) {
        return fail(c, new CognitoError('SerializationException', `Send the request body as ${CONTENT_TYPE}.`))
      }
      let input: unknown
      try {
        input = JSON.parse(await c.req.text())
      } catch {
        return fail(c, new CognitoError('SerializationException', 'The request body is not valid JSON.'))
      }
      if (typeof input !== 'object' || input === null || Array.isArray(input)) {
        return fail(c, new CognitoError('SerializationException', 'The request body must be a JSON object.'))
      }
      const unstorable = unstorableField(input)
      if (unstorable) return fail(c, cognitoErrors.invalidParameter(unstorable.message))
      try {
        return answer(c, await operation(input, { address: addressForLimits(c, deps.trustProxy) }))
      } catch (error) {
        if (error instanceof CognitoError) return fail(c, error)
        deps.logger.error({ err: error, requestId: c.get('requestId'), operation: name }, 'identity operation failed')
        return answer(
          c,
          { __type: 'InternalErrorException', message: 'Something went wrong on our side. Please try again in a moment.' },
          500,
          'InternalErrorException',
        )
      }
    },
  )
  return app
}
