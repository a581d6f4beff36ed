import { schema } from '@salon/db'
import { expect, it } from 'vitest'
import { DEFAULT_POOL } from '../../app.ts'
import { describeApi } from '../../test/harness.ts'

describeApi('identity service: each operation’s input is parsed once, at the boundary', (t) => {
  const call = async (operation: string, input: unknown) => {
    const response = await t().app.request('/cognito/', {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${operation}` },
      body: JSON.stringify(input),
    })
    return { status: response.status, body: (await response.json()) as unknown }
  }
  const rateLimitRows = () => t().db.$count(schema.rateLimits)

  it('a wrong client is the refusal even when the rest of the request is malformed', async () => {
    expect(await call('SignUp', { ClientId: 'someone-elses', Username: '', Password: 5 })).toEqual({
      status: 400,
      body: { __type: 'ResourceNotFoundException', message: 'User pool client someone-elses does not exist.' },
    })
    expect(await call('ConfirmSignUp', { ClientId: 'someone-elses', Username: '+447700900123', ConfirmationCode: '' })).toEqual({
      status: 400,
      body: { __type: 'ResourceNotFoundException', message: 'User pool client someone-elses does not exist.' },
    })
  })

  it('an access token that does not stand is the refusal even when the rest of the request is malformed', async () => {
    expect(await call('UpdateUserAttributes', { AccessToken: 'x.y.z', UserAttributes: 'all of them' })).toEqual({
      status: 400,
      body: { __type: 'NotAuthorizedException', message: 'Invalid Access Token' },
    })
  })

  it('a malformed request for this pool is refused for its first fault, before anything is counted or stored', async () => {
    const before = await rateLimitRows()
    expect(await call('ConfirmSignUp', { ClientId: DEFAULT_POOL.clientId, Username: '+447700900123', ConfirmationCode: '   ' })).toEqual({
      status: 400,
      body: { __type: 'InvalidParameterException', message: 'Confirmation code cannot be empty' },
    })
    expect(await call('ForgotPassword', { ClientId: DEFAULT_POOL.clientId, Username: '+447700900123', ClientMetadata: { shop_id: 42 } })).toEqual({
      status: 400,
      body: { __type: 'InvalidParameterException', message: 'ClientMetadata must map names to text values.' },
    })
    expect(await rateLimitRows()).toBe(before)
    expect(await t().db.$count(schema.outbox)).toBe(0)
  })
})
