import { ChangePasswordCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider'
import { DATE_OF_BIRTH_CASES, DATE_OF_BIRTH_CASES_TODAY } from '@salon/contracts/rules/date-of-birth.cases'
import { EMAIL_CASES } from '@salon/contracts/rules/email.cases'
import { IDENTITY_PATH_CASES } from '@salon/contracts/rules/identity-paths.cases'
import { NAME_CASES } from '@salon/contracts/rules/name.cases'
import { PASSWORD_CASES } from '@salon/contracts/rules/password.cases'
import { PHONE_CASES } from '@salon/contracts/rules/phone.cases'
import { beforeAll, expect, it } from 'vitest'
import { describeApi } from '../../test/harness.ts'
import {
  cognitoClient,
  confirmedCustomer,
  failure,
  newPhone,
  signIn,
  signedInCustomer,
  signUpInput,
  type CustomerInput,
} from '../../test/factories/customers.ts'
import { fastPasswords, testClock } from '../../test/factories/doubles.ts'

/**
 * The identity service runs the shared case tables of packages/contracts/src/rules through its endpoint, as the
 * web app's forms run them (apps/web/app/features/auth/shared-rules.test.ts): what a form takes, the pool takes.
 */
const clock = testClock()
const REFUSALS = ['InvalidParameterException', 'InvalidPasswordException']

describeApi(
  'identity service: the rules the web app’s forms share',
  (t) => {
    const client = () => cognitoClient(t().app)
    /** Whether SignUp takes a customer with these details; a refusal must be the caller's to fix. */
    async function signUpTakes(input: CustomerInput) {
      try {
        await client().send(new SignUpCommand(signUpInput({ phone: newPhone().e164, ...input })))
        return true
      } catch (error) {
        expect(REFUSALS).toContain((error as Error).name)
        return false
      }
    }

    beforeAll(() => clock.set(Date.parse(`${DATE_OF_BIRTH_CASES_TODAY}T12:00:00Z`)))

    it.each(PASSWORD_CASES)('SignUp and ChangePassword judge passwords as the forms do: $why', async ({ password, accepted }) => {
      expect(await signUpTakes({ password })).toBe(accepted)
      const { password: current, tokens } = await signedInCustomer(t().app, client())
      const changed = client().send(new ChangePasswordCommand({ AccessToken: tokens.accessToken, PreviousPassword: current, ProposedPassword: password }))
      if (accepted) await expect(changed).resolves.toBeDefined()
      else expect(REFUSALS).toContain((await failure(changed)).type)
    })

    it.each(EMAIL_CASES)('SignUp judges email addresses as the forms do: $why', async ({ email, accepted }) => {
      expect(await signUpTakes({ email })).toBe(accepted)
    })

    it.each(NAME_CASES)('SignUp judges the length of names as the forms do: $why', async ({ name, accepted }) => {
      expect(await signUpTakes({ givenName: name, familyName: name })).toBe(accepted)
    })

    it.each(DATE_OF_BIRTH_CASES)('SignUp judges dates of birth as the forms do: $why', async ({ dob, accepted }) => {
      expect(await signUpTakes({ birthdate: dob })).toBe(accepted)
    })

    const numbers = [...new Set(PHONE_CASES.flatMap((c) => ('phone' in c ? [c.phone] : [])))]
    const passwords = new Map<string, string>()
    beforeAll(async () => {
      for (const phone of numbers) passwords.set(phone, (await confirmedCustomer(t().app, client(), { phone })).password)
    })

    it.each(PHONE_CASES)('a number typed $input is read as the forms read it: $why', async (c) => {
      if ('phone' in c) {
        // The account of that number, however it is written.
        await expect(signIn(client(), c.input, passwords.get(c.phone))).resolves.toMatchObject({ accessToken: expect.any(String) })
      } else {
        expect(await failure(client().send(new SignUpCommand(signUpInput({ phone: c.input }))))).toMatchObject({ type: 'InvalidParameterException' })
      }
    })

    it.each(IDENTITY_PATH_CASES)('the API asks for the identity token on $path: $needsToken', async ({ path, needsToken }) => {
      // A call the rule names is made with the method its route declares (another method is answered 405, signed in or
      // not); the others as a GET, as before.
      const document = (await t().api('openapi.json')).json as { paths: Record<string, Record<string, unknown>> }
      const route = Object.keys(document.paths).find((template) => new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(`/${path}`))
      const method = route && needsToken ? Object.keys(document.paths[route]!)[0]!.toUpperCase() : 'GET'
      const { status, json } = await t().api(path, { method, ...(['POST', 'PUT', 'PATCH'].includes(method) ? { body: {} } : {}) })
      const asked = status === 401 && json?.message === 'The Authorization header is missing: please sign in to do this.'
      expect(asked).toBe(needsToken)
    })
  },
  () => ({ passwords: fastPasswords, trustProxy: true, now: clock.now }),
)
