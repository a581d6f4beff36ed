/**
 * CSV as RFC 4180 writes it and Excel opens it (docs/product.md §10.7): fields with a comma, a double quote or a
 * line break are quoted (a quote doubled), lines end CRLF, and the file starts with a UTF-8 byte-order mark.
 * A cell a spreadsheet would read as a formula (starting =, +, -, @, a tab or a carriage return) is written with a
 * leading apostrophe, so a name like "=HYPERLINK(…)" typed into a form is shown as text, never run.
 */

export const BOM = '\uFEFF'
export const CRLF = '\r\n'

export type Cell = string | number | boolean | null | undefined

const FORMULA_START = /^[=+\-@\t\r]/
const NEEDS_QUOTES = /[",\r\n]/

/** One cell: numbers as they are (a negative amount stays a number), text defused and quoted where needed. */
export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : ''
  if (typeof value === 'boolean') return value ? 'yes' : 'no'
  const text = FORMULA_START.test(value) ? `'${value}` : value
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export const csvLine = (cells: readonly Cell[]) => cells.map(csvCell).join(',') + CRLF

/**
 * A CSV file read in batches as it is sent: `batches` yields rows a batch at a time, so a year of bookings is never
 * held in memory at once. The header line and the byte-order mark come first.
 */
export function csvStream<T>(header: readonly string[], batches: AsyncIterable<T[]>, toCells: (row: T) => Cell[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  const iterator = batches[Symbol.asyncIterator]()
  let started = false
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true
        controller.enqueue(encoder.encode(BOM + csvLine(header)))
        return
      }
      const next = await iterator.next()
      if (next.done) {
        controller.close()
        return
      }
      controller.enqueue(encoder.encode(next.value.map((row) => csvLine(toCells(row))).join('')))
    },
    async cancel() {
      await iterator.return?.()
    },
  })
}
