import { CognitoIdentityProviderClient, ConfirmSignUpCommand, InitiateAuthCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider'
import { randomUUID } from 'node:crypto'
import { schema, sql } from '@salon/db'
import type { LotSource } from '@salon/contracts/commerce'
import { HEALTH_QUESTIONS } from '@salon/contracts/rules/health-questions'
import { createLedgerRepository } from '../../modules/commerce/ledger.repository.ts'
import type { TestApp } from '../harness.ts'
import { newAddress, TEST_OUTBOX_TOKEN } from './doubles.ts'
import { CLIENT_ID, codeIn, PASSWORD, passwordSignInInput, POOL_ID, signUpInput, type CustomerInput } from './sign-up.ts'

export { CLIENT_ID, NEW_PASSWORD, PASSWORD, POOL_ID, signUpInput, type CustomerInput } from './sign-up.ts'

/**
 * Customers for the server tests, made as the web app makes them: signed up, confirmed and signed in through the
 * identity service with the official AWS SDK client, talking to the app in process.
 */

/** Anything that answers a fetch Request, as the Hono app does (the second argument carries the socket, as the Node server passes it). */
export interface Fetcher {
  fetch(request: Request, env?: unknown): Response | Promise<Response>
}

/** What the Node server hands the app for a request that came over a socket from `address`. */
export const fromAddress = (address: string) => ({
  incoming: { socket: { remoteAddress: address, remotePort: 40000, remoteFamily: address.includes(':') ? 'IPv6' : 'IPv4' } },
})

export const ISSUER = `urn:salon-identity:${POOL_ID}`

/** What the SDK hands its request handler (an HttpRequest of @smithy). */
interface SdkRequest {
  method: string
  protocol: string
  hostname: string
  port?: number
  path: string
  query?: Record<string, string | string[] | null>
  headers: Record<string, string>
  body?: unknown
}

/**
 * Passes the SDK's requests to the app in process, the SDK's own serialisation and parsing, each as if from
 * its own client address (the socket's, and X-Forwarded-For for apps that trust a proxy).
 */
export function inProcessHandler(app: Fetcher, address: () => string = newAddress) {
  return {
    async handle(request: SdkRequest) {
      const url = new URL(`${request.protocol}//${request.hostname}${request.port ? `:${request.port}` : ''}${request.path}`)
      for (const [name, value] of Object.entries(request.query ?? {})) {
        for (const v of Array.isArray(value) ? value : [value]) if (v !== null) url.searchParams.append(name, v)
      }
      const headers = new Headers(request.headers)
      headers.delete('accept-encoding')
      const from = address()
      headers.set('x-forwarded-for', from)
      const body = request.body === undefined || request.body === null ? undefined : (request.body as BodyInit)
      const response = await app.fetch(new Request(url, { method: request.method, headers, body }), fromAddress(from))
      const responseHeaders: Record<string, string> = {}
      response.headers.forEach((value, name) => {
        responseHeaders[name] = value
      })
      return {
        response: {
          statusCode: response.status,
          reason: response.statusText,
          headers: responseHeaders,
          body: new Uint8Array(await response.arrayBuffer()),
        },
      }
    },
  }
}

/** The official client, unchanged but for where it sends its requests; no retries, so every call is counted once. */
export function cognitoClient(app: Fetcher, options: { address?: () => string } = {}) {
  return new CognitoIdentityProviderClient({
    region: 'eu-west-2',
    endpoint: 'http://localhost/cognito/',
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    maxAttempts: 1,
    requestHandler: inProcessHandler(app, options.address),
  })
}

/** An error the client threw, in the terms a test compares. */
export async function failure(promise: Promise<unknown>): Promise<{ type: string; message: string; status: number | undefined }> {
  try {
    await promise
  } catch (error) {
    const e = error as Error & { $metadata?: { httpStatusCode?: number } }
    return { type: e.name, message: e.message, status: e.$metadata?.httpStatusCode }
  }
  throw new Error('the call succeeded but was expected to fail')
}

/** Without the SDK's response metadata, for comparing whole answers. */
export function withoutMetadata<T extends { $metadata?: unknown }>(output: T): Omit<T, '$metadata'> {
  const { $metadata: _metadata, ...rest } = output
  return rest
}

let lastPhone = 0
/**
 * A fresh UK mobile number from Ofcom's drama range (07700 900000 to 900999), in E.164 and as typed: fresh
 * within a suite's database, as the numbers count again from the first for every suite (see describeApi).
 */
export function newPhone() {
  if (lastPhone >= 999) throw new Error("a suite has used up the drama range's thousand numbers")
  const digits = String(++lastPhone).padStart(3, '0')
  return { e164: `+447700900${digits}`, typed: `07700 900${digits}` }
}

/** Starts the numbers again: a new suite has a new database, and the test files share their modules. */
export function startPhoneNumbers() {
  lastPhone = 0
}

export interface OutboxMessage {
  channel: 'sms' | 'email'
  to: string
  subject: string | null
  body: string
  sentAt: string
}

export async function outboxMessages(app: Fetcher, to?: string): Promise<OutboxMessage[]> {
  const response = await app.fetch(new Request(`http://localhost/dev/outbox.json?token=${TEST_OUTBOX_TOKEN}`))
  const all = (await response.json()) as OutboxMessage[]
  return to ? all.filter((m) => m.to === to) : all
}

/** The six-digit code in the newest text message to a number. */
export async function latestCode(app: Fetcher, phone: string): Promise<string> {
  const [message] = await outboxMessages(app, phone)
  const code = codeIn(message?.body)
  if (!code) throw new Error(`no code has been sent to ${phone}`)
  return code
}

/** Signs a customer up; the code waits in the outbox. */
export async function signUpCustomer(app: Fetcher, client: CognitoIdentityProviderClient, input: CustomerInput = {}) {
  const phone = input.phone ?? newPhone().e164
  const password = input.password ?? PASSWORD
  const output = await client.send(new SignUpCommand(signUpInput({ ...input, phone, password })))
  return { phone, password, sub: output.UserSub! }
}

/** Signs a customer up and confirms the phone with the code from the outbox. */
export async function confirmedCustomer(app: Fetcher, client: CognitoIdentityProviderClient, input: CustomerInput = {}) {
  const customer = await signUpCustomer(app, client, input)
  const code = await latestCode(app, customer.phone)
  await client.send(new ConfirmSignUpCommand({ ClientId: CLIENT_ID, Username: customer.phone, ConfirmationCode: code }))
  return customer
}

export async function signIn(client: CognitoIdentityProviderClient, phone: string, password = PASSWORD) {
  const output = await client.send(new InitiateAuthCommand(passwordSignInInput(phone, password)))
  const result = output.AuthenticationResult!
  return { accessToken: result.AccessToken!, idToken: result.IdToken!, refreshToken: result.RefreshToken! }
}

/** A confirmed customer with the tokens of a fresh sign-in. */
export async function signedInCustomer(app: Fetcher, client: CognitoIdentityProviderClient, input: CustomerInput = {}) {
  const customer = await confirmedCustomer(app, client, input)
  return { ...customer, tokens: await signIn(client, customer.phone, customer.password) }
}

/** The identity token as the API wants it. */
export const bearer = (tokens: { idToken: string }) => ({ authorization: `Bearer ${tokens.idToken}` })

export type ShopCustomer = Awaited<ReturnType<typeof shopCustomer>>

/** Every health question answered "no" (docs/product.md §4.15). */
export const ALL_NO = Object.fromEntries(HEALTH_QUESTIONS.map((q) => [q.id, false])) as Record<(typeof HEALTH_QUESTIONS)[number]['id'], boolean>

/** Answers the health questions of the customer's shop as the web app does, all "no" unless some are named "yes". */
export async function answerHealthQuestions(
  t: TestApp,
  customer: { headers: Record<string, string> },
  yes: string[] = [],
  /** The shop's headers, when the customer belongs to a shop other than the test app's. */
  shop: Record<string, string> = {},
) {
  const headers = { ...shop, ...customer.headers }
  const { json } = await t.api('p_account/health', { headers })
  const answers = { ...ALL_NO, ...Object.fromEntries(yes.map((id) => [id, true])) }
  const answered = await t.api('p_account/health', { body: { version: json.version, answers }, headers })
  if (answered.status !== 200) throw new Error(`the health questions could not be answered: ${answered.status} ${JSON.stringify(answered.json)}`)
  return answered.json
}

/**
 * A customer of the test app's shop (the sign-up names the shop, so the shop keeps a customer record at once),
 * signed in, with the headers of their identity token. They have answered the health questions all "no", as every
 * customer must before booking, unless `healthAnswered` is false.
 */
export async function shopCustomer(t: TestApp, input: CustomerInput & { healthAnswered?: boolean } = {}) {
  const { healthAnswered = true, ...signUp } = input
  const customer = await signedInCustomer(t.app, cognitoClient(t.app), { metadata: t.shop.headers, ...signUp })
  const signedIn = { ...customer, headers: bearer(customer.tokens) }
  if (healthAnswered) await answerHealthQuestions(t, signedIn, [], signUp.metadata ?? t.shop.headers)
  return signedIn
}

/** Many customers of the test app's shop, twenty at a time. */
export async function shopCustomers(t: TestApp, count: number, input: CustomerInput & { healthAnswered?: boolean } = {}) {
  const customers: ShopCustomer[] = []
  while (customers.length < count) {
    const batch = Math.min(20, count - customers.length)
    customers.push(...(await Promise.all(Array.from({ length: batch }, () => shopCustomer(t, input)))))
  }
  return customers
}

/** Signs the customer in again (identity tokens last an hour of the app's clock) and answers fresh headers. */
export async function freshHeaders(t: TestApp, customer: { phone: string; password: string }) {
  return bearer(await signIn(cognitoClient(t.app), customer.phone, customer.password))
}

export interface LotInput {
  /** By default every bed type of the shop. */
  bedTypes?: string[]
  /** By default a year after now. */
  expiresAt?: Date
  source?: Exclude<LotSource, 'purchase'>
  label?: string
  /** When the lot was given: by default now. */
  at?: Date
}

/**
 * Gives a customer a lot of minutes at the test app's shop (an adjustment by the salon, unless said otherwise);
 * answers the lot's id. Purchases are made through the API, as customers make them.
 */
export async function credit(t: TestApp, customer: { sub: string }, minutes: number, input: LotInput = {}) {
  const id = randomUUID()
  const bedTypes = input.bedTypes ?? (await t.db.select({ code: schema.bedTypes.code }).from(schema.bedTypes).where(eqShop(t))).map((r) => r.code)
  const at = input.at ?? new Date(t.now())
  await createLedgerRepository(t.db).addLot({
    id,
    shopId: t.shop.id,
    sub: customer.sub,
    source: input.source ?? 'adjustment',
    label: input.label ?? 'Minutes from the salon',
    minutes,
    bedTypes,
    expiresAt: input.expiresAt ?? new Date(at.getTime() + 365 * 86_400_000),
    at,
  })
  return id
}
const eqShop = (t: TestApp) => sql`${schema.bedTypes.shopId} = ${t.shop.id}`

/** The customer's balance of minutes at the test app's shop. */
export const balanceOf = (t: TestApp, customer: { sub: string }) => createLedgerRepository(t.db).balance(t.shop.id, customer.sub)
