import { describe, expect, it } from 'vitest'
import { CsvError, isEmptyRecord, parseCsv } from './csv.ts'

const cells = (text: string) => parseCsv(text).map((r) => r.cells)

describe('reading a CSV file (RFC 4180, as spreadsheets write it)', () => {
  it('reads a header and rows, with CRLF, LF or CR line ends alike, and no empty record after the last line end', () => {
    for (const end of ['\r\n', '\n', '\r']) {
      expect(cells(`a,b,c${end}1,2,3${end}`)).toEqual([
        ['a', 'b', 'c'],
        ['1', '2', '3'],
      ])
    }
    expect(cells('a,b\r\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ])
  })

  it('leaves out a byte order mark', () => {
    expect(cells('\uFEFFFirst name,Surname\r\nAmy,Able\r\n')[0]).toEqual(['First name', 'Surname'])
  })

  it('reads quoted fields holding commas, doubled quotes and line breaks, and keeps empty fields', () => {
    const records = parseCsv('name,note,minutes\r\n"Able, Amy","She said ""hi""\r\nthen left",\r\n,,\r\n"",x,""\r\n')
    expect(records.map((r) => r.cells)).toEqual([
      ['name', 'note', 'minutes'],
      ['Able, Amy', 'She said "hi"\r\nthen left', ''],
      ['', '', ''],
      ['', 'x', ''],
    ])
    // Rows are numbered as a spreadsheet numbers them: a line break inside quotes does not start a row.
    expect(records.map((r) => r.row)).toEqual([1, 2, 3, 4])
    expect(records.map(isEmptyRecord)).toEqual([false, false, true, false])
  })

  it('numbers an empty line as a row, as a spreadsheet does', () => {
    expect(parseCsv('a\r\n\r\nb\r\n').map((r) => [r.row, r.cells])).toEqual([
      [1, ['a']],
      [2, ['']],
      [3, ['b']],
    ])
  })

  it('takes a quote inside an unquoted field, and text after a closing quote, as written', () => {
    expect(cells('a,b\r\nO"Brien,"ab"c\r\n')[1]).toEqual(['O"Brien', 'abc'])
  })

  it('reads files saved with semicolons or tabs between fields, as the header row shows', () => {
    expect(cells('First name;Surname;Mobile\r\nAmy;Able;"07700 900123; home"\r\n')).toEqual([
      ['First name', 'Surname', 'Mobile'],
      ['Amy', 'Able', '07700 900123; home'],
    ])
    expect(cells('a\tb\r\n1,5\t2\r\n')).toEqual([
      ['a', 'b'],
      ['1,5', '2'],
    ])
  })

  it('refuses a quote that is never closed, naming the row where it starts', () => {
    expect(() => parseCsv('a,b\r\n1,2\r\n3,"never closed\r\n4,5\r\n')).toThrowError(CsvError)
    expect(() => parseCsv('a,b\r\n1,2\r\n3,"never closed\r\n4,5\r\n')).toThrowError(/^Row 3: a value starts with a double quote/)
  })

  it('reads an empty file as no records', () => {
    expect(parseCsv('')).toEqual([])
  })
})
