import { POPUP_CONSENT_TEXT } from '@salon/contracts/consent'
import { eq, schema } from '@salon/db'
import { beforeAll, expect, it } from 'vitest'
import { newAddress, testClock } from '../../test/factories/doubles.ts'
import { otherShopOwner, staffUser, type StaffUser } from '../../test/factories/staff.ts'
import { describeApi } from '../../test/harness.ts'

// Staff tokens last an hour of the app's clock: the tests move it within that hour.
const clock = testClock('2026-11-20T09:30:00Z')

describeApi(
  'leads and messages for the staff (docs/product.md §10.6)',
  (t) => {
    let staff: StaffUser
    let owner: StaffUser
    beforeAll(async () => {
      ;[staff, owner] = await Promise.all([staffUser(t(), { role: 'staff', name: 'Sam Counter' }), staffUser(t(), { role: 'owner', name: 'Olive Owner' })])
    })

    // Each lead a second after the last, on the app's clock, which stamps them: newest first is then one order.
    const offer = async (firstName: string, shopHeaders?: Record<string, string>) => {
      clock.advance(1000)
      const sent = await t().api('popup/customer', {
        body: { firstName, email: `${firstName.toLowerCase()}@example.com`, phone: '', marketingConsent: true },
        headers: { 'x-forwarded-for': newAddress(), ...shopHeaders },
      })
      expect(sent.status).toBe(201)
      const [row] = await t().db.select().from(schema.popupLeads).where(eq(schema.popupLeads.firstName, firstName))
      return row!
    }
    const message = async (name: string, text = 'Is the stand-up booth free on Saturday?') => {
      clock.advance(1000)
      const sent = await t().api('p_message', {
        body: { name, email: '', phone: '07700 900555', message: text, consent: true },
        headers: { 'x-forwarded-for': newAddress() },
      })
      expect(sent.status).toBe(201)
      const [row] = await t().db.select().from(schema.contactMessages).where(eq(schema.contactMessages.name, name))
      return row!
    }
    const leads = (headers: Record<string, string>, query = '') => t().api(`staff/leads${query}`, { headers })
    const mark = (headers: Record<string, string>, kind: string, id: number | string, body: unknown) =>
      t().api(`staff/leads/${kind}/${id}/handled`, { method: 'PUT', body, headers })
    const waitingIds = async () => (await leads(staff.headers)).json.leads.map((l: { kind: string; id: number }) => `${l.kind}:${l.id}`)

    it('lists the offer sign-ups and the messages together, newest first, with what each sent, never to be kept by a cache', async () => {
      const first = await offer('Amelia')
      const second = await message('Brian Walker', 'Hello,\nare you open on Boxing Day?')
      const third = await offer('Chloe')
      const answer = await leads(staff.headers)
      expect(answer.status).toBe(200)
      expect(answer.headers.get('cache-control')).toBe('private, no-store')
      const mine = answer.json.leads.filter((l: { id: number; kind: string }) =>
        [`offer:${first.id}`, `message:${second.id}`, `offer:${third.id}`].includes(`${l.kind}:${l.id}`),
      )
      expect(mine).toEqual([
        {
          kind: 'offer',
          id: third.id,
          at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/),
          name: 'Chloe',
          email: 'chloe@example.com',
          phone: null,
          message: null,
          consentText: POPUP_CONSENT_TEXT,
          consentAt: expect.any(String),
          handledAt: null,
          handledBy: null,
        },
        {
          kind: 'message',
          id: second.id,
          at: expect.any(String),
          name: 'Brian Walker',
          email: null,
          phone: '07700 900555',
          message: 'Hello,\nare you open on Boxing Day?',
          consentText: null,
          consentAt: expect.any(String),
          handledAt: null,
          handledBy: null,
        },
        expect.objectContaining({ kind: 'offer', id: first.id, name: 'Amelia' }),
      ])
      // The times are the database's, to the microsecond (a JavaScript date keeps milliseconds).
      expect(Math.floor(Date.parse(mine[0].at))).toBe(third.createdAt.getTime())
      expect(Date.parse(mine[1].consentAt)).toBe(second.consentAt.getTime())
      // The owner sees the same list.
      expect((await leads(owner.headers)).json.leads).toEqual(answer.json.leads)
    })

    it('marks a lead handled by whom and when, in the audit log; the first to mark it keeps it; waiting again is recorded too', async () => {
      const lead = await offer('Daisy')
      clock.set('2026-11-20T09:45:00Z')
      const marked = await mark(staff.headers, 'offer', lead.id, { handled: true })
      expect(marked.status).toBe(200)
      expect(marked.headers.get('cache-control')).toBe('private, no-store')
      expect(marked.json).toMatchObject({ kind: 'offer', id: lead.id, name: 'Daisy', handledAt: '2026-11-20T09:45:00.000000Z', handledBy: 'Sam Counter' })
      expect(await waitingIds()).not.toContain(`offer:${lead.id}`)
      const handled = await leads(staff.headers, '?handled=true')
      expect(handled.json.leads).toContainEqual(marked.json)

      // Marked again by someone else: nothing changes and nothing more is written.
      clock.set('2026-11-20T09:50:00Z')
      const again = await mark(owner.headers, 'offer', lead.id, { handled: true })
      expect(again).toMatchObject({ status: 200, json: { handledAt: '2026-11-20T09:45:00.000000Z', handledBy: 'Sam Counter' } })

      const reopened = await mark(owner.headers, 'offer', lead.id, { handled: false })
      expect(reopened).toMatchObject({ status: 200, json: { handledAt: null, handledBy: null } })
      expect(await waitingIds()).toContain(`offer:${lead.id}`)
      const [row] = await t().db.select().from(schema.popupLeads).where(eq(schema.popupLeads.id, lead.id))
      expect(row).toMatchObject({ handledAt: null, handledBy: null })

      const audit = await t()
        .db.select()
        .from(schema.staffAuditLog)
        .where(eq(schema.staffAuditLog.subjectId, String(lead.id)))
      expect(audit.filter((a) => a.subjectType === 'popup_lead').map((a) => [a.action, a.actorName, a.before, a.after])).toEqual([
        ['leads.handled', 'Sam Counter', { handledAt: null, handledBy: null }, { handledAt: '2026-11-20T09:45:00.000000Z', handledBy: staff.sub }],
        ['leads.reopened', 'Olive Owner', { handledAt: '2026-11-20T09:45:00.000000Z', handledBy: staff.sub }, { handledAt: null, handledBy: null }],
      ])
    })

    it('marks a contact message handled apart from an offer sign-up with the same id', async () => {
      const sent = await message('Ellie Marsh')
      clock.set('2026-11-20T10:05:00Z')
      const marked = await mark(owner.headers, 'message', sent.id, { handled: true })
      expect(marked.json).toMatchObject({ kind: 'message', id: sent.id, handledAt: '2026-11-20T10:05:00.000000Z', handledBy: 'Olive Owner' })
      const [row] = await t().db.select().from(schema.contactMessages).where(eq(schema.contactMessages.id, sent.id))
      expect(row).toMatchObject({ handledBy: owner.sub, handledAt: new Date('2026-11-20T10:05:00Z') })
      const [offerWithSameId] = await t().db.select().from(schema.popupLeads).where(eq(schema.popupLeads.id, sent.id))
      if (offerWithSameId) expect(offerWithSameId.handledAt).toBeNull()
    })

    it('pages through the list fifty at a time, without losing or repeating one', async () => {
      const names = Array.from({ length: 56 }, (_, i) => `Pager${String(i).padStart(2, '0')}`)
      for (const name of names) await (Number(name.slice(5)) % 2 ? offer(name) : message(name))
      const seen: string[] = []
      let before: string | null = null
      let pages = 0
      do {
        const page: { status: number; json: Record<string, any> } = await leads(staff.headers, before ? `?before=${before}` : '')
        expect(page.status).toBe(200)
        expect(page.json.leads.length).toBeLessThanOrEqual(50)
        seen.push(...page.json.leads.map((l: { kind: string; id: number }) => `${l.kind}:${l.id}`))
        before = page.json.nextBefore
        pages++
      } while (before)
      expect(pages).toBeGreaterThanOrEqual(2)
      expect(new Set(seen).size).toBe(seen.length)
      const all = [...(await t().db.select().from(schema.popupLeads)), ...(await t().db.select().from(schema.contactMessages))]
      const waiting = all.filter((row) => row.shopId === t().shop.id && row.handledAt === null)
      expect(seen.length).toBe(waiting.length)
      // Newest first across both kinds.
      const times = seen.map((key) => {
        const [kind, id] = key.split(':')
        return all.find((row) => String(row.id) === id && ('firstName' in row ? 'offer' : 'message') === kind)!.createdAt.getTime()
      })
      expect(times).toEqual([...times].sort((a, b) => b - a))
    })

    it("never shows or changes another salon's leads", async () => {
      const other = await otherShopOwner(t())
      const theirs = await offer('Farah', { shop_id: other.shop.id, api_key: other.shop.apiKey })
      expect(await waitingIds()).not.toContain(`offer:${theirs.id}`)
      const refused = await mark(staff.headers, 'offer', theirs.id, { handled: true })
      expect(refused).toMatchObject({ status: 404, json: { message: 'There is no such offer sign-up or message.' } })
      const [row] = await t().db.select().from(schema.popupLeads).where(eq(schema.popupLeads.id, theirs.id))
      expect(row!.handledAt).toBeNull()
      expect((await mark(staff.headers, 'message', 987654321, { handled: true })).status).toBe(404)
    })

    it('refuses a request it cannot act on with 400 and a message, changing nothing', async () => {
      const lead = await offer('Gemma')
      for (const [kind, id, body, words] of [
        ['popup', lead.id, { handled: true }, 'kind must be offer or message'],
        ['offer', 'abc', { handled: true }, 'id must be the id of an offer sign-up or message'],
        ['offer', '-4', { handled: true }, 'id must be the id of an offer sign-up or message'],
        ['offer', lead.id, { handled: 'yes' }, 'handled must be true or false'],
        ['offer', lead.id, {}, 'handled must be true or false'],
        ['offer', lead.id, { handled: true, by: 'someone' }, 'by'],
      ] as const) {
        const answer = await mark(staff.headers, kind, id, body)
        expect([kind, id, answer.status, answer.json.message]).toEqual([kind, id, 400, expect.stringContaining(words)])
      }
      for (const query of ['?handled=yes', '?before=yesterday', '?before=12-offer-1;drop', '?extra=1']) {
        const answer = await leads(staff.headers, query)
        expect([query, answer.status, answer.json.message]).toEqual([query, 400, expect.any(String)])
      }
      expect(await waitingIds()).toContain(`offer:${lead.id}`)
    })
  },
  () => ({ now: clock.now, trustProxy: true }),
)

