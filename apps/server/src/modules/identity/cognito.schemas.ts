import { z } from 'zod'
import { CognitoError } from './cognito-error.ts'

/**
 * The shape of each Cognito operation's input: types, required fields and sizes, in Cognito's words for each
 * refusal. Parsed once, at the boundary (cognito.routes.ts); the identity service applies the rules (a phone
 * number, the password policy, a date of birth) to what these let through. Fields are listed in the order the
 * service reads them, so a request with several faults is told of the one it would have met first.
 * Fields not listed (AnalyticsMetadata, UserContextData, SecretHash, ...) are ignored, as Cognito does.
 */

const MAX_ATTRIBUTES = 50
const MAX_ATTRIBUTE_LENGTH = 2048

/** A text that must be there and not empty; `message` is the refusal for anything else. */
const required = (message: string) => z.string({ error: message }).min(1, { error: message })
/** As `required`, and not only spaces. */
const filled = (message: string) => z.string({ error: message }).refine((value) => value.trim() !== '', { error: message })

/** Any text: which client it names is the service's check, and the refusal names the client. */
const ClientId = z.string({ error: 'User pool client  does not exist.' })
const Username = filled('Username cannot be empty')
const Password = required('Password cannot be empty')
const ConfirmationCode = filled('Confirmation code cannot be empty')
const AccessToken = required('AccessToken cannot be empty')

const LIST = 'UserAttributes must be a list of {Name, Value}.'
const Attribute = z
  .object({ Name: z.string({ error: LIST }), Value: z.string({ error: LIST }) }, { error: LIST })
  .refine((attribute) => attribute.Value.length <= MAX_ATTRIBUTE_LENGTH, {
    error: (issue) => `${(issue.input as { Name: string }).Name.slice(0, 64)} must be at most ${MAX_ATTRIBUTE_LENGTH} characters long.`,
  })
export type Attribute = z.output<typeof Attribute>
const attributes = (error: string) =>
  z.array(Attribute, { error }).max(MAX_ATTRIBUTES, { error: `UserAttributes may hold at most ${MAX_ATTRIBUTES} attributes.` })

/** Cognito's ClientMetadata: a map of text values; absent or null is an empty map. */
const META = 'ClientMetadata must map names to text values.'
const ClientMetadata = z
  .record(z.string(), z.string({ error: META }), { error: META })
  .refine((map) => Object.keys(map).length <= MAX_ATTRIBUTES, { error: `ClientMetadata may hold at most ${MAX_ATTRIBUTES} values.` })
  .refine((map) => Object.values(map).every((text) => text.length <= MAX_ATTRIBUTE_LENGTH), {
    error: (issue) => {
      const [name] = Object.entries(issue.input as Record<string, string>).find(([, text]) => text.length > MAX_ATTRIBUTE_LENGTH) ?? ['']
      return `ClientMetadata ${name.slice(0, 64)} must be at most ${MAX_ATTRIBUTE_LENGTH} characters long.`
    },
  })
  .nullish()
  .transform((map) => map ?? {})

export const SignUp = z.object({ ClientId, Username, Password, UserAttributes: attributes(LIST).optional(), ClientMetadata })
export const ConfirmSignUp = z.object({ ClientId, Username, ConfirmationCode })
export const ResendConfirmationCode = z.object({ ClientId, ClientMetadata, Username })

/** Cognito's device keys: the region, an underscore and an id ("eu-west-2_0f8e…"). */
const DEVICE_KEY = /^[\w-]+_[0-9a-f-]+$/
const DeviceKey = z
  .string({ error: 'DeviceKey cannot be empty' })
  .min(1, { error: 'DeviceKey cannot be empty' })
  .max(55, { error: 'DeviceKey must be at most 55 characters long.' })
  .regex(DEVICE_KEY, { error: 'DeviceKey is not a device key.' })
/** A device named by a client that may have none: absent, null or empty all say "no device". */
const OptionalDeviceKey = z
  .union([z.string(), z.null()], { error: 'DEVICE_KEY must be text.' })
  .optional()
  .transform((value) => value || undefined)
  .pipe(DeviceKey.optional())
