import fc from 'fast-check'
import { extraFields, MISSING } from './bad-values.ts'

/** One field of a request body: what it accepts and what it must refuse. */
export interface FieldSpec {
  valid: fc.Arbitrary<unknown>
  bad: fc.Arbitrary<unknown>
  /** Further flaws that say better what they are than a bad value alone (a list with one bad item, say). */
  flaws?: fc.Arbitrary<Flaw>
  /** May be left out. */
  optional?: boolean
}

export interface BodySpec {
  fields: Record<string, FieldSpec>
  /** Unknown fields are refused, not ignored. */
  strict?: boolean
  /** A rule across fields, for the valid bodies (for example: an email or a phone). */
  validWhen?: (body: Record<string, unknown>) => boolean
  /** Flaws of the body as a whole, as changes to make (MISSING leaves a field out). */
  wholeFlaws?: fc.Arbitrary<Flaw>
}

export interface Flaw {
  /** What is wrong, in a few words. */
  flaw: string
  set: Record<string, unknown>
}

/** Sets a key as an own property, so that "__proto__" is a field like any other. */
export function put(target: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
}

export const preview = (value: unknown) => {
  if (value === MISSING) return 'left out'
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value))
  return text.length > 40 ? `${text.slice(0, 37)}… (${text.length} chars)` : text
}

/** Bodies the operation accepts. */
export function validBody(spec: BodySpec): fc.Arbitrary<Record<string, unknown>> {
  const names = Object.keys(spec.fields)
  const record = fc.record(Object.fromEntries(names.map((name) => [name, spec.fields[name]!.valid])), {
    requiredKeys: names.filter((name) => !spec.fields[name]!.optional),
  }) as fc.Arbitrary<Record<string, unknown>>
  return spec.validWhen ? record.filter(spec.validWhen) : record
}

function fieldFlaw(spec: BodySpec): fc.Arbitrary<Flaw> {
  return fc.constantFrom(...Object.keys(spec.fields)).chain((name) => {
    const field = spec.fields[name]!
    const flaws: fc.Arbitrary<Flaw>[] = [
      field.bad.map((value) => ({ flaw: `${name} = ${preview(value)}`, set: { [name]: value } })),
      field.valid.map((value) => ({ flaw: `${name} inside an array`, set: { [name]: [value] } })),
      ...(field.flaws ? [field.flaws] : []),
    ]
    if (!field.optional) flaws.push(fc.constant({ flaw: `${name} left out`, set: { [name]: MISSING } }))
    return fc.oneof(...flaws)
  })
}

/** The flaws that still show in the body: a later flaw to the same field replaces an earlier one. */
function effective(flaws: Flaw[]): string[] {
  const changed = new Set<string>()
  const shown: string[] = []
  for (const { flaw, set } of [...flaws].reverse()) {
    const keys = Object.keys(set)
    if (keys.some((key) => !changed.has(key))) shown.unshift(flaw)
    for (const key of keys) changed.add(key)
  }
  return shown
}

/**
 * Bodies with one to three flaws, each enough on its own for a refusal, and unknown fields as noise
 * (or as one more flaw where the body is strict).
 */
export function brokenBody(spec: BodySpec): fc.Arbitrary<{ body: Record<string, unknown>; flaws: string[] }> {
  const names = Object.keys(spec.fields)
  const extras = extraFields(names)
  const flaw = fc.oneof(
    fieldFlaw(spec),
    ...(spec.wholeFlaws ? [spec.wholeFlaws] : []),
    ...(spec.strict
      ? [
          extras
            .filter((fields) => fields.length > 0)
            .map((fields) => ({ flaw: `unknown fields ${fields.map(([key]) => JSON.stringify(key)).join(', ')}`, set: Object.fromEntries(fields) })),
        ]
      : []),
  )
  return fc
    .record({ base: validBody(spec), flaws: fc.array(flaw, { minLength: 1, maxLength: 3 }), noise: spec.strict ? fc.constant([]) : extras })
    .map(({ base, flaws, noise }) => {
      const body: Record<string, unknown> = {}
      for (const [key, value] of Object.entries(base)) put(body, key, value)
      for (const [key, value] of noise) put(body, key, value)
      for (const { set } of flaws) {
        for (const key of Object.keys(set)) {
          if (set[key] === MISSING) delete body[key]
          else put(body, key, set[key])
        }
      }
      return { body, flaws: effective(flaws) }
    })
}
