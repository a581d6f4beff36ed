import { describe, expect, it } from 'vitest'
import { parseCsv } from './csv.ts'
import { suggestMapping } from './mapping.ts'
import { readRows, type RowContext } from './rows.ts'

const CONTEXT: RowContext = {
  today: '2026-11-23',
  bedTypes: [
    { code: 'lay-down', name: 'Lay-down' },
    { code: 'stand-up', name: 'Stand-up' },
  ],
  beds: [
    { id: 'bed-a', name: 'Lay-down A', type: 'lay-down' },
    { id: 'booth', name: 'Booth', type: 'stand-up' },
  ],
}

function read(text: string) {
  const records = parseCsv(text)
  const headers = records[0]!.cells
  return readRows(records, headers, suggestMapping(headers), CONTEXT)
}

describe('the rows of a file, judged on their own', () => {
  it('splits a full name before its last word, and keeps the number in E.164', () => {
    const { rows } = read('Name,Mobile\nMary Ann Smith,+44 (0)7700 900123\n')
    expect(rows[0]).toMatchObject({ row: 2, firstName: 'Mary Ann', lastName: 'Smith', phone: '+447700900123' })
  })

  it('refuses every row of a number the file holds twice, however it is written', () => {
    const { rows, rejected } = read('Name,Mobile\nAnn One,07700 900123\nBob Two,07700 900124\nAnn Again,+447700900123\n')
    expect(rows.map((r) => r.row)).toEqual([3])
    expect(rejected.map((r) => [r.row, r.reasons[0]])).toEqual([
      [2, expect.stringContaining('is also on row 4')],
      [4, expect.stringContaining('is also on row 2')],
    ])
  })

  it('takes consent to offers from one column, or from a yes to both email and texts', () => {
    const { rows } = read(
      [
        'Name,Mobile,Email marketing,Email consent date,SMS marketing,SMS consent date',
        'A One,07700 900101,yes,01/03/2024,yes,05/03/2024',
        'B Two,07700 900102,yes,01/03/2024,no,',
        'C Three,07700 900103,,,,',
      ].join('\n'),
    )
    expect(rows.map((r) => [r.marketing, r.marketingOn, r.consentStated])).toEqual([
      [true, '2024-03-05', true],
      [false, '2024-03-01', true],
      [false, null, false],
    ])
  })

  it('gives minutes every bed type and a year when the file does not say, and reads bed types by code, name or a sunbed', () => {
    const { rows, rejected } = read(
      [
        'Name,Mobile,Minutes,Bed type,Expires',
        'A One,07700 900101,30,,',
        'B Two,07700 900102,30,Booth; lay down,2027-01-31',
        'C Three,07700 900103,30,all,',
      ].join('\n'),
    )
    expect(rejected).toEqual([])
    expect(rows.map((r) => [r.minutes, r.bedTypes, r.lastDay])).toEqual([
      [30, ['lay-down', 'stand-up'], '2027-11-23'],
      [30, ['stand-up', 'lay-down'], '2027-01-31'],
      [30, ['lay-down', 'stand-up'], '2027-11-23'],
    ])
  })

  it('asks for the whole of a session, and reads one from a date with its time', () => {
    const { rows, rejected } = read(
      [
        'Name,Mobile,Next booking,Sunbed,Session minutes',
        'A One,07700 900101,24/11/2026 2:30pm,Booth,6',
        'B Two,07700 900102,24/11/2026,,6',
        'C Three,07700 900103,20/11/2026 10:00,Booth,6',
        'D Four,07700 900104,25/11/2026 10:00,Sunbed 9,6',
      ].join('\n'),
    )
    expect(rows.map((r) => r.booking)).toEqual([{ date: '2026-11-24', time: '14:30', minutes: 6, beds: [CONTEXT.beds[1]], label: 'Booth' }])
    expect(rejected.map((r) => [r.row, r.reasons.join(' ')])).toEqual([
      [3, 'The next session is missing its time and its sunbed (or bed type): give all of them, or leave the session’s columns empty.'],
      [4, 'The next session, on Friday 20 November 2026, has passed: only upcoming sessions are imported.'],
      [5, 'The salon has no sunbed "Sunbed 9" in use for the next session. Its sunbeds are: Lay-down A, Booth.'],
    ])
  })

  it('refuses a file with no customers, and one with too many', () => {
    expect(() => read('Name,Mobile\n\n,\n')).toThrowError(/The file has no customers/)
    const many = ['Name,Mobile', ...Array.from({ length: 50_001 }, (_, i) => `A ${i},07700 900123`)].join('\n')
    expect(() => read(many)).toThrowError(/The file has 50,001 customers: the most one import takes is 50,000/)
  })
})
