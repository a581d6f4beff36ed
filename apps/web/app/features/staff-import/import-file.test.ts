import { describe, expect, it } from 'vitest'
import { counted, fileProblem, rejectedCsv, thousands } from './import-file.ts'

describe('the files the import page sends', () => {
  it('takes a CSV file up to 10 MB, and says what to do about any other', () => {
    expect(fileProblem({ name: 'customers.csv', size: 2_000_000, type: 'text/csv' })).toBeNull()
    expect(fileProblem({ name: 'CUSTOMERS.CSV', size: 10, type: 'application/vnd.ms-excel' })).toBeNull()
    expect(fileProblem({ name: 'export.txt', size: 10, type: '' })).toBeNull()
    expect(fileProblem({ name: 'customers.csv', size: 0, type: 'text/csv' })).toMatch(/is empty/)
    expect(fileProblem({ name: 'customers.csv', size: 11 * 1024 * 1024, type: 'text/csv' })).toBe(
      'customers.csv is 11.0 MB: the salon takes files of up to 10 MB. Please split it into smaller files and import each.',
    )
    expect(fileProblem({ name: 'customers.xlsx', size: 10, type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' })).toMatch(
      /is not a CSV file/,
    )
  })

  it('writes numbers the UK way without Intl', () => {
    expect([0, 999, 1000, 20000, 1234567].map(thousands)).toEqual(['0', '999', '1,000', '20,000', '1,234,567'])
    expect([counted(1, 'row'), counted(2000, 'row')]).toEqual(['1 row', '2,000 rows'])
  })

  it('gives the refused rows back as a CSV file a spreadsheet opens, quotes and all', () => {
    expect(rejectedCsv([{ row: 3, name: 'Lee "Lan" Land', mobile: '01632 960001', reasons: ['Not a mobile, sorry.', 'Second.'] }])).toBe(
      '\uFEFFRow,Name,Mobile,Why\r\n3,"Lee ""Lan"" Land",01632 960001,"Not a mobile, sorry. Second."\r\n',
    )
  })
})
