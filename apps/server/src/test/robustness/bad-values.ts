import fc from 'fast-check'

/**
 * Values that no field should accept, by the kind of value the field wants. Every arbitrary here yields
 * only values that are wrong for that kind: a request built from one must be refused.
 */

const RAW = '\u0001raw:'

/** A JSON token written exactly as given, for numbers JSON.stringify cannot write ('1e999' reads as Infinity). */
export const rawJson = (token: string) => `${RAW}${token}\u0001`

/** JSON text of a value, with rawJson tokens written as they are. */
export function toJsonText(value: unknown): string {
  return JSON.stringify(value).replace(/"\\u0001raw:(.*?)\\u0001"/g, (_, token: string) => JSON.parse(`"${token}"`) as string)
}

/** A field left out of the body. */
export const MISSING = Symbol('missing')

/** NUL bytes and lone UTF-16 surrogates, alone or inside ordinary text. */
export const unstorableText = fc.oneof(
  fc.constantFrom('\u0000', '\ud800', '\udfff', '\udc00\ud800', 'Sophie\u0000', 'Turner\ud800', '\u0000\u0000'),
  fc
    .tuple(fc.string({ maxLength: 12 }), fc.constantFrom('\u0000', '\ud800', '\udbff', '\udc00'), fc.string({ maxLength: 12 }))
    .map(([before, bad, after]) => before + bad + after),
)

/** Longer than `max` characters: just over, well over, and over the 64 KiB body limit. */
export const tooLong = (max: number) => fc.constantFrom(max + 1, max * 2 + 7, 70_000).map((n) => 'x'.repeat(n))

const anyJson = fc.jsonValue({ maxDepth: 2 })

/** Values of every JSON type but the one named. */
export function notA(type: 'string' | 'number' | 'boolean' | 'array' | 'object'): fc.Arbitrary<unknown> {
  const kinds: Record<typeof type | 'null', fc.Arbitrary<unknown>> = {
    string: fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('', 'true', '6', 'null', '[]', '{}')),
    number: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(0, -1, 6)),
    boolean: fc.boolean(),
    null: fc.constant(null),
    array: fc.oneof(fc.constant([]), fc.array(anyJson, { maxLength: 3 })),
    object: fc.oneof(fc.constant({}), fc.dictionary(fc.string({ maxLength: 8 }), anyJson, { maxKeys: 3 })),
  }
  return fc.oneof(
    ...Object.entries(kinds)
      .filter(([name]) => name !== type)
      .map(([, arbitrary]) => arbitrary),
  )
}

/** A whole number written as text, three ways: "6", "6.0", "6e0". */
export const numberAsText = (min: number, max: number) => fc.integer({ min, max }).chain((n) => fc.constantFrom(String(n), `${n}.0`, `${n}e0`, ` ${n}`))

/** Numbers outside [min, max] or not whole: negative, zero, fractional, huge, and JSON's near-NaNs. */
export function badWholeNumber(min: number, max: number) {
  return fc.oneof(
    numberAsText(min, max),
    fc.integer({ max: min - 1 }),
    fc.integer({ min: max + 1 }),
    fc.double({ min, max, noInteger: true, noNaN: true }),
    fc.constantFrom(-1, 0, min - 0.5, max + 1, 1e9, 2 ** 53, 2 ** 53 + 2, Number.MAX_VALUE, -Number.MAX_VALUE, Number.MIN_VALUE),
    fc.constantFrom('1e999', '-1e999', '1e-999').map(rawJson),
    notA('number'),
  )
}

/** Dates that cannot exist, in the right shape. */
export const impossibleDates = fc.constantFrom(
  '1990-02-30',
  '0000-01-01',
  '2026-13-01',
  '2026-00-10',
  '2026-04-31',
  '2025-02-29',
  '2100-02-29',
  '2026-12-32',
  '2026-01-00',
  '9999-99-99',
)

/** Dates in shapes other than YYYY-MM-DD. */
export const malformedDates = fc.constantFrom(
  '2026-1-1',
  '2026/11/24',
  '24/11/2026',
  '20261124',
  '2026-11-24T10:00:00Z',
  '+2026-11-24',
  '-2026-11-24',
  '02026-11-24',
  '２０２６-１１-２４',
  'tomorrow',
  '',
)

/** Anything a YYYY-MM-DD field must refuse. */
export const badDate = fc.oneof(
  impossibleDates,
  malformedDates,
  fc.constantFrom(' 2026-11-24', '2026-11-24 '),
  fc.constantFrom(20261124, 1_795_000_000_000),
  unstorableText,
  notA('string'),
)

/** Anything an HH:MM field must refuse. */
export const badTime = fc.oneof(
  fc.constantFrom('24:00', '12:60', '7:00', '07:5', '12:00:00', '12.00', '-01:00', '12:00Z', '１２:００', '', ' 10:00', 'noon', '99:99'),
  fc.constantFrom(1000, 10.5),
  unstorableText,
  notA('string'),
)

/** Anything a required text field of `min` to `max` characters (after trimming, when `trims`) must refuse. */
export function badText(options: { min: number; max: number; trims?: boolean }) {
  const empties = options.min > 0 ? (options.trims ? ['', ' ', '\t\n ', '\u00a0'] : ['']) : []
  const short = options.min > 1 ? ['x'.repeat(options.min - 1)] : []
  return fc.oneof(...(empties.length + short.length ? [fc.constantFrom(...empties, ...short)] : []), tooLong(options.max), unstorableText, notA('string'))
}

