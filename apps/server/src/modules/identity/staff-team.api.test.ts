import { decodeJwt } from 'jose'
import { beforeAll, expect, it } from 'vitest'
import { bearer, cognitoClient, newPhone, outboxMessages, shopCustomer, signIn } from '../../test/factories/customers.ts'
import { otherShopOwner, staffUser, type StaffUser } from '../../test/factories/staff.ts'
import { describeApi } from '../../test/harness.ts'

const NEW_PASSWORD = 'Joined-the-team-1'

/** docs/product.md §10: the owner invites by mobile number, the invitee chooses a password, roles change, members leave. */
describeApi('the staff team', (get) => {
  let owner: StaffUser

  beforeAll(async () => {
    owner = await staffUser(get(), { role: 'owner', name: 'Olive Owner' })
  })

  const invite = (body: object, headers = owner.headers) => get().api('staff/team/invitations', { body, headers })
  const accept = (body: object) => get().api('staff_invitation/accept', { body })
  async function codeTextedTo(phone: string) {
    const [message] = await outboxMessages(get().app, phone)
    return { body: message!.body, code: /\b(\d{6})\b/.exec(message!.body)![1]! }
  }

  it('carries cognito:groups in both tokens of a member, and none in a customer’s', async () => {
    for (const token of [owner.tokens.idToken, owner.tokens.accessToken]) expect(decodeJwt(token)['cognito:groups']).toEqual(['owner'])
    const customer = await shopCustomer(get())
    expect(decodeJwt(customer.tokens.idToken)['cognito:groups']).toBeUndefined()
    const me = await get().api('staff/me', { headers: owner.headers })
    expect(me.json).toMatchObject({ sub: owner.sub, name: 'Olive Owner', role: 'owner', shopId: get().shop.id, shopName: get().shop.name })
  })

  it('invites by text message; the invitee proves the number with the code, chooses a password and signs in as staff', async () => {
    const phone = newPhone()
    const invited = await invite({ phone: phone.typed, name: '  Tara   Till ', role: 'staff' })
    expect(invited.status).toBe(201)
    expect(invited.json).toMatchObject({ phone: phone.e164, name: 'Tara Till', role: 'staff' })
    const { body, code } = await codeTextedTo(phone.e164)
    expect(body).toContain(`${get().shop.name}: Olive Owner has invited you to join the team as a member of staff. Your code is ${code}.`)

    const team = await get().api('staff/team', { headers: owner.headers })
    expect(team.json.invitations).toEqual([expect.objectContaining({ phone: phone.e164, name: 'Tara Till', role: 'staff' })])

    const joined = await accept({ phone: phone.typed, code, password: NEW_PASSWORD })
    expect(joined).toMatchObject({ status: 200, json: { name: 'Tara Till', role: 'staff' } })
    const tokens = await signIn(cognitoClient(get().app), phone.e164, NEW_PASSWORD)
    expect(decodeJwt(tokens.idToken)['cognito:groups']).toEqual(['staff'])
    expect((await get().api('staff/me', { headers: bearer(tokens) })).json).toMatchObject({ name: 'Tara Till', role: 'staff' })

    // The invitation is spent: the same code again opens nothing.
    expect((await accept({ phone: phone.typed, code, password: NEW_PASSWORD })).status).toBe(400)
    const after = await get().api('staff/team', { headers: owner.headers })
    expect(after.json.invitations).toEqual([])
    expect(after.json.members.map((m: { name: string }) => m.name)).toContain('Tara Till')
  })

  it('makes an existing customer a member with the password they choose, ending their other sessions', async () => {
    const customer = await shopCustomer(get())
    await invite({ phone: customer.phone, name: 'Casey Customer', role: 'staff' })
    const { code } = await codeTextedTo(customer.phone)
    expect((await accept({ phone: customer.phone, code, password: NEW_PASSWORD })).status).toBe(200)
    const old = await get().api('p_account', { headers: customer.headers })
    expect(old.status).toBe(401)
    const tokens = await signIn(cognitoClient(get().app), customer.phone, NEW_PASSWORD)
    expect(decodeJwt(tokens.idToken).sub).toBe(customer.sub)
    expect(decodeJwt(tokens.idToken)['cognito:groups']).toEqual(['staff'])
  })

  it('spends an invitation after five wrong codes, and refuses an expired or cancelled one', async () => {
    const phone = newPhone()
    await invite({ phone: phone.e164, name: 'Wrong Code', role: 'staff' })
    const { code } = await codeTextedTo(phone.e164)
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 5; i++) {
      const answer = await accept({ phone: phone.e164, code: wrong, password: NEW_PASSWORD })
      expect(answer).toMatchObject({ status: 400, json: { message: 'That code is not right. Please check the text message and try again.' } })
    }
    const spent = await accept({ phone: phone.e164, code, password: NEW_PASSWORD })
    expect(spent.json.message).toBe("This invitation has expired or was cancelled. Please ask the salon's owner to invite you again.")

    const other = newPhone()
    const invited = await invite({ phone: other.e164, name: 'Cancelled', role: 'owner' })
    const cancelled = await get().api(`staff/team/invitations/${invited.json.id}`, { method: 'DELETE', headers: owner.headers })
    expect(cancelled.status).toBe(204)
    const { code: otherCode } = await codeTextedTo(other.e164)
    expect((await accept({ phone: other.e164, code: otherCode, password: NEW_PASSWORD })).status).toBe(400)
  })

  it('refuses bad invitations with a message, and changes nothing', async () => {
    const before = (await get().api('staff/team', { headers: owner.headers })).json
    expect((await invite({ phone: '01632 960123', name: 'Land Line', role: 'staff' })).json.message).toBe(
      'Please give a mobile number, for example 07700 900123.',
    )
    expect((await invite({ phone: newPhone().e164, name: '   ', role: 'staff' })).status).toBe(400)
    expect((await invite({ phone: newPhone().e164, name: 'Boss', role: 'admin' })).status).toBe(400)
    expect((await invite({ phone: owner.phone, name: 'Me Again', role: 'staff' })).json.message).toBe('This number is already on the team.')
    const { owner: elsewhere } = await otherShopOwner(get())
    expect((await invite({ phone: elsewhere.phone, name: 'Poached', role: 'staff' })).json.message).toBe(
      "This number is on another salon's staff. That salon must remove it before it can join yours.",
    )
    expect((await get().api('staff/team', { headers: owner.headers })).json).toEqual(before)
  })

  it('changes a role and removes a member with effect on their very next call, never leaving the salon without an owner', async () => {
    const member = await staffUser(get(), { role: 'staff' })
    expect((await get().api('staff/team', { headers: member.headers })).status).toBe(403)
    const promoted = await get().api(`staff/team/${member.sub}`, { method: 'PUT', body: { role: 'owner' }, headers: owner.headers })
    expect(promoted.json).toMatchObject({ role: 'owner' })
    // The same token: the membership is read on every call.
    expect((await get().api('staff/team', { headers: member.headers })).status).toBe(200)

    const removed = await get().api(`staff/team/${member.sub}`, { method: 'DELETE', headers: member.headers })
    expect(removed.status).toBe(204)
    expect((await get().api('staff/me', { headers: member.headers })).status).toBe(403)

    const lastOwner = await get().api(`staff/team/${owner.sub}`, { method: 'PUT', body: { role: 'staff' }, headers: owner.headers })
    expect(lastOwner).toMatchObject({ status: 409, json: { message: 'A salon must keep at least one owner: make someone else an owner first.' } })
    expect((await get().api(`staff/team/${owner.sub}`, { method: 'DELETE', headers: owner.headers })).status).toBe(409)
    expect((await get().api('staff/me', { headers: owner.headers })).json.role).toBe('owner')
  })

  it('writes every change to the audit log with who, what, before and after', async () => {
    const member = await staffUser(get(), { role: 'staff', name: 'Audit Me' })
    await get().api(`staff/team/${member.sub}`, { method: 'PUT', body: { role: 'owner' }, headers: owner.headers })
    await get().api(`staff/team/${member.sub}`, { method: 'DELETE', headers: owner.headers })
    const log = await get().api('staff/audit', { headers: owner.headers })
    const mine = log.json.entries.filter((e: { subjectId: string }) => e.subjectId === member.sub)
    expect(mine).toEqual([
      expect.objectContaining({
        action: 'team.removed',
        actorName: 'Olive Owner',
        actorRole: 'owner',
        before: { name: 'Audit Me', role: 'owner' },
        after: null,
      }),
      expect.objectContaining({ action: 'team.role-changed', before: { role: 'staff' }, after: { role: 'owner' } }),
    ])
    expect((await get().api('staff/audit?before=abc', { headers: owner.headers })).status).toBe(400)
  })
})

describeApi(
  'the staff team under concurrency',
  (get) => {
    it('lets only one of two owners demote the other at once: the salon keeps an owner', async () => {
      const [a, b] = await Promise.all([staffUser(get(), { role: 'owner' }), staffUser(get(), { role: 'owner' })])
      const answers = await Promise.all([
        get().api(`staff/team/${b.sub}`, { method: 'PUT', body: { role: 'staff' }, headers: a.headers }),
        get().api(`staff/team/${a.sub}`, { method: 'PUT', body: { role: 'staff' }, headers: b.headers }),
      ])
      // The second waits for the first under the owners' locks, and by then its caller is no longer an owner.
      expect(answers.map((r) => r.status).sort()).toEqual([200, 403])
      const owners = (await get().api('staff/team', { headers: (answers[0]!.status === 200 ? a : b).headers })).json.members.filter(
        (m: { role: string }) => m.role === 'owner',
      )
      expect(owners).toHaveLength(1)
    })
  },
  { postgresOnly: true },
)