describeApi(
  'two members marking the same lead at once',
  (t) => {
    it('records one of them, once: the row decides under its lock', async () => {
      const members = await Promise.all(['Ann', 'Ben', 'Cat', 'Dan'].map((name) => staffUser(t(), { role: 'staff', name })))
      const sent = await t().api('popup/customer', {
        body: { firstName: 'Racer', email: 'racer@example.com', phone: '', marketingConsent: true },
        headers: { 'x-forwarded-for': newAddress() },
      })
      expect(sent.status).toBe(201)
      const [lead] = await t().db.select().from(schema.popupLeads).where(eq(schema.popupLeads.firstName, 'Racer'))
      const answers = await Promise.all(
        members.map((m) => t().api(`staff/leads/offer/${lead!.id}/handled`, { method: 'PUT', body: { handled: true }, headers: m.headers })),
      )
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200])
      const winners = new Set(answers.map((a) => a.json.handledBy))
      expect(winners.size).toBe(1)
      const audit = await t()
        .db.select()
        .from(schema.staffAuditLog)
        .where(eq(schema.staffAuditLog.subjectId, String(lead!.id)))
      expect(audit.map((a) => [a.action, a.actorName])).toEqual([['leads.handled', [...winners][0]]])
    })
  },
  { deps: () => ({ trustProxy: true }), postgresOnly: true },
)
