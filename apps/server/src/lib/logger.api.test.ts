import { Writable } from 'node:stream'
import {
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider'
import { sql } from '@salon/db'
import { expect, it } from 'vitest'
import { answerHealthQuestions, CLIENT_ID, cognitoClient, failure, NEW_PASSWORD, PASSWORD, signIn, signUpInput } from '../test/factories/customers.ts'
import { describeApi } from '../test/harness.ts'
import { createLogger } from './logger.ts'

/** Everything the app logs, at the most talkative level. */
const lines: string[] = []
const logger = createLogger(
  'trace',
  new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean))
      done()
    },
  }),
)

/** The salon of the visit: its key must never reach the log. */
const SHOP = { id: 'log-salon', apiKey: 'pk_test_log_salon_key_0123456789', email: 'hello@log-salon.example' }

/** Monday 23 November 2026, 08:00 GMT: the booking below is for the next morning. */
const NOW = Date.parse('2026-11-23T08:00:00Z')

const customer = {
  phone: '+447700900456',
  typedPhone: '07700 900456',
  email: 'philippa.ashworth@example.com',
  givenName: 'Philippa',
  familyName: 'Ashworth-Quayle',
  birthdate: '1988-03-14',
}
/** A number the test database refuses, so that a sign-up fails inside PostgreSQL with every value in its detail. */
const REFUSED_PHONE = '+447700900999'
const REFUSED_MESSAGE = 'Please refuse this message'

/** What must never reach a log line: filled as the test goes (codes sent, tokens issued). */
const secrets = new Set<string>([
  customer.phone,
  customer.phone.slice(3),
  customer.typedPhone,
  customer.email,
  customer.givenName,
  customer.familyName,
  customer.birthdate,
  REFUSED_PHONE,
  REFUSED_PHONE.slice(3),
  PASSWORD,
  NEW_PASSWORD,
  SHOP.apiKey,
  '$argon2',
  'argon2id',
])

/** A six-digit code counts only standing alone: the log's own timestamps are long runs of digits. */
const leaks = (line: string) =>
  [...secrets].filter((secret) => (/^\d{6}$/.test(secret) ? new RegExp(`(?<!\\d)${secret}(?!\\d)`).test(line) : line.includes(secret)))

describeApi(
  'what the log holds',
  (t) => {
    it('a customer’s whole visit leaves no password, hash, code, token, key or personal detail in the log', async () => {
      const { app, api, db, outbox } = t()
      const client = cognitoClient(app)
      const codesSent = async () => {
        for (const message of await outbox.list()) for (const code of message.body.match(/\b\d{6}\b/g) ?? []) secrets.add(code)
      }
      const newestCode = async (to: string) => (await outbox.list()).find((m) => m.to === to)!.body.match(/\b(\d{6})\b/)![1]!

      // Sign up and confirm the phone.
      const metadata = { shop_id: SHOP.id, api_key: SHOP.apiKey }
      await client.send(new SignUpCommand(signUpInput({ ...customer, password: PASSWORD, metadata })))
      await client.send(new ConfirmSignUpCommand({ ClientId: CLIENT_ID, Username: customer.phone, ConfirmationCode: await newestCode(customer.phone) }))

      // Sign in, then a wrong password.
      let tokens = await signIn(client, customer.phone, PASSWORD)
      const wrong = await failure(signIn(client, customer.phone, 'Not-My-Password9'))
      expect(wrong.type).toBe('NotAuthorizedException')
      secrets.add('Not-My-Password9')

      // Forgotten password: a code by text message, then a new password.
      await client.send(new ForgotPasswordCommand({ ClientId: CLIENT_ID, Username: customer.phone }))
      await client.send(
        new ConfirmForgotPasswordCommand({
          ClientId: CLIENT_ID,
          Username: customer.phone,
          ConfirmationCode: await newestCode(customer.phone),
          Password: NEW_PASSWORD,
        }),
      )
      tokens = await signIn(client, customer.phone, NEW_PASSWORD)
      const refreshed = await client.send(
        new InitiateAuthCommand({ ClientId: CLIENT_ID, AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: tokens.refreshToken } }),
      )
      for (const token of [tokens.accessToken, tokens.idToken, tokens.refreshToken, refreshed.AuthenticationResult!.IdToken!]) {
        secrets.add(token)
        secrets.add(token.split('.').at(-1)!)
      }

      // A message through the contact form, and a booking.
      const contact = {
        name: `${customer.givenName} ${customer.familyName}`,
        email: customer.email,
        phone: customer.typedPhone,
        message: 'Is the stand-up bed free on Saturday?',
        consent: true,
      }
      expect((await api('p_message', { body: contact })).status).toBe(201)
      const authorization = `Bearer ${tokens.idToken}`
      await answerHealthQuestions(t(), { headers: { authorization } })
      const booked = await api('p_book', {
        body: { date: '2026-11-24', time: '10:00', minutes: 6, bedId: t().shop.beds[0]!.id },
        headers: { authorization },
      })
      expect(booked.status).toBe(201)
      expect((await api('p_account', { headers: { authorization } })).status).toBe(200)

      // Two failures inside PostgreSQL, whose detail repeats the whole row: a sign-up and a contact message.
      await db.execute(sql.raw(`alter table identity_users add constraint identity_users_refused check (phone <> '${REFUSED_PHONE}')`))
      await db.execute(sql.raw(`alter table contact_messages add constraint contact_messages_refused check (message <> '${REFUSED_MESSAGE}')`))
      const refusedSignUp = await failure(client.send(new SignUpCommand(signUpInput({ ...customer, phone: REFUSED_PHONE, password: PASSWORD, metadata }))))
      expect(refusedSignUp).toMatchObject({ type: 'InternalErrorException', status: 500 })
      const refusedMessage = await api('p_message', { body: { ...contact, message: REFUSED_MESSAGE } })
      expect(refusedMessage.status).toBe(500)
      secrets.add(REFUSED_MESSAGE)

      await codesSent()
      expect([...secrets].filter((s) => /^\d{6}$/.test(s)).length).toBeGreaterThanOrEqual(2)

      // The log says what happened: masked recipients, and each database error by its SQLSTATE and where.
      const entries = lines.map((line) => JSON.parse(line) as Record<string, any>)
      expect(entries).toContainEqual(expect.objectContaining({ msg: 'text message written to the outbox', to: expect.stringMatching(/^\+\*+0456$/) }))
      expect(entries).toContainEqual(expect.objectContaining({ msg: 'email written to the outbox', to: 'h***@log-salon.example' }))
      expect(entries).toContainEqual(
        expect.objectContaining({
          msg: 'identity operation failed',
          operation: 'SignUp',
          err: expect.objectContaining({ type: 'DatabaseError', code: '23514', constraint: 'identity_users_refused', table: 'identity_users' }),
        }),
      )
      expect(entries).toContainEqual(
        expect.objectContaining({
          msg: 'unhandled error',
          method: 'POST',
          path: '/api/p_message',
          err: expect.objectContaining({ type: 'DatabaseError', code: '23514', constraint: 'contact_messages_refused', table: 'contact_messages' }),
        }),
      )

      const leaked = lines.map((line) => ({ line, secrets: leaks(line) })).filter((l) => l.secrets.length > 0)
      expect(leaked).toEqual([])
    })
  },
  { deps: () => ({ logger, now: () => NOW }), shop: SHOP },
)
