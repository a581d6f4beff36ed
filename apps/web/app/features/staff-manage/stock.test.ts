import { describe, expect, it } from 'vitest'
import { stockChangeOf, stockWords } from './stock.ts'

describe("a product's stock in words", () => {
  it('says nothing for a product that is not counted', () => {
    expect(stockWords(null, null)).toBeNull()
    expect(stockWords(null, 3)).toBeNull()
  })
  it('says how many are in stock, and low at or below the mark', () => {
    expect(stockWords(12, null)).toEqual({ text: '12 in stock', low: false, out: false })
    expect(stockWords(12, 3)).toEqual({ text: '12 in stock', low: false, out: false })
    expect(stockWords(3, 3)).toEqual({ text: '3 in stock', low: true, out: false })
    expect(stockWords(1, 0)).toEqual({ text: '1 in stock', low: false, out: false })
  })
  it('says out of stock at none, with or without a mark', () => {
    expect(stockWords(0, null)).toEqual({ text: 'Out of stock', low: true, out: true })
    expect(stockWords(0, 5)).toEqual({ text: 'Out of stock', low: true, out: true })
  })
})

describe('a change of stock typed by the owner', () => {
  it('adds a delivery and takes off a correction', () => {
    expect(stockChangeOf('delivered', '12')).toBe(12)
    expect(stockChangeOf('correct', ' 2 ')).toBe(-2)
    expect(stockChangeOf('delivered', '10000')).toBe(10_000)
  })
  it('refuses what is not 1 to 10,000', () => {
    for (const typed of ['', '0', '-3', '1.5', 'ten', '10001', '1e3']) expect(stockChangeOf('delivered', typed)).toBeNull()
  })
})
