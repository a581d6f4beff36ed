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
          AuthParameters: z.object({ PASSWORD: Password, USERNAME: Username }),
        }),
      ],
      { error: 'Initiate Auth method not supported.' },
    ),
  )
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

/** The refusal for an input that does not parse: its first fault, in Cognito's words. */
export function refusalOf(error: z.ZodError): CognitoError {
  const [first] = error.issues
  const message = first?.message ?? 'The request does not match the operation.'
  return first?.path[0] === 'ClientId' ? new CognitoError('ResourceNotFoundException', message) : new CognitoError('InvalidParameterException', message)
}
