import { describe, expect, it, vi } from 'vitest'
import { copyLink, referralLink, rewardText, shareLink } from './referral-link.ts'

const data = { title: 'Sunny Tans', text: 'Join me', url: 'https://salon.example/sign-up/?ref=AMY-7K2' }

describe('the referral link', () => {
  it('is the sign-up page with the code', () => {
    expect(referralLink('https://salon.example', 'AMY-7K2')).toBe('https://salon.example/sign-up/?ref=AMY-7K2')
  })

  it("opens the phone's share sheet where there is one", async () => {
    const share = vi.fn(async () => undefined)
    const writeText = vi.fn(async () => undefined)
    expect(await shareLink(data, { share, clipboard: { writeText } })).toBe('shared')
    expect(share).toHaveBeenCalledWith(data)
    expect(writeText).not.toHaveBeenCalled()
  })

  it('closing the share sheet is not a failure, and copies nothing', async () => {
    const share = vi.fn(async () => Promise.reject(Object.assign(new Error('cancelled'), { name: 'AbortError' })))
    const writeText = vi.fn(async () => undefined)
    expect(await shareLink(data, { share, clipboard: { writeText } })).toBe('cancelled')
    expect(writeText).not.toHaveBeenCalled()
  })

  it('copies the link without a share sheet, or when it fails to open', async () => {
    const writeText = vi.fn(async () => undefined)
    expect(await shareLink(data, { clipboard: { writeText } })).toBe('copied')
    expect(writeText).toHaveBeenCalledWith(data.url)
    const broken = vi.fn(async () => Promise.reject(Object.assign(new Error('no'), { name: 'NotAllowedError' })))
    expect(await shareLink(data, { share: broken, clipboard: { writeText } })).toBe('copied')
  })

  it('says when the link could not be copied', async () => {
    expect(await copyLink(data.url, {})).toBe('failed')
    expect(await copyLink(data.url, { clipboard: { writeText: async () => Promise.reject(new Error('denied')) } })).toBe('failed')
  })

  it('says how the reward works, or that there is none now', () => {
    expect(rewardText({ rewardMinutes: 10, rewardValidityDays: 60 })).toBe(
      'When a friend signs up with your link and buys their first package, you each get 10 free minutes, to use within 60 days.',
    )
    expect(rewardText({ rewardMinutes: 0, rewardValidityDays: 60 })).toBeNull()
  })
})
