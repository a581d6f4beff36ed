import { sql } from '@salon/db'
import { expect, it } from 'vitest'
import { newPhone, outboxMessages } from '../../test/factories/customers.ts'
import { otherShopOwner, staffUser, type StaffUser } from '../../test/factories/staff.ts'
import { eventually } from '../../test/eventually.ts'
import { describeApi, type TestApp } from '../../test/harness.ts'

const NEW_PASSWORD = 'Joined-the-team-1'
const NO_INVITATION = "This invitation has expired or was cancelled. Please ask the salon's owner to invite you again."
const WRONG_CODE = 'That code is not right. Please check the text message and try again.'
const ONLY_OWNER = "Only the salon's owner can do this."

function calls(get: () => TestApp) {
  const invite = (by: StaffUser, body: object) => get().api('staff/team/invitations', { body, headers: by.headers })
  const accept = (body: object) => get().api('staff_invitation/accept', { body })
  const codeTextedTo = async (phone: string) => /\b(\d{6})\b/.exec((await outboxMessages(get().app, phone))[0]!.body)![1]!
  const team = async (by: StaffUser) => (await get().api('staff/team', { headers: by.headers })).json
  return { invite, accept, codeTextedTo, team }
}

/**
 * Runs `change` (SQL on a connection of its own) without committing it, starts `requests` while it is held, waits
 * until PostgreSQL has them waiting on its row locks, then commits: the requests go on from the committed change,
 * as they would behind a change of role or a removal that the team page was making at that moment.
 */