/** An SRP value or signature as the clients send it; the service reads what it means. */
const srpText = (name: string, max: number) =>
  required(`Missing required parameter ${name}`).max(max, { error: `${name} must be at most ${max} characters long.` })

/** The auth parameters as a map first; what they must hold depends on the flow. */
export const InitiateAuth = z
  .object({
    ClientId,
    AuthParameters: z.record(z.string(), z.unknown(), { error: 'AuthParameters must map names to text values.' }).default({}),
    AuthFlow: z.unknown(),
  })
  .pipe(
    z.discriminatedUnion(
      'AuthFlow',
      [
        z.object({
          ClientId,
          AuthFlow: z.enum(['REFRESH_TOKEN_AUTH', 'REFRESH_TOKEN']),
          AuthParameters: z.object({ REFRESH_TOKEN: required('Missing required parameter REFRESH_TOKEN') }),
        }),
        z.object({
          ClientId,
          AuthFlow: z.literal('USER_PASSWORD_AUTH'),
          AuthParameters: z.object({ PASSWORD: Password, USERNAME: Username, DEVICE_KEY: OptionalDeviceKey }),
        }),
        z.object({
          ClientId,
          AuthFlow: z.literal('USER_SRP_AUTH'),
          AuthParameters: z.object({ USERNAME: Username, SRP_A: srpText('SRP_A', 1024), DEVICE_KEY: OptionalDeviceKey }),
        }),
      ],
      { error: 'Initiate Auth method not supported.' },
    ),
  )
/** The answers to a challenge as a map first; what they must hold depends on the challenge. */
const ChallengeResponses = z.record(z.string(), z.unknown(), { error: 'ChallengeResponses must map names to text values.' }).default({})
const Session = z.string({ error: 'Session must be text.' }).max(2048, { error: 'Session must be at most 2048 characters long.' }).nullish()
const ChallengeUsername = filled('Missing required parameter USERNAME')
const PasswordClaim = z.object({
  USERNAME: ChallengeUsername,
  PASSWORD_CLAIM_SECRET_BLOCK: srpText('PASSWORD_CLAIM_SECRET_BLOCK', 4096),
  PASSWORD_CLAIM_SIGNATURE: srpText('PASSWORD_CLAIM_SIGNATURE', 256),
  TIMESTAMP: srpText('TIMESTAMP', 64),
  DEVICE_KEY: OptionalDeviceKey,
})
export const RespondToAuthChallenge = z.object({ ClientId, ChallengeName: z.unknown(), ChallengeResponses, Session }).pipe(
  z.discriminatedUnion(
    'ChallengeName',
    [
      z.object({ ClientId, ChallengeName: z.literal('PASSWORD_VERIFIER'), ChallengeResponses: PasswordClaim, Session }),
      z.object({
        ClientId,
        ChallengeName: z.literal('DEVICE_SRP_AUTH'),
        ChallengeResponses: z.object({ USERNAME: ChallengeUsername, DEVICE_KEY: DeviceKey, SRP_A: srpText('SRP_A', 1024) }),
        Session: required('Missing required parameter Session').max(2048, { error: 'Session must be at most 2048 characters long.' }),
      }),
      z.object({
        ClientId,
        ChallengeName: z.literal('DEVICE_PASSWORD_VERIFIER'),
        ChallengeResponses: PasswordClaim.extend({ DEVICE_KEY: DeviceKey }),
        Session,
      }),
    ],
    { error: 'The challenge name is not one this pool sets: PASSWORD_VERIFIER, DEVICE_SRP_AUTH or DEVICE_PASSWORD_VERIFIER.' },
  ),
)

/** Base64 of at most `max` bytes, as DeviceSecretVerifierConfig carries its numbers. */
const base64 = (name: string, max: number) =>
  z
    .string({ error: `${name} must be base64 text.` })
    .regex(/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/, { error: `${name} must be base64 text.` })
    .refine((text) => text.length > 0 && text.length <= Math.ceil(max / 3) * 4, { error: `${name} must hold 1 to ${max} bytes.` })
