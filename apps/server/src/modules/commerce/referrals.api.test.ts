import { randomUUID } from 'node:crypto'
import { SignUpCommand } from '@aws-sdk/client-cognito-identity-provider'
import { and, eq, schema } from '@salon/db'
import { expect, it } from 'vitest'
import { balanceOf, cognitoClient, newPhone, shopCustomer, signUpInput, type ShopCustomer } from '../../test/factories/customers.ts'
import { fastPasswords } from '../../test/factories/doubles.ts'
import { buyPackage } from '../../test/factories/payments.ts'
import type { ShopInput } from '../../test/factories/shop.ts'
import { describeApi } from '../../test/harness.ts'

const SHOP = {
  packages: [{ id: 'pkg-30', name: 'Starter 30', minutes: 30, pricePence: 1800 }],
  commerce: { referralRewardMinutes: 15, referralRewardValidityDays: 60 },
} satisfies ShopInput

describeApi(
  'refer and earn',
  (t) => {
    const referrals = (c: ShopCustomer) => t().api('p_account/referrals', { headers: c.headers })
    const friendOf = (code: string, input: { givenName?: string; familyName?: string } = {}) =>
      shopCustomer(t(), { metadata: { ...t().shop.headers, user_signup: code }, email: `${randomUUID()}@example.com`, ...input })
    const rewardLots = (sub: string) =>
      t()
        .db.select()
        .from(schema.minuteLots)
        .where(and(eq(schema.minuteLots.sub, sub), eq(schema.minuteLots.source, 'referral')))

    it('each customer has a referral code of their own, made the first time they look', async () => {
      const customer = await shopCustomer(t())
      const first = await referrals(customer)
      expect(first.json).toEqual({
        code: expect.stringMatching(/^[A-HJ-NP-Z2-9]{8}$/),
        rewardMinutes: 15,
        rewardValidityDays: 60,
        friends: [],
        minutesEarned: 0,
      })
      expect((await referrals(customer)).json.code).toBe(first.json.code)
    })

    it("a friend who signs up with the code and buys a first package earns both the shop's reward, once", async () => {
      const referrer = await shopCustomer(t(), { email: `${randomUUID()}@example.com` })
      const { code } = (await referrals(referrer)).json
      const friend = await friendOf(code.toLowerCase(), { givenName: 'Jamie', familyName: 'Lee' })
      expect((await referrals(referrer)).json.friends).toEqual([{ name: 'Jamie L.', joinedAt: expect.any(String), rewarded: false }])
      expect(await rewardLots(referrer.sub)).toHaveLength(0)

      await buyPackage(t(), friend, 'pkg-30')
      expect(await balanceOf(t(), friend)).toBe(30 + 15)
      expect(await balanceOf(t(), referrer)).toBe(15)
      const [reward] = await rewardLots(referrer.sub)
      expect(reward).toMatchObject({ minutes: 15, label: 'Referral reward: a friend joined' })
      expect(reward!.expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 86_400_000)
      expect((await referrals(referrer)).json).toMatchObject({ friends: [{ name: 'Jamie L.', rewarded: true }], minutesEarned: 15 })

      await buyPackage(t(), friend, 'pkg-30')
      expect(await rewardLots(friend.sub)).toHaveLength(1)
      expect(await rewardLots(referrer.sub)).toHaveLength(1)
    })

    it('a code written as people write it, with spaces or a dash, still brings the friend', async () => {
      const referrer = await shopCustomer(t(), { email: `${randomUUID()}@example.com` })
      const { code } = (await referrals(referrer)).json
      await friendOf(`${code.slice(0, 4).toLowerCase()}-${code.slice(4)}`, { givenName: 'Robin', familyName: 'Hart' })
      await friendOf(` ${code.slice(0, 4)} ${code.slice(4)} `, { givenName: 'Sam', familyName: 'Ray' })
      expect((await referrals(referrer)).json.friends.map((f: { name: string }) => f.name).sort()).toEqual(['Robin H.', 'Sam R.'])
    })

    it('an unknown code, or a customer’s own, is refused at sign-up with a message to act on', async () => {
      const client = cognitoClient(t().app)
      const unknown = client.send(new SignUpCommand(signUpInput({ phone: newPhone().e164, metadata: { ...t().shop.headers, user_signup: 'NOSUCH99' } })))
      await expect(unknown).rejects.toThrow(
        'The referral code NOSUCH99 is not known at this salon. Please check the link your friend sent, or sign up without it.',
      )
      const email = `${randomUUID()}@example.com`
      const referrer = await shopCustomer(t(), { email })
      const { code } = (await referrals(referrer)).json
      const self = client.send(new SignUpCommand(signUpInput({ phone: newPhone().e164, email, metadata: { ...t().shop.headers, user_signup: code } })))
      await expect(self).rejects.toThrow('You cannot use your own referral code.')
      expect((await referrals(referrer)).json.friends).toEqual([])
    })
  },
  { shop: SHOP, deps: () => ({ passwords: fastPasswords }) },
)