/** Anything an email field must refuse (left-out and blank aside, which some fields allow). */
export const badEmail = fc.oneof(
  fc.constantFrom(
    'not-an-email',
    'sophie@',
    '@example.com',
    'sophie@example',
    'sophie @example.com',
    'sophie@@example.com',
    'sophie@exa mple.com',
    'mailto:sophie@example.com',
  ),
  fc.string({ minLength: 1, maxLength: 30 }).filter((s) => !s.includes('@') && s.trim() !== ''),
  fc.constant(`${'s'.repeat(250)}@example.com`),
  unstorableText,
  notA('string'),
)

/** Anything a phone field must refuse (left-out and blank aside). */
export const badPhone = fc.oneof(
  fc.constantFrom('123', 'call me', '07700 900l23', '+44 (0) 7700 900 123 ext 4', '++447700900123', '0'.repeat(21)),
  fc.string({ minLength: 1, maxLength: 20 }).filter((s) => /[a-z]/i.test(s)),
  unstorableText,
  notA('string'),
)

/** Anything an id written as a UUID must refuse. */
export const badUuid = fc.oneof(
  fc.constantFrom(
    '',
    'not-a-uuid',
    '00000000-0000-0000-0000-00000000000',
    '{00000000-0000-4000-8000-000000000000}',
    '00000000000040008000000000000000',
    "' or 1=1 --",
  ),
  fc.uuid().map((id) => `${id}x`),
  fc.string({ maxLength: 40 }).filter((s) => !/^[0-9a-f-]{36}$/i.test(s)),
  unstorableText,
  notA('string'),
)

/** JSON bodies that are not one object: arrays, text, numbers, null. */
export const notAnObject = (valid: fc.Arbitrary<object>) =>
  fc.oneof(
    valid.map((body) => [body]),
    fc.constant([]),
    fc.constantFrom('a body', '', 0, 6, -1, true, false, null),
    fc.array(anyJson, { maxLength: 3 }),
  )

/** Text that is not JSON at all, or JSON broken part way. */
export const notJson = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '{',
    '}',
    '{"date":',
    "{'date': '2026-11-24'}",
    '{"a":1,}',
    'undefined',
    'NaN',
    '\ufeff{}',
    '<xml/>',
    'date=2026-11-24&minutes=6',
    '[1,2',
    '"unterminated',
    '{"a" 1}',
  ),
  fc.string({ minLength: 1, maxLength: 40 }).filter((s) => {
    try {
      JSON.parse(s)
      return false
    } catch {
      return true
    }
  }),
)

/** Content types that are not JSON. */
export const notJsonContentType = fc.constantFrom(
  'text/plain',
  'text/plain;charset=UTF-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----x',
  'application/xml',
  'text/html',
  'application/octet-stream',
)

/** Keys a body does not have: tempting ones, made-up ones and very long ones, never one of `known`. */
export function extraKeys(known: readonly string[]) {
  return fc
    .oneof(
      fc.constantFrom('__proto__', 'constructor', 'prototype', 'shop_id', 'sub', 'isAdmin', 'status', 'id', 'price', 'k'.repeat(3000)),
      fc.string({ maxLength: 12 }),
    )
    .filter((key) => !known.includes(key))
}

/** JSON nested thousands deep, in arrays or in objects: small as text, deep as a value. */
export const deeplyNested = fc
  .tuple(fc.constantFrom(2_000, 5_000, 10_000), fc.boolean())
  .map(([depth, arrays]) => rawJson(arrays ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}0${'}'.repeat(depth)}`))

/** A few fields the body should not have, with any JSON values. */
export const extraFields = (known: readonly string[]) => fc.uniqueArray(fc.tuple(extraKeys(known), anyJson), { maxLength: 3, selector: ([key]) => key })

/**
 * A path segment as sent on the wire: percent-encoded, with a lone surrogate written as the three bytes
 * it would take in UTF-8 (which is no valid UTF-8), since a URL cannot carry it otherwise.
 */
export function encodeSegment(segment: string): string {
  return Array.from(segment)
    .map((char) => {
      try {
        return encodeURIComponent(char)
      } catch {
        const unit = char.charCodeAt(0)
        return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('')
      }
    })
    .join('')
}

/** Path segments that name nothing: NUL, broken percent-encoding and UTF-8, and made-up text. */
export const badPathSegment = fc.oneof(
  fc.constantFrom('%00', 'a%00b', '%ED%A0%80', '%', '%zz', '%C0%80', '%FF', '%E2%82', '%2F', '%5C', '%20', 'null', 'undefined', '-1', '0'),
  unstorableText.map(encodeSegment),
  fc
    .string({ unit: 'grapheme', minLength: 1, maxLength: 40 })
    .filter((s) => s !== '.' && s !== '..')
    .map(encodeSegment),
)

/** The body with its first field (one every operation needs) given another value. */
export function inFirstField(body: object, value: unknown): Record<string, unknown> {
  const [first] = Object.keys(body)
  return first === undefined ? { value } : { ...body, [first]: value }
}
