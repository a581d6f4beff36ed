import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { normaliseVatNumber, vatIn, vatSummary } from './vat.ts'

const rate = fc.constantFrom(2000, 500, 0)
const part = fc.record({ grossPence: fc.integer({ min: 0, max: 1_000_000 }), rateBps: rate })

describe('VAT on a receipt', () => {
  it('finds the VAT in a price that includes it', () => {
    expect(vatIn(1200, 2000)).toBe(200)
    expect(vatIn(2100, 500)).toBe(100)
    expect(vatIn(999, 0)).toBe(0)
    // £0.03 at 20%: 0.5p of VAT rounds up.
    expect(vatIn(3, 2000)).toBe(1)
  })

  it('sums to the penny on mixed rates: each line is its VAT plus its net, and the lines add up to what was paid', () => {
    fc.assert(
      fc.property(fc.array(part, { maxLength: 12 }), (parts) => {
        const lines = vatSummary(parts)
        const paid = parts.reduce((sum, p) => sum + p.grossPence, 0)
        expect(lines.reduce((sum, line) => sum + line.grossPence, 0)).toBe(paid)
        for (const line of lines) {
          expect(line.vatPence + line.netPence).toBe(line.grossPence)
          expect(line.vatPence).toBeGreaterThanOrEqual(0)
          // Never more than half a penny from the exact VAT of the line.
          expect(Math.abs(line.vatPence - (line.grossPence * line.rateBps) / (10_000 + line.rateBps))).toBeLessThanOrEqual(0.5)
        }
        expect(new Set(lines.map((line) => line.rateBps)).size).toBe(lines.length)
        expect(lines.map((line) => line.rateBps)).toEqual([...lines.map((line) => line.rateBps)].sort((a, b) => b - a))
      }),
    )
  })

  it('leaves out a rate nothing was paid at', () => {
    expect(
      vatSummary([
        { grossPence: 0, rateBps: 500 },
        { grossPence: 600, rateBps: 2000 },
      ]),
    ).toEqual([{ rateBps: 2000, grossPence: 600, vatPence: 100, netPence: 500 }])
  })

  it('keeps a VAT number typed with spaces as GB and its digits, and refuses one that is not', () => {
    expect(normaliseVatNumber('gb 123 4567 89')).toBe('GB123456789')
    expect(normaliseVatNumber('123456789012')).toBe('GB123456789012')
    expect(normaliseVatNumber('GB12345678')).toBeNull()
    expect(normaliseVatNumber('FR123456789')).toBeNull()
  })
})
