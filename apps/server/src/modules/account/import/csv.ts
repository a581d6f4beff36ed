/**
 * Reading a CSV file as spreadsheets and salon systems write it (RFC 4180, forgivingly): a byte order mark, CRLF, LF
 * or CR line ends, fields in double quotes holding commas, quotes ("") and line breaks. Files saved with semicolons or
 * tabs between fields (a spreadsheet set to another country's habits) are read too: the header row says which.
 */

export interface CsvRecord {
  /** The record's row as a spreadsheet numbers it: the first record (the header) is row 1; an empty line is a row too. */
  row: number
  cells: string[]
}

/** A file that cannot be read as CSV: the message says where and what to do. */
export class CsvError extends Error {}

const QUOTE = 34
const CR = 13
const LF = 10

/** The separator of the header row: the one of comma, semicolon and tab it holds most of outside quotes (comma on a tie). */
function separatorOf(text: string): string {
  const counts = new Map<string, number>([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ])
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (c === '"') quoted = !quoted
    else if (!quoted && (c === '\n' || c === '\r')) break
    else if (!quoted && counts.has(c)) counts.set(c, counts.get(c)! + 1)
  }
  let best = ','
  for (const [separator, count] of counts) if (count > counts.get(best)!) best = separator
  return best
}

/** Every record of the file, in order, the empty ones too (a row with no cells but one empty one). */
export function parseCsv(input: string): CsvRecord[] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input
  const separator = separatorOf(text).charCodeAt(0)
  const records: CsvRecord[] = []
  let cells: string[] = []
  let cell = ''
  let row = 1
  let i = 0
  const n = text.length
  const endRecord = () => {
    cells.push(cell)
    records.push({ row, cells })
    cells = []
    cell = ''
    row++
  }
  while (i < n) {
    const c = text.charCodeAt(i)
    if (c === QUOTE && cell === '') {
      // A quoted field: up to the quote that is not doubled; a quote doubled inside is one quote.
      const startRow = row
      i++
      let closed = false
      while (i < n) {
        const q = text.indexOf('"', i)
        if (q === -1) break
        cell += text.slice(i, q)
        if (text.charCodeAt(q + 1) === QUOTE) {
          cell += '"'
          i = q + 2
        } else {
          i = q + 1
          closed = true
          break
        }
      }
      if (!closed) {
        throw new CsvError(
          `Row ${startRow}: a value starts with a double quote (") that is never closed, so the rest of the file cannot be read. Please check that row in the file.`,
        )
      }
      // Anything after the closing quote, up to the separator, is kept as written (a forgiving reading of "ab"c).
      while (i < n) {
        const d = text.charCodeAt(i)
        if (d === separator || d === CR || d === LF) break
        cell += text[i]
        i++
      }
      continue
    }
    if (c === separator) {
      cells.push(cell)
      cell = ''
      i++
    } else if (c === CR || c === LF) {
      endRecord()
      i += c === CR && text.charCodeAt(i + 1) === LF ? 2 : 1
    } else {
      // The rest of an unquoted field, to the next separator or line end.
      let j = i + 1
      while (j < n) {
        const d = text.charCodeAt(j)
        if (d === separator || d === CR || d === LF) break
        j++
      }
      cell += text.slice(i, j)
      i = j
    }
  }
  // The last record, unless the file ended with a line end (which ends the record before it, and starts none).
  if (cell !== '' || cells.length > 0) endRecord()
  return records
}

/** Whether a record holds nothing: an empty line, or a row of empty cells (a spreadsheet's trailing rows). */
export const isEmptyRecord = (record: CsvRecord) => record.cells.every((cell) => cell.trim() === '')
