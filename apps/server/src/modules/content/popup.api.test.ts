import { POPUP_CONSENT_TEXT } from '@salon/contracts/consent'
import { eq, schema } from '@salon/db'
import { expect, it } from 'vitest'
import { newAddress } from '../../test/factories/doubles.ts'
import { describeApi } from '../../test/harness.ts'

const valid = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Megan',
  email: 'megan@example.com',
  phone: '07700 900789',
  marketingConsent: true,
  ...overrides,
})

describeApi(
  'offer popup',
  (t) => {
    const leave = (body: unknown, address = newAddress()) => t().api('popup/customer', { body, headers: { 'x-forwarded-for': address } })
    const leadsNamed = (firstName: string) => t().db.select().from(schema.popupLeads).where(eq(schema.popupLeads.firstName, firstName))

    it('a visitor who ticks consent has their details stored with the consent wording', async () => {
      const { status, json } = await leave(valid({ firstName: 'Megan' }))
      expect(status).toBe(201)
      expect(json).toEqual({ message: expect.stringContaining('Megan') })
      const [lead, ...others] = await leadsNamed('Megan')
      expect(others).toHaveLength(0)
      expect(lead).toMatchObject({
        shopId: t().shop.id,
        email: 'megan@example.com',
        phone: '07700 900789',
        marketingConsent: true,
        consentText: POPUP_CONSENT_TEXT,
      })
      expect(Math.abs(Date.now() - lead!.createdAt.getTime())).toBeLessThan(60_000)
    })

    it('a phone number alone is enough', async () => {
      const { status } = await leave(valid({ firstName: 'Phoebe', email: '' }))
      expect(status).toBe(201)
      const [lead] = await leadsNamed('Phoebe')
      expect(lead).toMatchObject({ email: null, phone: '07700 900789' })
    })

    it('a visitor cannot store different consent wording', async () => {
      const { status } = await leave({ ...valid({ firstName: 'Wording' }), consentText: 'I agree to nothing' })
      expect(status).toBe(201)
      const [lead] = await leadsNamed('Wording')
      expect(lead!.consentText).toBe(POPUP_CONSENT_TEXT)
    })

    const refused: [string, Record<string, unknown>, RegExp][] = [
      ['details without consent', valid({ firstName: 'No Consent', marketingConsent: undefined }), /marketingConsent must be ticked/],
      ['details with consent unticked', valid({ firstName: 'Unticked', marketingConsent: false }), /marketingConsent must be ticked/],
      ['details with neither email nor phone', valid({ firstName: 'Unreachable', email: undefined, phone: undefined }), /email.*phone number/],
      ['details without a first name', valid({ firstName: undefined }), /firstName/],
      ['details with a bad email address', valid({ firstName: 'Bad Email', email: 'megan@', phone: undefined }), /email must be a valid email address/],
      ['details with a bad phone number', valid({ firstName: 'Bad Phone', email: undefined, phone: '12' }), /phone must be a phone number/],
    ]
    it.each(refused)('%s are refused with the field named and nothing stored', async (_label, body, field) => {
      const before = await t().db.$count(schema.popupLeads)
      const { status, json } = await leave(body)
      expect(status).toBe(400)
      expect(json.message).toMatch(field)
      expect(await t().db.$count(schema.popupLeads)).toBe(before)
    })

    it('the sixth sign-up from one address within an hour is refused', async () => {
      const address = newAddress()
      for (let i = 1; i <= 5; i++) expect((await leave(valid({ firstName: `Keen ${i}` }), address)).status).toBe(201)
      const { status, json } = await leave(valid({ firstName: 'Keen 6' }), address)
      expect(status).toBe(429)
      expect(json.message).toMatch(/try again in an hour/)
      expect(await leadsNamed('Keen 6')).toHaveLength(0)
      expect((await leave(valid({ firstName: 'Keen Neighbour' }), newAddress())).status).toBe(201)
    })

    it('popup sign-ups and contact messages are limited separately', async () => {
      const address = newAddress()
      for (let i = 1; i <= 5; i++) expect((await leave(valid({ firstName: `Both ${i}` }), address)).status).toBe(201)
      const contact = await t().api('p_message', {
        body: { name: 'Both Forms', email: 'both@example.com', message: 'Can I book by phone?', consent: true },
        headers: { 'x-forwarded-for': address },
      })
      expect(contact.status).toBe(201)
    })
  },
  () => ({ trustProxy: true }),
)
