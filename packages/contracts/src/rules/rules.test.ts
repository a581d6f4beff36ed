import { describe, expect, it } from 'vitest'
import { DATE_OF_BIRTH_CASES, DATE_OF_BIRTH_CASES_TODAY } from './date-of-birth.cases.ts'
import { dateOfBirthRule } from './date-of-birth.ts'
import { EMAIL_CASES } from './email.cases.ts'
import { isEmailAddress } from './email.ts'
import { IDENTITY_PATH_CASES } from './identity-paths.cases.ts'
import { needsIdentityToken } from './identity-paths.ts'
import { NAME_CASES } from './name.cases.ts'
import { isNameWithinLimit } from './name.ts'
import { PASSWORD_CASES } from './password.cases.ts'
import { isPasswordTooLong, missingPasswordRequirements, PASSWORD_REQUIREMENTS, type PasswordRequirement } from './password.ts'
import { PHONE_CASES } from './phone.cases.ts'
import { PICTURE_ADDRESS_CASES } from './picture-address.cases.ts'
import { isPictureAddress } from './picture-address.ts'
import { checkPhone, formatPhone } from './phone.ts'

const ALL = Object.keys(PASSWORD_REQUIREMENTS) as PasswordRequirement[]

describe('the shared rules take exactly their cases', () => {
  it.each(PASSWORD_CASES)('password: $why', ({ password, accepted }) => {
    expect(missingPasswordRequirements(password, ALL).length === 0 && !isPasswordTooLong(password)).toBe(accepted)
  })
  it.each(EMAIL_CASES)('email: $why', ({ email, accepted }) => {
    expect(isEmailAddress(email.trim())).toBe(accepted)
  })
  it.each(NAME_CASES)('name: $why', ({ name, accepted }) => {
    expect(isNameWithinLimit(name.trim())).toBe(accepted)
  })
  it.each(PICTURE_ADDRESS_CASES)('picture address $address: $why', ({ address, accepted }) => {
    expect(isPictureAddress(address)).toBe(accepted)
  })
  it.each(DATE_OF_BIRTH_CASES)('date of birth: $why', ({ dob, accepted }) => {
    expect(dateOfBirthRule(dob, DATE_OF_BIRTH_CASES_TODAY) === null).toBe(accepted)
  })
  it.each(PHONE_CASES)('phone $input: $why', (c) => {
    expect(checkPhone(c.input)).toEqual('phone' in c ? { ok: true, phone: c.phone } : { ok: false, problem: c.problem })
  })
  it.each(IDENTITY_PATH_CASES)('identity token for $path: $needsToken', ({ path, needsToken }) => {
    expect(needsIdentityToken(`https://api.example.com/staging/${path}`)).toBe(needsToken)
  })
})

describe('password requirements', () => {
  it('lists what is missing in the order asked', () => {
    expect(missingPasswordRequirements('sunny', ['length', 'upper', 'lower', 'number', 'symbol'])).toEqual(['length', 'upper', 'number', 'symbol'])
    expect(missingPasswordRequirements('sunny', ['symbol', 'length'])).toEqual(['symbol', 'length'])
  })
})

describe('formatPhone', () => {
  it('shows UK mobiles the way people write them, other countries in their international form', () => {
    expect(formatPhone('+447700900123')).toBe('07700 900123')
    expect(formatPhone('+353851234567')).toBe('+353851234567')
  })
})
