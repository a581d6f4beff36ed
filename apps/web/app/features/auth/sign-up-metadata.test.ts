import { describe, expect, it } from 'vitest'
import { confirmPageUrl } from './confirm-page-url.ts'
import { clientMetadata, referralCodeFrom, signUpSource } from './sign-up-metadata.ts'

const details = {
  phone: '+447700900123',
  email: 'amy@example.com',
  firstName: 'Amy',
  lastName: 'Lee',
  skinType: '3',
  dob: '1990-05-01',
  marketing: false,
}

describe("signing up with a friend's code", () => {
  it('takes the code from the link, in upper case', () => {
    expect(referralCodeFrom('amy-7k2')).toBe('AMY7K2')
    expect(referralCodeFrom(' AMY7K2 ')).toBe('AMY7K2')
    expect(referralCodeFrom('ab3k 9qzt')).toBe('AB3K9QZT')
  })

  it('ignores what cannot be a code', () => {
    expect(referralCodeFrom(null)).toBeNull()
    expect(referralCodeFrom('')).toBeNull()
    expect(referralCodeFrom('<script>')).toBeNull()
    expect(referralCodeFrom('AB')).toBeNull()
    expect(referralCodeFrom('A'.repeat(33))).toBeNull()
    // Codes the identity service would not take as one are not sent, so the sign-up is not refused for them.
    expect(referralCodeFrom('AB-CD')).toBeNull()
    expect(referralCodeFrom('A'.repeat(13))).toBeNull()
    expect(referralCodeFrom('AMY_7K2')).toBeNull()
  })

  it("sends the code as the sign-up's source, else 'online'", () => {
    expect(signUpSource('amy-7k2')).toBe('AMY7K2')
    expect(signUpSource(undefined)).toBe('online')
    expect(signUpSource('??')).toBe('online')
  })

  it('sends user_signup as the code in the client metadata, or online without one', () => {
    const config = { shopId: 'shop-1', apiKey: 'key-1' }
    expect(clientMetadata({ ...details, referralCode: 'AMY-7K2' }, config)).toMatchObject({ user_signup: 'AMY7K2', shop_id: 'shop-1', status: 'active' })
    expect(clientMetadata(details, config).user_signup).toBe('online')
    expect(clientMetadata(details, config)).not.toHaveProperty('referralCode')
  })

  it('carries the code to the confirm page, which sends it again with the code', () => {
    const url = new URL(confirmPageUrl({ ...details, referralCode: 'AMY-7K2' }), 'https://salon.example')
    expect(url.pathname).toBe('/sign-up/confirm/')
    expect(url.searchParams.get('ref')).toBe('AMY-7K2')
    expect(url.searchParams.get('phone')).toBe('+447700900123')
    expect(new URL(confirmPageUrl(details), 'https://salon.example').searchParams.has('ref')).toBe(false)
  })
})
