import type { ImportReport } from '@salon/contracts/staff-import'
import { describe, expect, it } from 'vitest'
import { formatReport, parseImportArgs, UsageError } from './command-line.ts'

describe('the import command’s arguments', () => {
  it('reads the file, the salon, the columns chosen and the dry run', () => {
    expect(parseImportArgs(['--shop', 'glow', '--map', 'mobile=Home phone', '--map', 'note=', '--dry-run', 'customers.csv'])).toEqual({
      help: false,
      shop: 'glow',
      mapping: { mobile: 'Home phone', note: null },
      dryRun: true,
      file: 'customers.csv',
    })
    expect(parseImportArgs(['customers.csv'])).toEqual({ help: false, shop: undefined, mapping: {}, dryRun: false, file: 'customers.csv' })
    expect(parseImportArgs(['--help'])).toEqual({ help: true })
  })

  it('refuses a command line that is not the import’s, saying what is wrong', () => {
    expect(() => parseImportArgs([])).toThrowError(new UsageError('Name the CSV file to import.'))
    expect(() => parseImportArgs(['a.csv', 'b.csv'])).toThrowError('Name one CSV file.')
    expect(() => parseImportArgs(['--map', 'phone=Tel', 'a.csv'])).toThrowError(/there is no field "phone". The fields are: firstName, lastName/)
    expect(() => parseImportArgs(['--map', 'mobile', 'a.csv'])).toThrowError(/write it as <field>=<column>/)
    expect(() => parseImportArgs(['--force', 'a.csv'])).toThrowError(UsageError)
  })
})

describe('the import command’s report', () => {
  it('prints the columns used, the counts, every row refused with its reasons, and the outcome', () => {
    const none = {
      firstName: null,
      lastName: null,
      fullName: null,
      mobile: null,
      email: null,
      dateOfBirth: null,
      skinType: null,
      marketing: null,
      marketingDate: null,
      marketingEmail: null,
      marketingEmailDate: null,
      marketingSms: null,
      marketingSmsDate: null,
      note: null,
      minutes: null,
      minutesBedType: null,
      minutesExpiry: null,
      bookingDate: null,
      bookingTime: null,
      bookingBed: null,
      bookingBedType: null,
      bookingMinutes: null,
    }
    const mapping = { ...none, fullName: 'Name', mobile: 'Tel' }
    const report: ImportReport = {
      dryRun: true,
      importId: null,
      date: '2026-11-23',
      headers: ['Name', 'Tel', 'Shoe size'],
      suggested: mapping,
      mapping,
      counts: { rows: 2, customers: 1, matched: 0, alreadyImported: 0, rejected: 1, minutes: 0, lots: 0, bookings: 0 },
      rejected: [{ row: 3, name: 'Lee Land', mobile: '01632 960001', reasons: ['Mobile number "01632 960001" is a landline.'] }],
      sample: [],
      message: 'Ready to import 1 new customer. 1 row is refused, each with its reason.',
    }
    const text = formatReport(report)
    expect(text).toContain('Dry run on 2026-11-23: nothing was written.')
    expect(text).toMatch(/Full name +← "Name"/)
    expect(text).toContain('Not used: "Shoe size"')
    expect(text).toContain('New customers:        1')
    expect(text).toContain('  Row 3 (Lee Land, 01632 960001):\n    Mobile number "01632 960001" is a landline.')
    expect(text.trimEnd().endsWith('Ready to import 1 new customer. 1 row is refused, each with its reason.')).toBe(true)
  })
})
