import { Writable } from 'node:stream'
import { DrizzleQueryError } from 'drizzle-orm/errors'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { createLogger, serializeError } from './logger.ts'

const PHONE = '+447700900123'
const EMAIL = 'sophie@example.com'
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2g'

/** A PostgreSQL error as node-postgres and PGlite build it from the server's error message. */
function postgresError(fields: { message: string; code: string; detail?: string; table?: string; column?: string; constraint?: string; routine?: string }) {
  const error = new pg.DatabaseError(fields.message, 120, 'error')
  Object.assign(error, {
    severity: 'ERROR',
    code: fields.code,
    detail: fields.detail,
    schema: fields.table ? 'public' : undefined,
    table: fields.table,
    column: fields.column,
    constraint: fields.constraint,
    routine: fields.routine,
  })
  return error
}

const insertUser = 'insert into "identity_users" ("sub", "pool_id", "phone", "email", "password_hash") values ($1, $2, $3, $4, $5)'
const userParams = ['3f2a…', 'eu-west-2_Sa1onDem0', PHONE, EMAIL, HASH]

/** What drizzle throws when a query fails: the query and its parameters, with the driver's error as the cause. */
function failedSignUp() {
  const cause = postgresError({
    message: 'duplicate key value violates unique constraint "identity_users_phone"',
    code: '23505',
    detail: `Key (pool_id, phone)=(eu-west-2_Sa1onDem0, ${PHONE}) already exists.`,
    table: 'identity_users',
    constraint: 'identity_users_phone',
    routine: '_bt_check_unique',
  })
  return new DrizzleQueryError(insertUser, userParams, cause)
}

function logLines(log: (logger: ReturnType<typeof createLogger>) => void): Record<string, any>[] {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk))
      done()
    },
  })
  log(createLogger('trace', stream))
  return lines
    .join('')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line))
}

describe('logging a database error', () => {
  it('a failed query wrapping a PostgreSQL error comes out as its code, constraint and table only', () => {
    const serialized = serializeError(failedSignUp()) as Record<string, unknown>
    expect(serialized).toEqual({
      type: 'DatabaseError',
      message: 'database error 23505 (unique_violation)',
      code: '23505',
      constraint: 'identity_users_phone',
      schema: 'public',
      table: 'identity_users',
      routine: '_bt_check_unique',
      stack: expect.stringMatching(/^\s+at /),
    })
    const text = JSON.stringify(serialized)
    for (const secret of [PHONE, EMAIL, HASH, '$argon2', 'Key (', 'insert into', 'params']) expect(text).not.toContain(secret)
  })

  it('the stack keeps where the query was made but not the message with the parameters', () => {
    const { stack } = serializeError(failedSignUp()) as { stack: string }
    expect(stack).toContain('logger.test.ts')
    expect(stack.split('\n').every((line) => /^\s+at /.test(line))).toBe(true)
  })

  it('a value PostgreSQL quotes in its message stays out, the column it belongs to stays in', () => {
    const cause = postgresError({ message: 'invalid input syntax for type date: "1990-02-30"', code: '22007', routine: 'DateTimeParseError' })
    const serialized = serializeError(new DrizzleQueryError('select $1::date', ['1990-02-30'], cause))
    expect(serialized).toMatchObject({ type: 'DatabaseError', code: '22007', message: 'database error 22007 (invalid_datetime_format)' })
    expect(JSON.stringify(serialized)).not.toContain('1990-02-30')

    const notNull = postgresError({
      message: 'null value in column "email" of relation "customers" violates not-null constraint',
      code: '23502',
      detail: `Failing row contains (bronze-glow, ${PHONE}, Sophie, Turner, null).`,
      table: 'customers',
      column: 'email',
    })
    const serializedNotNull = serializeError(notNull)
    expect(serializedNotNull).toMatchObject({ code: '23502', table: 'customers', column: 'email' })
    expect(JSON.stringify(serializedNotNull)).not.toContain(PHONE)
    expect(JSON.stringify(serializedNotNull)).not.toContain('Sophie')
  })

  it('an error PGlite throws, with the query and parameters on the error itself, is summarised the same way', () => {
    const error = Object.assign(
      postgresError({
        message: 'new row for relation "contact_messages" violates check constraint "contact_messages_reply_to"',
        code: '23514',
        detail: `Failing row contains (7, bronze-glow, Sophie Turner, ${EMAIL}, ${PHONE}, Hello).`,
        table: 'contact_messages',
        constraint: 'contact_messages_reply_to',
      }),
      {
        query: 'insert into "contact_messages" values ($1, $2, $3, $4, $5)',
        params: ['bronze-glow', 'Sophie Turner', EMAIL, PHONE, 'Hello'],
        queryOptions: {},
      },
    )
    const serialized = serializeError(error)
    expect(serialized).toMatchObject({ type: 'DatabaseError', code: '23514', constraint: 'contact_messages_reply_to', table: 'contact_messages' })
    const text = JSON.stringify(serialized)
    for (const secret of [PHONE, EMAIL, 'Sophie', 'Failing row']) expect(text).not.toContain(secret)
  })

  it('a query that never reached the server keeps the reason it failed', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED', errno: -111, address: '127.0.0.1', port: 5432 })
    const serialized = serializeError(new DrizzleQueryError(insertUser, userParams, refused))
    expect(serialized).toMatchObject({
      type: 'DatabaseError',
      message: 'database query failed',
      code: 'ECONNREFUSED',
      cause: { type: 'Error', message: 'connect ECONNREFUSED 127.0.0.1:5432', code: 'ECONNREFUSED' },
    })
    expect(JSON.stringify(serialized)).not.toContain(PHONE)
  })

  it('an error of the app caused by a database error keeps its own message and summarises the cause', () => {
    const error = new Error('the booking could not be saved', { cause: failedSignUp() })
    const serialized = serializeError(error) as Record<string, any>
    expect(serialized).toMatchObject({ type: 'Error', message: 'the booking could not be saved', cause: { type: 'DatabaseError', code: '23505' } })
    expect(JSON.stringify(serialized)).not.toContain(PHONE)
  })
})

