import { describe, expect, it } from 'vitest'
import { judgeCounterSale, minutesAtListPrice, packageAtListPrice, TO_SELF_MESSAGE } from './counter-limits.ts'

const prices = new Map([
  ['lay-down', 60],
  ['stand-up', 70],
  ['vip', 150],
])

describe('the price list of what the counter sells', () => {
  it('prices loose minutes at the cheapest bed type they can be used on', () => {
    expect(minutesAtListPrice(10, ['stand-up', 'lay-down'], prices)).toEqual({
      pence: 600,
      words: '£6.00, 10 minutes at 60p a minute (the cheapest sunbeds they can be used on)',
    })
    expect(minutesAtListPrice(1, ['vip'], prices)?.words).toBe('£1.50, 1 minute at £1.50 a minute (the cheapest sunbeds they can be used on)')
  })

  it('has no price for minutes of bed types without one, and a package’s own price for a package', () => {
    expect(minutesAtListPrice(10, ['sauna'], prices)).toBeUndefined()
    expect(packageAtListPrice({ name: 'Course of 60', pricePence: 3600 })).toEqual({ pence: 3600, words: '£36.00, the price of Course of 60' })
  })
})

describe('who may make a sale at the counter', () => {
  const list = { pence: 600, words: '£6.00, 10 minutes at 60p a minute' }
  const sale = { toSelf: false, pricePence: 600, list, maxDiscountPercent: 20 }
  const refusal = (check: Parameters<typeof judgeCounterSale>[0]) => {
    try {
      judgeCounterSale(check)
    } catch (error) {
      return error as { status: number; message: string }
    }
    return undefined
  }

  it('lets staff sell down to the limit, rounding the lowest price up to a whole penny', () => {
    expect(judgeCounterSale({ ...sale, role: 'staff', pricePence: 480 })).toEqual([])
    expect(refusal({ ...sale, role: 'staff', pricePence: 479 })).toMatchObject({
      status: 403,
      message:
        "£4.79 is more than 20% below the price list for these minutes: £6.00, 10 minutes at 60p a minute. The lowest price staff may take is £4.80; for less, the salon's owner must approve the price and make the sale.",
    })
    expect(refusal({ ...sale, role: 'staff', list: { pence: 333, words: '' }, maxDiscountPercent: 10, pricePence: 299 })?.message).toContain('is £3.00;')
    expect(judgeCounterSale({ ...sale, role: 'staff', list: { pence: 333, words: '' }, maxDiscountPercent: 10, pricePence: 300 })).toEqual([])
  })

  it('holds no price to a limit of 100%, or to no price list; at 0% any discount is the owner’s', () => {
    expect(judgeCounterSale({ ...sale, role: 'staff', pricePence: 30, maxDiscountPercent: 100 })).toEqual([])
    expect(judgeCounterSale({ ...sale, role: 'staff', pricePence: 30, list: undefined })).toEqual([])
    expect(refusal({ ...sale, role: 'staff', pricePence: 599, maxDiscountPercent: 0 })?.message).toMatch(/^£5\.99 is below the price list for these minutes/)
  })

  it('refuses staff a sale to themselves first, and lets the owner make either, flagged', () => {
    expect(refusal({ ...sale, role: 'staff', toSelf: true, pricePence: 30 })).toMatchObject({ status: 403, message: TO_SELF_MESSAGE })
    expect(judgeCounterSale({ ...sale, role: 'owner', toSelf: true, pricePence: 30 })).toEqual(['sold-to-self', 'below-price-list'])
    expect(judgeCounterSale({ ...sale, role: 'owner' })).toEqual([])
  })
})
