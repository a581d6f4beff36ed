import { DeleteUserCommand, UpdateUserAttributesCommand } from '@aws-sdk/client-cognito-identity-provider'
import { and, eq, schema } from '@salon/db'
import { setTimeout as sleep } from 'node:timers/promises'
import { expect, it } from 'vitest'
import { describeApi } from '../../test/harness.ts'
import { cognitoClient, signedInCustomer } from '../../test/factories/customers.ts'
import { fastPasswords } from '../../test/factories/doubles.ts'

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

describeApi(
  'account API',
  (t) => {
    const client = () => cognitoClient(t().app)
    const as = (token: string) => ({ authorization: token })
    const getAccount = (token: string) => t().api('p_account', { headers: as(token) })
    const putAccount = (token: string, body: unknown) => t().api('p_account', { method: 'PUT', body, headers: as(token) })
    const customerRows = (sub: string) => t().db.select().from(schema.customers).where(eq(schema.customers.sub, sub))
    /** Lets the real clock move on, so a timestamp that is set again is certainly a different one. */
    const tick = () => sleep(5)

    it('GET p_account makes the shop’s customer record from the pool’s profile the first time', async () => {
      const { sub, phone, tokens } = await signedInCustomer(t().app, client(), {
        email: 'amy@example.com',
        givenName: 'Amy',
        familyName: 'Baker',
        skinType: '2',
      })
      expect(await customerRows(sub)).toEqual([])
      const { status, json } = await getAccount(tokens.idToken)
      expect(status).toBe(200)
      expect(json).toEqual({
        account: {
          sub,
          phone,
          email: 'amy@example.com',
          firstName: 'Amy',
          lastName: 'Baker',
          dob: '1990-04-21',
          skinType: 2,
          appMarketing: false,
          appTimestamp: null,
          masterMarketing: false,
          masterTimestamp: null,
          bookingTexts: true,
          createdAt: expect.stringMatching(ISO),
        },
      })
      const rows = await customerRows(sub)
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatchObject({
        shopId: t().shop.id,
        firstName: 'Amy',
        lastName: 'Baker',
        email: 'amy@example.com',
        phone,
        dob: '1990-04-21',
        skinType: 2,
        erasedAt: null,
      })
      expect(rows[0]!.createdAt.toISOString()).toBe(json.account.createdAt)
      expect((await getAccount(tokens.idToken)).json).toEqual(json)
      expect(await customerRows(sub)).toHaveLength(1)
    })

    it('the consent given at sign-up shows in the account, and a "Bearer " prefix is accepted', async () => {
      const { tokens } = await signedInCustomer(t().app, client(), {
        metadata: { ...t().shop.headers, marketing: 'true', user_signup: 'online' },
      })
      const { status, json } = await getAccount(`Bearer ${tokens.idToken}`)
      expect(status).toBe(200)
      expect(json.account).toMatchObject({ appMarketing: true, appTimestamp: expect.stringMatching(ISO), masterMarketing: false, masterTimestamp: null })
    })

    it('the account follows the profile the customer changes in the pool', async () => {
      const { sub, tokens } = await signedInCustomer(t().app, client())
      await getAccount(tokens.idToken)
      await client().send(new UpdateUserAttributesCommand({ AccessToken: tokens.accessToken, UserAttributes: [{ Name: 'family_name', Value: 'Evans' }] }))
      expect((await getAccount(tokens.idToken)).json.account.lastName).toBe('Evans')
      expect((await customerRows(sub))[0]!.lastName).toBe('Evans')
    })

    it('PUT p_account changes only the consents; a timestamp moves only when its consent changes', async () => {
      const { sub, tokens } = await signedInCustomer(t().app, client())
      const initial = (await getAccount(tokens.idToken)).json.account

      const before = Date.now()
      const first = await putAccount(tokens.idToken, { appMarketing: true })
      expect(first.status).toBe(200)
      expect(first.json).toEqual({
        message: 'Account was updated!',
        account: { ...initial, appMarketing: true, appTimestamp: expect.stringMatching(ISO) },
      })
      const appTimestamp = first.json.account.appTimestamp as string
      expect(Date.parse(appTimestamp)).toBeGreaterThanOrEqual(before)
      expect(Date.parse(appTimestamp)).toBeLessThanOrEqual(Date.now())

      await tick()
      const same = await putAccount(tokens.idToken, { appMarketing: true })
      expect(same.json.account).toEqual(first.json.account)

      await tick()
      const master = await putAccount(tokens.idToken, { masterMarketing: true })
      expect(master.json.account).toEqual({ ...first.json.account, masterMarketing: true, masterTimestamp: expect.stringMatching(ISO) })

      await tick()
      const withdrawn = await putAccount(tokens.idToken, { appMarketing: false, masterMarketing: true })
      expect(withdrawn.json.account).toEqual({ ...master.json.account, appMarketing: false, appTimestamp: expect.stringMatching(ISO) })
      expect(Date.parse(withdrawn.json.account.appTimestamp)).toBeGreaterThan(Date.parse(appTimestamp))
      expect(withdrawn.json.account.masterTimestamp).toBe(master.json.account.masterTimestamp)

      const [row] = await customerRows(sub)
      expect(row).toMatchObject({ appMarketing: false, masterMarketing: true, firstName: 'Sophie', lastName: 'Turner' })
      expect(row!.appTimestamp?.toISOString()).toBe(withdrawn.json.account.appTimestamp)
      expect(row!.masterTimestamp?.toISOString()).toBe(master.json.account.masterTimestamp)
    })

    it('a first explicit "no" is recorded with its time', async () => {
      const { tokens } = await signedInCustomer(t().app, client())
      const { json } = await putAccount(tokens.idToken, { masterMarketing: false })
      expect(json.account).toMatchObject({ masterMarketing: false, masterTimestamp: expect.stringMatching(ISO), appMarketing: false, appTimestamp: null })
    })

    const unknownKey = (key: string) => ({
      message: `Please check the request: body: Unrecognized key: "${key}".`,
      issues: [{ field: 'body', message: `Unrecognized key: "${key}"` }],
    })
    it.each([
      ['a profile field', { firstName: 'Mallory', appMarketing: true }, unknownKey('firstName')],
      ['someone else’s id', { sub: '00000000-0000-4000-8000-000000000000', appMarketing: true }, unknownKey('sub')],
      ['a timestamp of its own', { appMarketing: true, appTimestamp: '2000-01-01T00:00:00.000Z' }, unknownKey('appTimestamp')],
      ['a made-up field with a 3,000-character name', { appMarketing: true, ['k'.repeat(3000)]: 1 }, unknownKey(`${'k'.repeat(40)}…`)],
      [
        'a consent that is not true or false',
        { appMarketing: 'yes' },
        {
          message: 'Please check the request: appMarketing: Invalid input: expected boolean, received string.',
          issues: [{ field: 'appMarketing', message: 'Invalid input: expected boolean, received string' }],
        },
      ],
      [
        'no consent at all',
        {},
        {
          message: 'Please check the request: body: Send appMarketing, masterMarketing or bookingTexts (true or false).',
          issues: [{ field: 'body', message: 'Send appMarketing, masterMarketing or bookingTexts (true or false)' }],
        },
      ],
    ])('PUT p_account with %s is refused 400 with the field named, changing nothing', async (_label, body, expected) => {
      const { sub, tokens } = await signedInCustomer(t().app, client())
      await getAccount(tokens.idToken)
      const before = await customerRows(sub)
      expect(await putAccount(tokens.idToken, body)).toMatchObject({ status: 400, json: expected })
      expect(await customerRows(sub)).toEqual(before)
    })

    it('GET p_account/data downloads everything the shop holds about the customer', async () => {
      const { sub, tokens } = await signedInCustomer(t().app, client())
      await putAccount(tokens.idToken, { masterMarketing: true })
      const account = (await getAccount(tokens.idToken)).json.account
      const before = Date.now()
      const { status, headers, json } = await t().api('p_account/data', { headers: as(tokens.idToken) })
      expect(status).toBe(200)
      expect(headers.get('content-disposition')).toBe('attachment; filename="my-salon-data.json"')
      expect(headers.get('cache-control')).toBe('no-store')
      expect(json).toEqual({
        exportedAt: expect.stringMatching(ISO),
        shop: t().shop.id,
        account: { ...account, sub },
        bookings: [],
        minutes: [],
        healthAnswers: [],
        skinReactions: [],
        staffNotes: [],
        explanation:
          'Your profile and marketing choices, your sessions at the salon, every change to your minute balance, your answers to the health questions, the skin reactions you or the salon recorded and the notes its staff kept about you, as this salon holds them.',
      })
      expect(Date.parse(json.exportedAt)).toBeGreaterThanOrEqual(before)
    })

    it.each([
      ['GET', 'p_account'],
      ['PUT', 'p_account'],
      ['GET', 'p_account/data'],
    ])('%s %s answers 401 without a token or with a bad one', async (method, path) => {
      const body = method === 'PUT' ? { appMarketing: true } : undefined
      const call = (headers: Record<string, string>) => t().api(path, { method, body, headers })
      const customersBefore = await t().db.$count(schema.customers)
      expect(await call({})).toMatchObject({ status: 401, json: { message: 'The Authorization header is missing: please sign in to do this.' } })
      const invalid = { status: 401, json: { message: 'The identity token is not valid. Please sign in again.' } }
      expect(await call(as('not-a-token'))).toMatchObject(invalid)
      expect(await call(as('Bearer eyJhbGciOiJSUzI1NiJ9.e30.c2ln'))).toMatchObject(invalid)
      expect(await t().db.$count(schema.customers)).toBe(customersBefore)
    })

    it('the identity check guards exactly the calls docs/product.md §7 names', async () => {
      const missing = { message: 'The Authorization header is missing: please sign in to do this.' }
      for (const [method, path] of [
        ['POST', 'p_book'],
        ['PUT', 'customer/package'],
        ['PUT', 'session/status'],
        ['POST', 'session/42'],
      ] as const) {
        expect(await t().api(path, { method, body: {} })).toMatchObject({ status: 401, json: missing })
      }
      expect((await t().api('website/packages')).status).toBe(200)
      expect((await t().api('p_sessions', { method: 'POST', body: {} })).status).not.toBe(401)
    })

    it('the shop headers are still needed with a good token', async () => {
      const { tokens } = await signedInCustomer(t().app, client())
      const response = await t().app.request('/api/p_account', { headers: as(tokens.idToken) })
      expect(response.status).toBe(401)
      expect(await response.json()).toEqual({ message: 'The shop_id header is missing: every API request must name its shop.' })
    })

    it('DeleteUser erases the personal data and keeps the row for the salon’s records', async () => {
      const { sub, tokens } = await signedInCustomer(t().app, client(), {
        metadata: { ...t().shop.headers, marketing: 'true', status: 'active' },
      })
      await putAccount(tokens.idToken, { masterMarketing: true })
      const neighbour = await signedInCustomer(t().app, client(), { givenName: 'Nina' })
      await getAccount(neighbour.tokens.idToken)

      await client().send(new DeleteUserCommand({ AccessToken: tokens.accessToken }))
      const rows = await customerRows(sub)
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatchObject({
        shopId: t().shop.id,
        sub,
        firstName: null,
        lastName: null,
        email: null,
        phone: null,
        dob: null,
        skinType: null,
        status: 'deleted',
        appMarketing: false,
        appTimestamp: null,
        masterMarketing: false,
        masterTimestamp: null,
        erasedAt: expect.any(Date),
      })
      expect(await getAccount(tokens.idToken)).toMatchObject({ status: 401, json: { message: 'This account no longer exists. Please sign up again.' } })

      const [other] = await t()
        .db.select()
        .from(schema.customers)
        .where(and(eq(schema.customers.sub, neighbour.sub), eq(schema.customers.shopId, t().shop.id)))
      expect(other).toMatchObject({ firstName: 'Nina', erasedAt: null })
    })
  },
  () => ({ passwords: fastPasswords, trustProxy: true }),
)