export const ConfirmDevice = z.object({
  AccessToken,
  DeviceKey,
  DeviceSecretVerifierConfig: z.object(
    { PasswordVerifier: base64('PasswordVerifier', 512), Salt: base64('Salt', 64) },
    { error: 'DeviceSecretVerifierConfig must hold PasswordVerifier and Salt.' },
  ),
  DeviceName: z
    .string({ error: 'DeviceName must be text.' })
    .trim()
    .max(1024, { error: 'DeviceName must be at most 1024 characters long.' })
    .nullish()
    .transform((name) => name || 'Unnamed device'),
})
export const WithDevice = z.object({ AccessToken, DeviceKey })
export const UpdateDeviceStatus = z.object({
  AccessToken,
  DeviceKey,
  DeviceRememberedStatus: z.enum(['remembered', 'not_remembered'], { error: 'DeviceRememberedStatus must be remembered or not_remembered.' }),
})
export const DEVICE_PAGE_LIMIT = 60
export const ListDevices = z.object({
  AccessToken,
  Limit: z
    .number({ error: 'Limit must be a number.' })
    .int({ error: 'Limit must be a whole number.' })
    .min(0, { error: 'Limit must be from 0 to 60.' })
    .max(DEVICE_PAGE_LIMIT, { error: 'Limit must be from 0 to 60.' })
    .nullish(),
  PaginationToken: z.string({ error: 'PaginationToken must be text.' }).max(512, { error: 'Invalid PaginationToken.' }).nullish(),
})

export const GetTokensFromRefreshToken = z.object({ ClientId, RefreshToken: required('Missing required parameter REFRESH_TOKEN') })
export const WithAccessToken = z.object({ AccessToken })
export const RevokeToken = z.object({ ClientId, Token: required('Token cannot be empty') })
export const ForgotPassword = z.object({ ClientId, ClientMetadata, Username })
export const ConfirmForgotPassword = z.object({ ClientId, Username, Password, ConfirmationCode })
export const ChangePassword = z.object({ AccessToken, PreviousPassword: Password, ProposedPassword: Password })
const NO_ATTRIBUTES = 'UserAttributes cannot be empty'
export const UpdateUserAttributes = z.object({ AccessToken, UserAttributes: attributes(NO_ATTRIBUTES).min(1, { error: NO_ATTRIBUTES }) })

export type SignUpInput = z.output<typeof SignUp>
export type ConfirmSignUpInput = z.output<typeof ConfirmSignUp>
export type ResendConfirmationCodeInput = z.output<typeof ResendConfirmationCode>
export type InitiateAuthInput = z.output<typeof InitiateAuth>
export type GetTokensFromRefreshTokenInput = z.output<typeof GetTokensFromRefreshToken>
export type WithAccessTokenInput = z.output<typeof WithAccessToken>
export type RevokeTokenInput = z.output<typeof RevokeToken>
export type ForgotPasswordInput = z.output<typeof ForgotPassword>
export type ConfirmForgotPasswordInput = z.output<typeof ConfirmForgotPassword>
export type ChangePasswordInput = z.output<typeof ChangePassword>
export type UpdateUserAttributesInput = z.output<typeof UpdateUserAttributes>
export type RespondToAuthChallengeInput = z.output<typeof RespondToAuthChallenge>
export type ConfirmDeviceInput = z.output<typeof ConfirmDevice>
export type WithDeviceInput = z.output<typeof WithDevice>
export type UpdateDeviceStatusInput = z.output<typeof UpdateDeviceStatus>
export type ListDevicesInput = z.output<typeof ListDevices>

/** The refusal for an input that does not parse: its first fault, in Cognito's words. */
export function refusalOf(error: z.ZodError): CognitoError {
  const [first] = error.issues
  const message = first?.message ?? 'The request does not match the operation.'
  return first?.path[0] === 'ClientId' ? new CognitoError('ResourceNotFoundException', message) : new CognitoError('InvalidParameterException', message)
}
