import type { CounterProduct } from '@salon/contracts/staff-retail'
import { describe, expect, it } from 'vitest'
import { basketPence, itemsOf, stockText } from './product-sale.tsx'

const product = (id: string, pricePence: number, stock: number | null = null): CounterProduct => ({
  id,
  name: id,
  detail: '',
  pricePence,
  vatRateBps: 2000,
  stock,
  lowStockAt: null,
  low: false,
})

describe('the counter’s basket of products', () => {
  const products = [product('goggles', 300, 4), product('balm', 350), product('lotion', 1200, 0)]

  it('sends the products chosen, in the price list’s order, and leaves out those at nought', () => {
    expect(itemsOf({ lotion: 1, goggles: 2, balm: 0 }, products)).toEqual([
      { extraId: 'goggles', quantity: 2 },
      { extraId: 'lotion', quantity: 1 },
    ])
    expect(itemsOf({}, products)).toEqual([])
  })

  it('adds up the basket at the price list’s prices', () => {
    expect(basketPence({ goggles: 2, balm: 1 }, products)).toBe(950)
    expect(basketPence({ unknown: 3 }, products)).toBe(0)
  })

  it('says the stock only of a product the salon counts', () => {
    expect(stockText(products[0]!)).toBe('4 in stock')
    expect(stockText(products[1]!)).toBeNull()
    expect(stockText(products[2]!)).toBe('Out of stock')
  })
})
