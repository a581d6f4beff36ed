import { randomUUID } from 'node:crypto'
import { DeleteUserCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider'
import { and, eq, schema } from '@salon/db'
import { expect, it } from 'vitest'
import { balanceOf, cognitoClient, newPhone, shopCustomer, signUpInput, type ShopCustomer } from '../../test/factories/customers.ts'
import { fastPasswords } from '../../test/factories/doubles.ts'
import { buyPackage } from '../../test/factories/payments.ts'
import type { ShopInput } from '../../test/factories/shop.ts'
import { describeApi } from '../../test/harness.ts'

const SHOP = {
  packages: [{ id: 'pkg-30', name: 'Starter 30', minutes: 30, pricePence: 1800 }],
  commerce: { referralRewardMinutes: 10, referralRewardValidityDays: 90 },
} satisfies ShopInput

describeApi(
  'a referral is rewarded once per friend',
  (t) => {
    const referralsOf = (c: ShopCustomer) => t().api('p_account/referrals', { headers: c.headers })
    const codeOf = async (c: ShopCustomer) => (await referralsOf(c)).json.code as string
    const friendWith = (code: string, phone: string, email = `${randomUUID()}@example.com`) =>
      shopCustomer(t(), { phone, email, metadata: { ...t().shop.headers, user_signup: code } })
    const rewardLots = (sub: string) =>
      t()
        .db.select()
        .from(schema.minuteLots)
        .where(and(eq(schema.minuteLots.sub, sub), eq(schema.minuteLots.source, 'referral')))
    const deleteAccount = (c: ShopCustomer) => cognitoClient(t().app).send(new DeleteUserCommand({ AccessToken: c.tokens.accessToken }))

    it('a friend who buys, deletes the account and signs up again with the same phone earns the reward once, ever', async () => {
      const referrer = await shopCustomer(t(), { email: `${randomUUID()}@example.com` })
      const code = await codeOf(referrer)
      const phone = newPhone().e164
      const friends: ShopCustomer[] = []
      for (let round = 0; round < 3; round++) {
        const friend = await friendWith(code, phone)
        friends.push(friend)
        await buyPackage(t(), friend, 'pkg-30')
        await deleteAccount(friend)
      }
      expect(await balanceOf(t(), referrer)).toBe(10)
      expect(await rewardLots(referrer.sub)).toHaveLength(1)
      expect((await Promise.all(friends.map((f) => rewardLots(f.sub)))).map((lots) => lots.length)).toEqual([1, 0, 0])
      expect((await referralsOf(referrer)).json.minutesEarned).toBe(10)
    })

    it('the record that a phone number earned a reward holds no personal data, and survives the deletion', async () => {
      const referrer = await shopCustomer(t(), { email: `${randomUUID()}@example.com` })
      const phone = newPhone().e164
      const friend = await friendWith(await codeOf(referrer), phone, 'nadia.khan@example.com')
      await buyPackage(t(), friend, 'pkg-30')

      // The data export still works, and the deletion still erases the customer's personal fields.
      const exported = await t().api('p_account/data', { headers: friend.headers })
      expect(exported.status).toBe(200)
      expect(exported.json.account).toMatchObject({ phone, email: 'nadia.khan@example.com' })
      await deleteAccount(friend)
      const [erased] = await t().db.select().from(schema.customers).where(eq(schema.customers.sub, friend.sub))
      expect(erased).toMatchObject({ firstName: null, lastName: null, email: null, phone: null, dob: null, erasedAt: expect.any(Date) })

      const records = await t().db.select().from(schema.referralRewardedPhones).where(eq(schema.referralRewardedPhones.shopId, t().shop.id))
      const record = records.find((r) => !JSON.stringify(r).includes(friend.sub))!
      expect(Object.keys(record).sort()).toEqual(['createdAt', 'phoneHash', 'shopId'])
      const text = JSON.stringify(records)
      for (const personal of [phone, phone.slice(1), phone.slice(-9), friend.sub, 'nadia']) expect(text).not.toContain(personal)
      expect(record.phoneHash).toMatch(/^[0-9a-f]{64}$/)
    })

    it.each([
      ['Jo.Bloggs@gmail.com', 'jobloggs+tanning@gmail.com'],
      ['jo.bloggs@gmail.com', 'JO.BLOGGS@GMAIL.COM.'],
      ['jobloggs@googlemail.com', 'jo.bloggs@gmail.com'],
      ['sam@example.co.uk', 'Sam+friend@Example.co.uk'],
      ['sam@example.co.uk', 'sam@example.co.uk.'],
    ])('a sign-up with %s’s code and the address %s is refused as their own', async (own, variant) => {
      const referrer = await shopCustomer(t(), { email: own })
      const code = await codeOf(referrer)
      const attempt = cognitoClient(t().app).send(
        new SignUpCommand(signUpInput({ phone: newPhone().e164, email: variant, metadata: { ...t().shop.headers, user_signup: code } })),
      )
      await expect(attempt).rejects.toThrow('You cannot use your own referral code.')
      expect((await referralsOf(referrer)).json.friends).toEqual([])
    })

    it('dots in an address that is not Gmail’s still name another mailbox', async () => {
      const referrer = await shopCustomer(t(), { email: 'sam.lee@example.co.uk' })
      const friend = await friendWith(await codeOf(referrer), newPhone().e164, 'samlee@example.co.uk')
      expect((await referralsOf(referrer)).json.friends).toHaveLength(1)
      expect(friend.sub).toBeTruthy()
    })
  },
  { shop: SHOP, deps: () => ({ passwords: fastPasswords }) },
)
