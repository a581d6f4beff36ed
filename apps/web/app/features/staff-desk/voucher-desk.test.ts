import { describe, expect, it } from 'vitest'
import { wholePoundsOf } from './voucher-desk.tsx'

describe('a voucher amount typed at the desk', () => {
  it('is a whole number of pounds, with or without the pound sign and pence', () => {
    expect(wholePoundsOf('20')).toBe(2000)
    expect(wholePoundsOf('£25')).toBe(2500)
    expect(wholePoundsOf('50.00')).toBe(5000)
    for (const refused of ['12.50', '0', '', 'twenty', '-5']) expect(wholePoundsOf(refused), refused).toBeNull()
  })
})
