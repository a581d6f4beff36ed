/** How a product's stock reads on the price list: "12 in stock", "Out of stock", or not counted. */
export interface StockWords {
  text: string
  /** Counted, and at or below its low-stock mark, or none left. */
  low: boolean
  out: boolean
}

export function stockWords(stock: number | null, lowStockAt: number | null): StockWords | null {
  if (stock === null) return null
  if (stock <= 0) return { text: 'Out of stock', low: true, out: true }
  return { text: `${stock} in stock`, low: lowStockAt !== null && stock <= lowStockAt, out: false }
}

/** The most one change may move a product's stock (as the server allows). */
export const MAX_STOCK_CHANGE = 10_000

export type StockChangeKind = 'delivered' | 'correct'

/** The change a typed number makes: + for a delivery, − for a correction; null when it is not 1 to 10,000. */
export function stockChangeOf(kind: StockChangeKind, typed: string): number | null {
  if (!/^\s*\d{1,5}\s*$/.test(typed)) return null
  const count = Number(typed)
  if (count < 1 || count > MAX_STOCK_CHANGE) return null
  return kind === 'delivered' ? count : -count
}

export const NOT_STOCK_CHANGE = 'Please give a whole number from 1 to 10,000.'
