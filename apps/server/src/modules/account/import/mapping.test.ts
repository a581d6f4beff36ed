import { describe, expect, it } from 'vitest'
import { headerKey, resolveMapping, suggestMapping } from './mapping.ts'

describe('matching a file’s columns to our fields', () => {
  it('compares headers without case, spaces, punctuation or a note in brackets', () => {
    expect(['Mobile Number', 'mobile_number', ' MOBILE-NUMBER ', 'Mobile number (UK)'].map(headerKey)).toEqual(Array(4).fill('mobilenumber'))
    expect(headerKey('D.O.B. [dd/mm/yyyy]')).toBe('dob')
  })

  it('recognises the names salon systems and spreadsheets give columns', () => {
    const mapping = suggestMapping([
      'Forename',
      'Surname',
      'Tel',
      'E-mail',
      'DOB',
      'Fitzpatrick',
      'Balance',
      'Expires',
      'Comments',
      'Bed',
      'Appointment date',
      'Appointment time',
      'Duration',
    ])
    expect(mapping).toMatchObject({
      firstName: 'Forename',
      lastName: 'Surname',
      mobile: 'Tel',
      email: 'E-mail',
      dateOfBirth: 'DOB',
      skinType: 'Fitzpatrick',
      minutes: 'Balance',
      minutesExpiry: 'Expires',
      note: 'Comments',
      bookingBed: 'Bed',
      bookingDate: 'Appointment date',
      bookingTime: 'Appointment time',
      bookingMinutes: 'Duration',
      fullName: null,
    })
    expect(suggestMapping(['Phone', 'Name', 'Date of birth', 'Minutes left'])).toMatchObject({
      mobile: 'Phone',
      fullName: 'Name',
      dateOfBirth: 'Date of birth',
      minutes: 'Minutes left',
    })
    expect(suggestMapping(['Mobile number', 'First name', 'Last name'])).toMatchObject({ mobile: 'Mobile number', firstName: 'First name' })
  })

  it('finds a field’s name inside a longer header, the longest name first, each column used once', () => {
    expect(suggestMapping(['Customer mobile', 'Client forename', 'Client surname', 'Minutes remaining on course'])).toMatchObject({
      mobile: 'Customer mobile',
      firstName: 'Client forename',
      lastName: 'Client surname',
      minutes: 'Minutes remaining on course',
    })
    // An exact name wins over a part of a longer header; a short name ("tel") is not looked for inside others.
    const mapping = suggestMapping(['Hotel', 'Mobile', 'Mobile 2'])
    expect(mapping.mobile).toBe('Mobile')
    expect(Object.values(mapping).filter((v) => v === 'Hotel')).toEqual([])
  })

  it('leaves a full name aside when the file has first and last names', () => {
    expect(suggestMapping(['Name', 'First name', 'Last name', 'Mobile']).fullName).toBeNull()
  })

  it('puts the owner’s choices over the suggestion, a column named in any case, and null for none', () => {
    const headers = ['First name', 'Last name', 'Mobile', 'Home phone', 'Notes']
    const mapping = resolveMapping(headers, suggestMapping(headers), { mobile: 'home phone', note: null })
    expect(mapping).toMatchObject({ mobile: 'Home phone', note: null, firstName: 'First name' })
  })

  it('refuses a column the file lacks, and a file with no mobile numbers or names, saying which columns it has', () => {
    const headers = ['First name', 'Last name', 'Mobile']
    const suggested = suggestMapping(headers)
    expect(() => resolveMapping(headers, suggested, { email: 'Email' })).toThrowError(
      /mapping\.email: the file has no column "Email". Its columns are: "First name", "Last name", "Mobile"/,
    )
    expect(() => resolveMapping(headers, suggested, { mobile: null })).toThrowError(/mobile numbers/)
    expect(() => resolveMapping(headers, suggested, { lastName: null })).toThrowError(/first and last names/)
    expect(() => resolveMapping(['Mobile', 'Name'], suggestMapping(['Mobile', 'Name']), {})).not.toThrow()
  })
})