describe('logging any other error', () => {
  it('keeps its name, message, stack and code', () => {
    class TimeoutError extends Error {
      override name = 'TimeoutError'
      code = 'ETIMEDOUT'
    }
    const serialized = serializeError(new TimeoutError('Twilio did not answer within 10 s'))
    expect(serialized).toEqual({
      type: 'TimeoutError',
      message: 'Twilio did not answer within 10 s',
      code: 'ETIMEDOUT',
      stack: expect.stringContaining('TimeoutError: Twilio did not answer within 10 s'),
    })
  })

  it('leaves out whatever else an error carries, such as the addresses a mail server refused', () => {
    const error = Object.assign(new Error('Can’t send mail - all recipients were rejected'), {
      code: 'EENVELOPE',
      rejected: [EMAIL],
      response: `550 <${EMAIL}>`,
    })
    const serialized = serializeError(error)
    expect(serialized).toMatchObject({ message: 'Can’t send mail - all recipients were rejected', code: 'EENVELOPE' })
    expect(JSON.stringify(serialized)).not.toContain(EMAIL)
  })

  it('masks a phone number or email address an outside service put in its message', () => {
    const twilio = serializeError(new Error(`Twilio answered 400: The 'To' number ${PHONE} is not a valid phone number`)) as { message: string; stack: string }
    expect(twilio.message).toMatch(/^Twilio answered 400: The 'To' number \+\*+0123 is not a valid phone number$/)
    expect(twilio.stack).not.toContain(PHONE)
    const smtp = serializeError(new Error(`550 5.1.1 <${EMAIL}>: Recipient address rejected; call 07700 900123`)) as { message: string }
    expect(smtp.message).toBe('550 5.1.1 <s***@example.com>: Recipient address rejected; call ********0123')
  })

  it('a value that is not an error is logged as it is', () => {
    expect(serializeError('maps-service timed out')).toBe('maps-service timed out')
    expect(serializeError(undefined)).toBeUndefined()
  })

  it('a cause that refers back to itself ends the chain', () => {
    const error: Error & { cause?: unknown } = new Error('loop')
    error.cause = error
    expect(() => JSON.stringify(serializeError(error))).not.toThrow()
  })
})

describe('the logger', () => {
  it('writes a database error with its code and table, and nothing of the values', () => {
    const [line] = logLines((logger) => logger.error({ err: failedSignUp(), operation: 'SignUp' }, 'identity operation failed'))
    expect(line).toMatchObject({
      level: 50,
      msg: 'identity operation failed',
      operation: 'SignUp',
      err: { code: '23505', constraint: 'identity_users_phone', table: 'identity_users' },
    })
    const text = JSON.stringify(line)
    for (const secret of [PHONE, EMAIL, '$argon2']) expect(text).not.toContain(secret)
  })

  it('an error passed on its own is serialized the same way', () => {
    const [line] = logLines((logger) => logger.error(failedSignUp()))
    expect(line!.err).toMatchObject({ code: '23505', table: 'identity_users' })
    expect(JSON.stringify(line)).not.toContain(PHONE)
  })

  it('keeps the code of any error', () => {
    const [line] = logLines((logger) =>
      logger.warn({ err: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }) }, 'maps-service reviews unavailable'),
    )
    expect(line!.err).toMatchObject({ message: 'socket hang up', code: 'ECONNRESET' })
  })

  it('hides a confirmation code logged by name, and keeps the code of the error on the same line', () => {
    const [line] = logLines((logger) =>
      logger.error(
        { err: Object.assign(new Error('insert failed'), { code: '23505' }), code: '481516', confirmationCode: '234567', input: { code: '345678' } },
        'confirming the sign-up failed',
      ),
    )
    expect(line!.err).toMatchObject({ code: '23505' })
    expect(JSON.stringify(line)).not.toMatch(/481516|234567|345678/)
  })

  it('still hides passwords, tokens and keys logged by name', () => {
    const [line] = logLines((logger) =>
      logger.info({ input: { password: 'Tanning-Time1', token: 'eyJhbGciOi', apiKey: 'pk_live_1', refreshToken: 'r1', ConfirmationCode: '123456' } }, 'call'),
    )
    expect(JSON.stringify(line)).not.toMatch(/Tanning-Time1|eyJhbGciOi|pk_live_1|r1"|123456/)
  })
})