async function behindUncommitted<T>(t: TestApp, change: ReturnType<typeof sql>, requests: () => Promise<T>[]) {
  const started = await t.db.transaction(async (tx) => {
    await tx.execute(change)
    const running = requests()
    const waiting = await eventually(
      async () => {
        const result = await t.db.execute(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`)
        return (result as unknown as { rows: { n: number }[] }).rows[0]!.n
      },
      (n) => n >= running.length,
    )
    expect(waiting, 'the requests wait for the change in flight').toBeGreaterThanOrEqual(running.length)
    return running
  })
  return Promise.all(started)
}

/** docs/product.md §10.1: an invitation stands only while the owner who sent it is still an owner of the salon. */
describeApi('staff invitations and their sender', (get) => {
  const { invite, accept, codeTextedTo, team } = calls(get)

  it('an owner invitation sent by an owner who is then made staff cannot be accepted, and is no longer waiting', async () => {
    const [keeper, leaving] = [await staffUser(get(), { role: 'owner' }), await staffUser(get(), { role: 'owner', name: 'Leaving Owner' })]
    const phone = newPhone()
    const sent = await invite(leaving, { phone: phone.e164, name: 'Way Back', role: 'owner' })
    expect(sent.status).toBe(201)
    const code = await codeTextedTo(phone.e164)

    expect((await get().api(`staff/team/${leaving.sub}`, { method: 'PUT', body: { role: 'staff' }, headers: keeper.headers })).status).toBe(200)
    expect((await team(keeper)).invitations.map((i: { id: string }) => i.id)).not.toContain(sent.json.id)

    const joined = await accept({ phone: phone.e164, code, password: NEW_PASSWORD })
    expect(joined).toMatchObject({ status: 400, json: { message: NO_INVITATION } })
    expect((await team(keeper)).members.map((m: { phone: string }) => m.phone)).not.toContain(phone.e164)
    const log = (await get().api('staff/audit', { headers: keeper.headers })).json.entries
    expect(log).toContainEqual(expect.objectContaining({ action: 'team.invitation-cancelled', subjectId: sent.json.id }))
  })

  it('no invitation of a removed owner can be accepted, whatever role it gives', async () => {
    const [keeper, removed] = [await staffUser(get(), { role: 'owner' }), await staffUser(get(), { role: 'owner' })]
    const asOwner = newPhone()
    const asStaff = newPhone()
    await invite(removed, { phone: asOwner.e164, name: 'Back Door', role: 'owner' })
    await invite(removed, { phone: asStaff.e164, name: 'Side Door', role: 'staff' })
    const codes = [await codeTextedTo(asOwner.e164), await codeTextedTo(asStaff.e164)]

    expect((await get().api(`staff/team/${removed.sub}`, { method: 'DELETE', headers: keeper.headers })).status).toBe(204)

    for (const [phone, code] of [
      [asOwner.e164, codes[0]],
      [asStaff.e164, codes[1]],
    ])
      expect(await accept({ phone, code, password: NEW_PASSWORD })).toMatchObject({ status: 400, json: { message: NO_INVITATION } })
    const after = await team(keeper)
    expect(after.invitations).toEqual([])
    expect(after.members.map((m: { phone: string }) => m.phone)).not.toEqual(expect.arrayContaining([asOwner.e164]))
  })

  it('an invitation whose sender lost the owner’s role by another way than the team page (the database alone) is refused at acceptance', async () => {
    const [keeper, demoted] = [await staffUser(get(), { role: 'owner' }), await staffUser(get(), { role: 'owner' })]
    const phone = newPhone()
    await invite(demoted, { phone: phone.e164, name: 'Late Joiner', role: 'owner' })
    const code = await codeTextedTo(phone.e164)
    // As a role changed while the invitation was being written would leave it: the invitation open, its sender staff.
    await get().db.execute(sql`update staff_members set role = 'staff' where sub = ${demoted.sub} and shop_id = ${get().shop.id}`)
    expect(await accept({ phone: phone.e164, code, password: NEW_PASSWORD })).toMatchObject({ status: 400, json: { message: NO_INVITATION } })
    expect((await team(keeper)).members.map((m: { phone: string }) => m.phone)).not.toContain(phone.e164)
  })

  it('an invitation from an owner still in place is accepted as before', async () => {
    const sender = await staffUser(get(), { role: 'owner' })
    const phone = newPhone()
    await invite(sender, { phone: phone.e164, name: 'Welcome Owner', role: 'owner' })
    const joined = await accept({ phone: phone.e164, code: await codeTextedTo(phone.e164), password: NEW_PASSWORD })
    expect(joined).toMatchObject({ status: 200, json: { name: 'Welcome Owner', role: 'owner' } })
  })

  it("another salon's owner can neither cancel nor accept this salon's invitation", async () => {
    const sender = await staffUser(get(), { role: 'owner' })
    const phone = newPhone()
    const sent = await invite(sender, { phone: phone.e164, name: 'Stays Open', role: 'staff' })
    const code = await codeTextedTo(phone.e164)
    const { shop: elsewhere, owner: stranger } = await otherShopOwner(get())
    const headers = { ...elsewhere.headers, ...stranger.headers }
    expect((await get().api(`staff/team/invitations/${sent.json.id}`, { method: 'DELETE', headers })).status).toBe(404)
    const wrongShop = await get().api('staff_invitation/accept', { body: { phone: phone.e164, code, password: NEW_PASSWORD }, headers: elsewhere.headers })
    expect(wrongShop).toMatchObject({ status: 400, json: { message: NO_INVITATION } })
    expect((await team(sender)).invitations.map((i: { id: string }) => i.id)).toContain(sent.json.id)
    expect((await accept({ phone: phone.e164, code, password: NEW_PASSWORD })).status).toBe(200)
  })
})

describeApi(
  'staff invitations under concurrency',
  (get) => {
    const { invite, accept, codeTextedTo, team } = calls(get)

    it('judges at most five wrong codes of one invitation however many are sent at once, and the right one is refused after', async () => {
      const owner = await staffUser(get(), { role: 'owner' })
      const phone = newPhone()
      await invite(owner, { phone: phone.e164, name: 'Guessed At', role: 'staff' })
      const code = await codeTextedTo(phone.e164)
      const wrong = code === '000000' ? '111111' : '000000'
      const answers = await Promise.all(Array.from({ length: 14 }, () => accept({ phone: phone.e164, code: wrong, password: NEW_PASSWORD })))
      expect(answers.every((a) => a.status === 400)).toBe(true)
      expect(answers.filter((a) => a.json.message === WRONG_CODE)).toHaveLength(5)
      expect(answers.filter((a) => a.json.message === NO_INVITATION)).toHaveLength(9)
      expect((await accept({ phone: phone.e164, code, password: NEW_PASSWORD })).json.message).toBe(NO_INVITATION)
    })

    it('an owner invitation accepted while its sender is being made staff either joins before the change or is refused', async () => {
      const [keeper, sender] = [await staffUser(get(), { role: 'owner' }), await staffUser(get(), { role: 'owner' })]
      const phone = newPhone()
      await invite(sender, { phone: phone.e164, name: 'Racing Joiner', role: 'owner' })
      const code = await codeTextedTo(phone.e164)
      const [joined, demoted] = await Promise.all([
        accept({ phone: phone.e164, code, password: NEW_PASSWORD }),
        get().api(`staff/team/${sender.sub}`, { method: 'PUT', body: { role: 'staff' }, headers: keeper.headers }),
      ])
      expect(demoted.status).toBe(200)
      expect([200, 400]).toContain(joined.status)
      if (joined.status === 400) expect(joined.json.message).toBe(NO_INVITATION)
    })

    it('an owner invitation tried while its sender is being made staff waits for the change, then is refused', async () => {
      const sender = await staffUser(get(), { role: 'owner' })
      const keeper = await staffUser(get(), { role: 'owner' })
      const phone = newPhone()
      await invite(sender, { phone: phone.e164, name: 'In Flight', role: 'owner' })
      const code = await codeTextedTo(phone.e164)
      // The demotion alone, its invitation left open: as one whose sender's invitation was written while it ran.
      const [joined] = await behindUncommitted(
        get(),
        sql`update staff_members set role = 'staff' where sub = ${sender.sub} and shop_id = ${get().shop.id}`,
        () => [accept({ phone: phone.e164, code, password: NEW_PASSWORD })],
      )
      expect(joined).toMatchObject({ status: 400, json: { message: NO_INVITATION } })
      const after = await team(keeper)
      expect(after.members.map((m: { phone: string }) => m.phone)).not.toContain(phone.e164)
      expect(after.invitations).toEqual([])
    })

    it('an owner being made staff cannot send an invitation while the change is in flight', async () => {
      const sender = await staffUser(get(), { role: 'owner' })
      const keeper = await staffUser(get(), { role: 'owner' })
      const phone = newPhone()
      const [sent] = await behindUncommitted(
        get(),
        sql`update staff_members set role = 'staff' where sub = ${sender.sub} and shop_id = ${get().shop.id}`,
        () => [invite(sender, { phone: phone.e164, name: 'Never Sent', role: 'owner' })],
      )
      expect(sent).toMatchObject({ status: 403, json: { message: ONLY_OWNER } })
      expect((await team(keeper)).invitations).toEqual([])
      expect(await outboxMessages(get().app, phone.e164)).toEqual([])
    })

    it('an owner being removed cannot make someone else an owner, nor remove anyone, while the removal is in flight', async () => {
      const leaving = await staffUser(get(), { role: 'owner' })
      const keeper = await staffUser(get(), { role: 'owner' })
      const accomplice = await staffUser(get(), { role: 'staff' })
      const [promoted, removed] = await behindUncommitted(
        get(),
        sql`update staff_members set removed_at = ${new Date(get().now()).toISOString()}::timestamptz where sub = ${leaving.sub} and shop_id = ${get().shop.id}`,
        () => [
          get().api(`staff/team/${accomplice.sub}`, { method: 'PUT', body: { role: 'owner' }, headers: leaving.headers }),
          get().api(`staff/team/${keeper.sub}`, { method: 'DELETE', headers: leaving.headers }),
        ],
      )
      expect(promoted).toMatchObject({ status: 403, json: { message: ONLY_OWNER } })
      expect(removed).toMatchObject({ status: 403, json: { message: ONLY_OWNER } })
      const members = (await team(keeper)).members.map((m: { sub: string; role: string }) => [m.sub, m.role])
      expect(members).toContainEqual([accomplice.sub, 'staff'])
      expect(members).toContainEqual([keeper.sub, 'owner'])
    })
  },
  { postgresOnly: true },
)
