import { ResendConfirmationCodeCommand } from '@aws-sdk/client-cognito-identity-provider'
import { schema } from '@salon/db'
import { expect, it } from 'vitest'
import { describeApi } from '../../test/harness.ts'
import { CLIENT_ID, cognitoClient, failure, newPhone, PASSWORD } from '../../test/factories/customers.ts'
import { fastPasswords } from '../../test/factories/doubles.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

describeApi(
  'identity service: the Cognito protocol itself',
  (t) => {
    const post = (body: string, target: string | null = 'AWSCognitoIdentityProviderService.SignUp') =>
      t().app.request('/cognito/', {
        method: 'POST',
        headers: { 'content-type': 'application/x-amz-json-1.1', ...(target ? { 'x-amz-target': target } : {}) },
        body,
      })
    const answer = async (response: Response) => ({
      status: response.status,
      type: response.headers.get('content-type'),
      errorType: response.headers.get('x-amzn-errortype'),
      requestId: response.headers.get('x-amzn-requestid'),
      body: await response.json(),
    })

    it('an operation the pool does not offer is refused in Cognito’s shape', async () => {
      expect(await answer(await post('{}', 'AWSCognitoIdentityProviderService.AdminCreateUser'))).toEqual({
        status: 400,
        type: 'application/x-amz-json-1.1',
        errorType: 'UnknownOperationException:',
        requestId: expect.stringMatching(UUID),
        body: { __type: 'UnknownOperationException', message: 'The operation AWSCognitoIdentityProviderService.AdminCreateUser is not supported here.' },
      })
      expect((await answer(await post('{}', null))).body).toEqual({
        __type: 'UnknownOperationException',
        message: 'The operation (none) is not supported here.',
      })
      expect((await answer(await post('{}', 'AWSCognitoIdentityProviderService.constructor'))).body.__type).toBe('UnknownOperationException')
      expect((await answer(await post('{}', 'SomeOtherService.SignUp'))).body.__type).toBe('UnknownOperationException')
    })

    it('a body that is not JSON, or not a JSON object, is a SerializationException', async () => {
      expect(await answer(await post('{"ClientId":'))).toMatchObject({
        status: 400,
        errorType: 'SerializationException:',
        body: { __type: 'SerializationException', message: 'The request body is not valid JSON.' },
      })
      expect((await answer(await post('[1,2]'))).body).toEqual({ __type: 'SerializationException', message: 'The request body must be a JSON object.' })
      expect((await answer(await post('null'))).body).toEqual({ __type: 'SerializationException', message: 'The request body must be a JSON object.' })
    })

    it('a body sent as anything but the protocol’s JSON type is not acted on, so a form on another site cannot call the pool', async () => {
      const body = JSON.stringify({
        ClientId: CLIENT_ID,
        Username: newPhone().e164,
        Password: PASSWORD,
        UserAttributes: [
          { Name: 'email', Value: 'a@example.com' },
          { Name: 'birthdate', Value: '1990-04-21' },
        ],
      })
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/json', 'multipart/form-data; boundary=x', null]) {
        const response = await t().app.request('/cognito/', {
          method: 'POST',
          headers: { 'x-amz-target': 'AWSCognitoIdentityProviderService.SignUp', ...(type ? { 'content-type': type } : {}) },
          body,
        })
        expect(await answer(response), String(type)).toMatchObject({
          status: 400,
          body: { __type: 'SerializationException', message: 'Send the request body as application/x-amz-json-1.1.' },
        })
      }
      expect(await t().db.$count(schema.identityUsers)).toBe(0)
      expect(await t().db.$count(schema.outbox)).toBe(0)
    })

    it('a body nested thousands deep is refused, never a 500', async () => {
      const deep = `{"ClientId":${'{"a":'.repeat(5000)}0${'}'.repeat(5000)}}`
      expect(await answer(await post(deep))).toMatchObject({
        status: 400,
        body: { __type: 'InvalidParameterException', message: expect.stringContaining('nested too deeply') },
      })
      const deepArray = `{"ClientId":${'['.repeat(2000)}${']'.repeat(2000)}}`
      expect((await answer(await post(deepArray, 'AWSCognitoIdentityProviderService.ForgotPassword'))).status).toBe(400)
      expect((await answer(await post(`{"ClientId":[[["x"]]],"Username":"+447700900321"}`, 'AWSCognitoIdentityProviderService.ForgotPassword'))).body).toEqual({
        __type: 'ResourceNotFoundException',
        message: 'User pool client  does not exist.',
      })
    })

    it('a body over 64 KiB is refused with 413 before anything is stored', async () => {
      const body = JSON.stringify({ ClientId: CLIENT_ID, Username: newPhone().e164, Password: PASSWORD, Padding: 'x'.repeat(70 * 1024) })
      expect(await answer(await post(body))).toMatchObject({
        status: 413,
        errorType: 'InvalidParameterException:',
        body: { __type: 'InvalidParameterException', message: 'The request body is too large: the limit is 64 KiB.' },
      })
      expect(await t().db.$count(schema.identityUsers)).toBe(0)
    })

    const attributes = [{ Name: 'email', Value: 'a@example.com' }]
    const invalid = (message: string) => ({ __type: 'InvalidParameterException', message })
    it.each([
      ['SignUp', { ClientId: CLIENT_ID, Username: 12345, Password: PASSWORD }, invalid('Username cannot be empty')],
      [
        'SignUp',
        { ClientId: CLIENT_ID, Username: '+447700900321', Password: PASSWORD, UserAttributes: { email: 'a@example.com' } },
        invalid('UserAttributes must be a list of {Name, Value}.'),
      ],
      [
        'SignUp',
        { ClientId: CLIENT_ID, Username: '+447700900321', Password: PASSWORD, UserAttributes: [{ Name: 'email', Value: 5 }] },
        invalid('UserAttributes must be a list of {Name, Value}.'),
      ],
      [
        'SignUp',
        { ClientId: CLIENT_ID, Username: '+447700900321', Password: PASSWORD, UserAttributes: attributes, ClientMetadata: { dob: 19900421, firstName: ['A'] } },
        invalid('ClientMetadata must map names to text values.'),
      ],
      [
        'SignUp',
        { ClientId: CLIENT_ID, Username: '+447700900321', Password: PASSWORD, UserAttributes: attributes, ClientMetadata: 'shop' },
        invalid('ClientMetadata must map names to text values.'),
      ],
      [
        'ResendConfirmationCode',
        { ClientId: CLIENT_ID, Username: '+447700900321', ClientMetadata: { shop_id: 42 } },
        invalid('ClientMetadata must map names to text values.'),
      ],
      [
        'InitiateAuth',
        { ClientId: CLIENT_ID, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: 'nope' },
        invalid('AuthParameters must map names to text values.'),
      ],
      [
        'InitiateAuth',
        { ClientId: CLIENT_ID, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: '+447700900321', PASSWORD: 5 } },
        invalid('Password cannot be empty'),
      ],
      [
        'InitiateAuth',
        { ClientId: CLIENT_ID, AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: 7 } },
        invalid('Missing required parameter REFRESH_TOKEN'),
      ],
      ['GetUser', { AccessToken: { token: 'x' } }, invalid('AccessToken cannot be empty')],
      ['RevokeToken', { ClientId: CLIENT_ID, Token: 5 }, invalid('Token cannot be empty')],
      [
        'ChangePassword',
        { AccessToken: 'x.y.z', PreviousPassword: 1, ProposedPassword: 2 },
        { __type: 'NotAuthorizedException', message: 'Invalid Access Token' },
      ],
    ])('%s with fields of the wrong type is answered 400, never 5xx (%j)', async (operation, input, expected) => {
      const response = await post(JSON.stringify(input), `AWSCognitoIdentityProviderService.${operation}`)
      expect(await answer(response)).toMatchObject({ status: 400, errorType: `${expected.__type}:`, body: expected })
      expect(await t().db.$count(schema.identityUsers)).toBe(0)
      expect(await t().db.$count(schema.outbox)).toBe(0)
    })

    it('the SDK sees a wrong client id as ResourceNotFoundException', async () => {
      const client = cognitoClient(t().app)
      expect(await failure(client.send(new ResendConfirmationCodeCommand({ ClientId: 'nope', Username: newPhone().e164 })))).toEqual({
        type: 'ResourceNotFoundException',
        message: 'User pool client nope does not exist.',
        status: 400,
      })
    })
  },
  () => ({ passwords: fastPasswords, trustProxy: true }),
)
