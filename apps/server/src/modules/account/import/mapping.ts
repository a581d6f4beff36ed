import { IMPORT_FIELDS, type ImportField, type ImportMapping } from '@salon/contracts/rules/customer-import'
import { HttpError } from '../../../lib/errors.ts'

/**
 * Which of a file's columns fills each of our fields (docs/product.md §10.5): suggested from the headers however they
 * are written (case, spaces and punctuation aside, a note in brackets aside), with the names salon systems and
 * spreadsheets commonly give them; the owner's choices go over the suggestion.
 */

/** Every field, with the column that fills it or null. */
export type FullMapping = Record<ImportField, string | null>

/** A header as it is compared: lower case letters and digits only, without a note in brackets ("DOB (dd/mm/yyyy)" → "dob"). */
export function headerKey(header: string): string {
  return header
    .normalize('NFKD')
    .replace(/\([^)]*\)|\[[^\]]*\]/g, ' ')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
}

/** The names a column of each field goes by, as headerKey writes them. The first is our own field's name. */
const SYNONYMS: Record<ImportField, string[]> = {
  firstName: ['firstname', 'forename', 'forenames', 'givenname', 'first', 'fname', 'christianname', 'customerfirstname', 'clientfirstname'],
  lastName: ['lastname', 'surname', 'familyname', 'last', 'lname', 'customersurname', 'clientsurname', 'customerlastname', 'clientlastname'],
  fullName: ['fullname', 'name', 'customername', 'clientname', 'customer', 'client', 'contactname'],
  mobile: [
    'mobile',
    'mobilenumber',
    'mobileno',
    'mobilephone',
    'mobilephonenumber',
    'phone',
    'phonenumber',
    'phoneno',
    'tel',
    'telno',
    'telephone',
    'telephonenumber',
    'cell',
    'cellphone',
    'contactnumber',
    'mob',
  ],
  email: ['email', 'emailaddress', 'mail', 'emailaddr'],
  dateOfBirth: ['dateofbirth', 'dob', 'birthdate', 'birthday', 'dateofbirthddmmyyyy', 'born'],
  skinType: ['skintype', 'skin', 'fitzpatrick', 'fitzpatrickskintype', 'skintypefitzpatrick', 'fitzpatricktype', 'skinclass'],
  marketing: ['marketing', 'marketingconsent', 'consent', 'optin', 'optedin', 'offers', 'marketingoptin', 'newsletter'],
  marketingDate: ['marketingdate', 'marketingconsentdate', 'consentdate', 'optindate', 'consentgiven', 'consentedon'],
  marketingEmail: ['marketingemail', 'emailmarketing', 'emailconsent', 'emailoptin', 'optinemail', 'emailoffers', 'consentemail', 'acceptsemail'],
  marketingEmailDate: ['marketingemaildate', 'emailconsentdate', 'emailoptindate', 'emailmarketingdate', 'emailconsentgiven'],
  marketingSms: [
    'marketingsms',
    'smsmarketing',
    'smsconsent',
    'smsoptin',
    'optinsms',
    'textconsent',
    'textmarketing',
    'marketingtext',
    'textoffers',
    'smsoffers',
    'acceptssms',
    'consentsms',
  ],
  marketingSmsDate: ['marketingsmsdate', 'smsconsentdate', 'smsoptindate', 'textconsentdate', 'smsmarketingdate', 'smsconsentgiven'],
  note: ['note', 'notes', 'comment', 'comments', 'remarks', 'memo', 'customernotes'],
  minutes: [
    'minutes',
    'minutesleft',
    'minutesremaining',
    'remainingminutes',
    'balance',
    'minutebalance',
    'minutesbalance',
    'balanceminutes',
    'credit',
    'creditminutes',
    'mins',
    'minsleft',
    'minutesoncard',
    'courseminutes',
  ],
  minutesBedType: ['minutesbedtype', 'minutesfor', 'bedtype', 'balancebedtype', 'coursebedtype', 'packagebedtype', 'minutestype', 'coursetype'],
  minutesExpiry: [
    'minutesexpiry',
    'expires',
    'expiry',
    'expirydate',
    'expireson',
    'expiresat',
    'expiration',
    'expirationdate',
    'validuntil',
    'validto',
    'balanceexpiry',
    'minutesexpire',
    'minutesexpireson',
    'courseexpiry',
  ],
  bookingDate: [
    'bookingdate',
    'nextbooking',
    'nextbookingdate',
    'appointmentdate',
    'nextappointment',
    'nextappointmentdate',
    'sessiondate',
    'nextsession',
    'nextsessiondate',
  ],
  bookingTime: ['bookingtime', 'nextbookingtime', 'appointmenttime', 'nextappointmenttime', 'sessiontime', 'nextsessiontime', 'starttime'],
  bookingBed: ['bookingbed', 'nextbookingbed', 'bed', 'sunbed', 'bedname', 'appointmentbed', 'sessionbed', 'room'],
  bookingBedType: ['bookingbedtype', 'nextbookingbedtype', 'appointmentbedtype', 'sessionbedtype'],
  bookingMinutes: [
    'bookingminutes',
    'nextbookingminutes',
    'sessionminutes',
    'appointmentminutes',
    'sessionlength',
    'bookinglength',
    'appointmentlength',
    'duration',
    'length',
  ],
}

