/**
 * VAT as a UK salon's receipts show it (docs/product.md §10.3). Prices include VAT; a receipt of a VAT-registered
 * salon shows, for each rate, the amount paid at that rate, the VAT in it and the amount without it. Money is pence.
 */

/** The rates a product can carry, in hundredths of a percent: standard 20%, reduced 5%, zero 0%. */
export const VAT_RATES = [2000, 500, 0] as const
export type VatRateBps = (typeof VAT_RATES)[number]

/** Sunbed sessions, packages and minutes are standard-rated. */
export const STANDARD_VAT_RATE_BPS: VatRateBps = 2000

export const vatRateWords = (bps: number): string => `${bps / 100}%`

/** The VAT in an amount that includes it, rounded to the nearest penny (half a penny up). */
export const vatIn = (grossPence: number, rateBps: number): number => Math.round((grossPence * rateBps) / (10_000 + rateBps))

export interface VatLine {
  rateBps: number
  /** Paid at this rate, VAT included. */
  grossPence: number
  vatPence: number
  /** Paid at this rate, without its VAT. */
  netPence: number
}

/**
 * The VAT summary of what was paid: one line per rate, highest rate first. The VAT is worked out once per rate on its
 * total (HMRC allows either, and one rounding per rate keeps the lines adding up to what was paid to the penny).
 */
export function vatSummary(parts: { grossPence: number; rateBps: number }[]): VatLine[] {
  const byRate = new Map<number, number>()
  for (const part of parts) byRate.set(part.rateBps, (byRate.get(part.rateBps) ?? 0) + part.grossPence)
  return [...byRate.entries()]
    .filter(([, gross]) => gross !== 0)
    .sort(([a], [b]) => b - a)
    .map(([rateBps, grossPence]) => {
      const vatPence = vatIn(grossPence, rateBps)
      return { rateBps, grossPence, vatPence, netPence: grossPence - vatPence }
    })
}

/** A VAT registration number as the salon types it ("GB 123 4567 89", "123456789"), as kept: "GB123456789"; null when it is not one. */
export function normaliseVatNumber(typed: string): string | null {
  const compact = typed.replace(/[\s.-]/g, '').toUpperCase()
  const digits = compact.startsWith('GB') ? compact.slice(2) : compact
  return /^(\d{9}|\d{12})$/.test(digits) ? `GB${digits}` : null
}

export const VAT_NUMBER_MESSAGE = 'must be a UK VAT number: GB and 9 digits (or 12 for a branch), for example GB123456789'
