import fc from 'fast-check'
import { beforeAll, it } from 'vitest'
import { cognitoClient, signedInCustomer } from '../factories/customers.ts'
import { HOSTED_OPTIONS } from '../factories/hosted-sign-in.ts'
import { describeApi } from '../harness.ts'
import {
  badlyEncodedBasic,
  brokenForm,
  codeForm,
  notFormContentType,
  oauthRequest,
  refreshForm,
  revokeForm,
  validForm,
  wrongBasic,
  type FormSpec,
} from './oauth-operations.ts'
import { refusals, robustnessDeps, ROBUSTNESS_SHOP } from './refusals.ts'

describeApi(
  'robustness: the hosted sign-in’s token and revoke endpoints',
  (t) => {
    const suite = refusals('oauth', t)
    /** Each endpoint with a form it would accept: a live refresh token, so a request wrongly let through renews or ends its session. */
    let operations: ['/oauth2/token' | '/oauth2/revoke', FormSpec][]

    beforeAll(async () => {
      const client = cognitoClient(t().app)
      const refreshing = await signedInCustomer(t().app, client)
      const revoking = await signedInCustomer(t().app, client)
      operations = [
        ['/oauth2/token', refreshForm(refreshing.tokens.refreshToken)],
        ['/oauth2/revoke', revokeForm(revoking.tokens.refreshToken)],
      ]
    })

    const withForm = (authorization: fc.Arbitrary<{ authorization: string; flaw: string }>) =>
      fc
        .tuple(fc.constantFrom(...operations), authorization)
        .chain(([[path, spec], basic]) => validForm(spec).map((form) => oauthRequest({ path, form, authorization: basic.authorization, flaws: [basic.flaw] })))

    it('a client id in Basic credentials that is badly percent-encoded is invalid_client, at token and revoke', async () => {
      await suite.check(withForm(badlyEncodedBasic), { seed: 1501, runs: 400, kind: 'oauth', status: 401 })
    })

    it('Basic credentials that name no client of the pool are refused, at token and revoke', async () => {
      await suite.check(withForm(wrongBasic), { seed: 1502, runs: 300, kind: 'oauth' })
    })

    it('forms with a bad, repeated or missing field are refused, at token and revoke', async () => {
      const requests = fc
        .constantFrom<['/oauth2/token' | '/oauth2/revoke', FormSpec]>(...operations, ['/oauth2/token', codeForm])
        .chain(([path, spec]) => brokenForm(spec).map(({ form, flaws }) => oauthRequest({ path, form, flaws })))
      await suite.check(requests, { seed: 1503, runs: 500, kind: 'oauth' })
    })

    it('a form sent as another content type, or as none, is refused', async () => {
      const requests = fc
        .tuple(fc.constantFrom(...operations), notFormContentType)
        .chain(([[path, spec], contentType]) =>
          validForm(spec).map((form) => oauthRequest({ path, form, contentType, flaws: [`content type = ${contentType ?? '(none)'}`] })),
        )
      await suite.check(requests, { seed: 1504, runs: 150, kind: 'oauth' })
    })
  },
  { deps: () => ({ ...robustnessDeps(), identity: { ...robustnessDeps().identity, hostedSignIn: HOSTED_OPTIONS } }), shop: ROBUSTNESS_SHOP },
)
