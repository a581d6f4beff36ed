import { describe, expect, it } from 'vitest'
import { BOM, csvCell, csvLine, csvStream } from './csv.ts'

describe('CSV cells (RFC 4180, docs/product.md §10.7)', () => {
  it('writes plain text and numbers as they are', () => {
    expect(csvLine(['Amy', 'Lay-down One', 12, 7.5, null, undefined, true, false])).toBe('Amy,Lay-down One,12,7.5,,,yes,no\r\n')
  })

  it('quotes a field with a comma, a double quote or a line break, doubling the quotes', () => {
    expect(csvCell('Smith, Jo')).toBe('"Smith, Jo"')
    expect(csvCell('The "best" bed')).toBe('"The ""best"" bed"')
    expect(csvCell('two\nlines')).toBe('"two\nlines"')
    expect(csvCell('carriage\r\nreturn')).toBe('"carriage\r\nreturn"')
    expect(csvCell('"')).toBe('""""')
  })

  it('writes a cell a spreadsheet would run as a formula as text, with a leading apostrophe', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","Click")')).toBe(`"'=HYPERLINK(""http://evil.example"",""Click"")"`)
    expect(csvCell('+44 7700 900123')).toBe("'+44 7700 900123")
    expect(csvCell('-2+3')).toBe("'-2+3")
    expect(csvCell('@SUM(A1:A2)')).toBe("'@SUM(A1:A2)")
    expect(csvCell('\tcmd')).toBe("'\tcmd")
    expect(csvCell('\rcmd')).toBe(`"'\rcmd"`)
    // Only the first character counts, and numbers stay numbers.
    expect(csvCell('Anne-Marie')).toBe('Anne-Marie')
    expect(csvCell('a=b')).toBe('a=b')
    expect(csvCell(-150)).toBe('-150')
  })

  it('streams a byte-order mark, the header and the rows batch by batch, each line ending CRLF', async () => {
    async function* batches() {
      yield [{ name: 'Jo, the first' }]
      yield []
      yield [{ name: 'Émile' }, { name: '=1+1' }]
    }
    const bytes = new Uint8Array(await new Response(csvStream(['Name'], batches(), (row) => [row.name])).arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    // Read as Excel does: the mark says UTF-8, and is not part of the text.
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)
    expect(text).toBe(`${BOM}Name\r\n"Jo, the first"\r\nÉmile\r\n'=1+1\r\n`)
  })
})