/** A synonym found inside a longer header ("Customer mobile") counts when it is at least this long: "tel" is too short to trust. */
const MIN_PART = 5

const empty = (): FullMapping => Object.fromEntries(IMPORT_FIELDS.map((field) => [field, null])) as FullMapping

/**
 * The column suggested for each field, from the headers alone: first the headers that are one of a field's names,
 * then the headers that hold one (the longest name wins); each column fills one field, each field one column.
 */
export function suggestMapping(headers: string[]): FullMapping {
  const mapping = empty()
  const used = new Set<number>()
  const keys = headers.map(headerKey)
  for (const [i, key] of keys.entries()) {
    if (!key || used.has(i)) continue
    const field = IMPORT_FIELDS.find((f) => mapping[f] === null && SYNONYMS[f].includes(key))
    if (field) {
      mapping[field] = headers[i]!
      used.add(i)
    }
  }
  const parts: { i: number; field: ImportField; length: number }[] = []
  for (const [i, key] of keys.entries()) {
    if (!key || used.has(i)) continue
    // A full name is found by its own names only: "customer" and "client" begin many headers ("Customer mobile").
    for (const field of IMPORT_FIELDS.filter((f) => f !== 'fullName')) {
      const longest = Math.max(0, ...SYNONYMS[field].filter((s) => s.length >= MIN_PART && key.includes(s)).map((s) => s.length))
      if (longest) parts.push({ i, field, length: longest })
    }
  }
  for (const { i, field } of parts.sort((a, b) => b.length - a.length || a.i - b.i)) {
    if (used.has(i) || mapping[field] !== null) continue
    mapping[field] = headers[i]!
    used.add(i)
  }
  // A file with a first and a last name column has no full name: a "Name" column beside them is something else.
  if (mapping.firstName && mapping.lastName) mapping.fullName = null
  return mapping
}

/**
 * The mapping used: the suggestion, with the caller's choices over it (a column, or null for none). A column the
 * file does not have is refused with its field named; so is a file that gives no mobile number or no names.
 */
export function resolveMapping(headers: string[], suggested: FullMapping, chosen: ImportMapping | undefined): FullMapping {
  const mapping = { ...suggested }
  const byKey = new Map<string, string>()
  for (const header of headers) if (!byKey.has(header.trim().toLowerCase())) byKey.set(header.trim().toLowerCase(), header)
  for (const field of IMPORT_FIELDS) {
    const choice = chosen?.[field]
    if (choice === undefined) continue
    if (choice === null || choice.trim() === '') {
      mapping[field] = null
      continue
    }
    const header = headers.includes(choice) ? choice : byKey.get(choice.trim().toLowerCase())
    if (header === undefined) {
      throw new HttpError(
        400,
        `Please check the request: mapping.${field}: the file has no column "${choice.slice(0, 80)}". Its columns are: ${listOf(headers)}.`,
        {
          field: `mapping.${field}`,
        },
      )
    }
    mapping[field] = header
  }
  if (!mapping.mobile) {
    throw new HttpError(
      422,
      `Please choose the column that holds the customers’ mobile numbers: no column was recognised as one. The file’s columns are: ${listOf(headers)}.`,
      {
        field: 'mapping.mobile',
      },
    )
  }
  if (!mapping.fullName && !(mapping.firstName && mapping.lastName)) {
    throw new HttpError(
      422,
      `Please choose the columns that hold the customers’ first and last names (or one column with the full name). The file’s columns are: ${listOf(headers)}.`,
      { field: 'mapping.firstName' },
    )
  }
  return mapping
}

function listOf(headers: string[]): string {
  const shown = headers.slice(0, 30).map((h) => `"${h.slice(0, 40)}"`)
  return headers.length > 30 ? `${shown.join(', ')} and ${headers.length - 30} more` : shown.join(', ')
}
