import { ForgotPasswordCommand } from '@aws-sdk/client-cognito-identity-provider'
import fc from 'fast-check'
import { beforeAll, it } from 'vitest'
import { CLIENT_ID, cognitoClient, confirmedCustomer, latestCode, signedInCustomer, signUpCustomer } from '../factories/customers.ts'
import { describeApi } from '../harness.ts'
import { brokenBody, validBody, type BodySpec } from './bodies.ts'
import { badEnvelope, cognitoRequest, signUp, specs, wrongContentType } from './cognito-operations.ts'
import { NOW, refusals, robustnessSuite } from './refusals.ts'
import { formatTimestamp } from '../../modules/identity/srp.ts'
import { startSrp } from '../factories/srp.ts'

describeApi(
  'robustness: signing up, signing in and codes at /cognito/',
  (t) => {
    const suite = refusals('cognito-sign-up', t)
    /** Each operation with a body it would accept, built on the suite's own accounts. */
    let operations: [string, BodySpec][]

    beforeAll(async () => {
      const client = cognitoClient(t().app)
      const pending = await signUpCustomer(t().app, client)
      const signupCode = await latestCode(t().app, pending.phone)
      const signingIn = await confirmedCustomer(t().app, client)
      const resetting = await confirmedCustomer(t().app, client)
      await client.send(new ForgotPasswordCommand({ ClientId: CLIENT_ID, Username: resetting.phone }))
      const resetCode = await latestCode(t().app, resetting.phone)
      const refreshing = await signedInCustomer(t().app, client)
      const proving = await confirmedCustomer(t().app, client)
      const started = await startSrp(client, proving.phone)
      const timestamp = formatTimestamp(NOW)
      const username = started.challenge.USER_ID_FOR_SRP!
      const revoking = await signedInCustomer(t().app, client)
      operations = [
        ['ConfirmSignUp', specs.confirmSignUp(pending.phone, signupCode)],
        ['ResendConfirmationCode', specs.resendConfirmationCode(pending.phone)],
        ['InitiateAuth', specs.passwordSignIn(signingIn.phone, signingIn.password)],
        ['InitiateAuth', specs.refreshSignIn(refreshing.tokens.refreshToken)],
        ['InitiateAuth', specs.srpSignIn(signingIn.phone, started.srp.srpA)],
        [
          'RespondToAuthChallenge',
          specs.passwordVerifier({
            USERNAME: username,
            PASSWORD_CLAIM_SECRET_BLOCK: started.challenge.SECRET_BLOCK!,
            TIMESTAMP: timestamp,
            PASSWORD_CLAIM_SIGNATURE: await started.srp.signature({ username, password: proving.password, challenge: started.challenge, timestamp }),
          }),
        ],
        ['GetTokensFromRefreshToken', specs.getTokensFromRefreshToken(refreshing.tokens.refreshToken)],
        ['RevokeToken', specs.revokeToken(revoking.tokens.refreshToken)],
        ['ForgotPassword', specs.forgotPassword(resetting.phone)],
        ['ConfirmForgotPassword', specs.confirmForgotPassword(resetting.phone, resetCode)],
      ]
    })

    const broken = (operation: string, spec: BodySpec) => brokenBody(spec).map(({ body, flaws }) => cognitoRequest({ operation, json: body, flaws }))
    const some = (...names: string[]) => fc.oneof(...operations.filter(([name]) => names.includes(name)).map(([name, spec]) => broken(name, spec)))

    it('SignUp refuses bad client ids, usernames, passwords, attributes and metadata', async () => {
      await suite.check(
        signUp.chain((spec) => broken('SignUp', spec)),
        { seed: 1301, runs: 800, kind: 'cognito' },
      )
    })

    it('ConfirmSignUp and ResendConfirmationCode refuse bad fields and wrong codes', async () => {
      await suite.check(some('ConfirmSignUp', 'ResendConfirmationCode'), { seed: 1302, runs: 500, kind: 'cognito' })
    })

    it('InitiateAuth refuses bad flows, parameters, passwords and refresh tokens', async () => {
      await suite.check(some('InitiateAuth'), { seed: 1303, runs: 600, kind: 'cognito' })
    })

    it('RespondToAuthChallenge refuses bad challenge names, forged or stale answers and signatures', async () => {
      await suite.check(some('RespondToAuthChallenge'), { seed: 1308, runs: 400, kind: 'cognito' })
    })

    it('GetTokensFromRefreshToken and RevokeToken refuse bad client ids and tokens', async () => {
      await suite.check(some('GetTokensFromRefreshToken', 'RevokeToken'), { seed: 1304, runs: 400, kind: 'cognito' })
    })

    it('ForgotPassword and ConfirmForgotPassword refuse bad fields, codes and passwords', async () => {
      await suite.check(some('ForgotPassword', 'ConfirmForgotPassword'), { seed: 1305, runs: 500, kind: 'cognito' })
    })

    it('a wrong or missing target, and bodies that are not one JSON object, are refused', async () => {
      const all: [string, fc.Arbitrary<object>][] = [
        ['SignUp', signUp.chain(validBody)],
        ...operations.map(([name, spec]): [string, fc.Arbitrary<object>] => [name, validBody(spec)]),
      ]
      await suite.check(fc.oneof(...all.map(([name, body]) => badEnvelope(name, body))), { seed: 1306, runs: 600, kind: 'cognito' })
    })

    // Last: a body the operation would accept is sent here, so a wrongly accepted one changes the accounts above.
    it('a body sent as another content type than JSON is refused', async () => {
      const all: [string, fc.Arbitrary<object>][] = [
        ['SignUp', signUp.chain(validBody)],
        ...operations.map(([name, spec]): [string, fc.Arbitrary<object>] => [name, validBody(spec)]),
      ]
      await suite.check(fc.oneof(...all.map(([name, body]) => wrongContentType(name, body))), { seed: 1307, runs: 200, kind: 'cognito' })
    })
  },
  robustnessSuite,
)
