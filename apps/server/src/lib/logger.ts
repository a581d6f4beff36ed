import { pino } from 'pino'
import { maskEmail, maskPhone } from './mask.ts'

export type Logger = pino.Logger

/** Structured logs; secrets and personal data are redacted wherever they might appear. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
    serializers: { err: serializeError, error: serializeError },
    hooks: {
      // logger.error(err) alone would take err.message as the line's message: a failed query's holds its parameters.
      logMethod(args, method) {
        const [first, ...rest] = args as unknown[]
        if (!(first instanceof Error)) return method.apply(this, args)
        const message = rest.length ? rest : [(serializeError(first) as { message?: string }).message]
        return method.apply(this, [{ err: first }, ...message] as unknown as Parameters<pino.LogFn>)
      },
    },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers.api_key',
        'password',
        '*.password',
        '*.Password',
        '*.passwordHash',
        '*.apiKey',
        '*.api_key',
        'token',
        '*.token',
        '*.idToken',
        '*.accessToken',
        '*.refreshToken',
        // A confirmation code logged by name, at the top or one level down. Not `*.code`: that would blank
        // err.code too, the SQLSTATE or errno that says what went wrong.
        'code',
        'ConfirmationCode',
        'confirmationCode',
        '*.ConfirmationCode',
        '*.confirmationCode',
        'input.code',
        'body.code',
      ],
      censor: '[redacted]',
    },
  }
  return destination ? pino(options, destination) : pino(options)
}

/** A PostgreSQL error as node-postgres and PGlite report it: the SQLSTATE and where it happened. */
interface PostgresError extends Error {
  code: string
  severity?: string
  detail?: string
  schema?: string
  table?: string
  column?: string
  dataType?: string
  constraint?: string
  routine?: string
}

const SQLSTATE = /^[0-9A-Z]{5}$/
const MAX_CAUSES = 5

/** The names of the SQLSTATEs this app meets, so that a log line reads without a table at hand. */
const CONDITIONS: Record<string, string> = {
  '08006': 'connection_failure',
  '22001': 'string_data_right_truncation',
  '22003': 'numeric_value_out_of_range',
  '22007': 'invalid_datetime_format',
  '22008': 'datetime_field_overflow',
  '22P02': 'invalid_text_representation',
  '23502': 'not_null_violation',
  '23503': 'foreign_key_violation',
  '23505': 'unique_violation',
  '23514': 'check_violation',
  '23P01': 'exclusion_violation',
  '25P02': 'in_failed_sql_transaction',
  '40001': 'serialization_failure',
  '40P01': 'deadlock_detected',
  '42P01': 'undefined_table',
  '42703': 'undefined_column',
  '53300': 'too_many_connections',
  '57014': 'query_canceled',
  '57P01': 'admin_shutdown',
}

function isPostgresError(value: unknown): value is PostgresError {
  if (!(value instanceof Error)) return false
  const { code } = value as { code?: unknown }
  return typeof code === 'string' && SQLSTATE.test(code) && ('severity' in value || 'routine' in value)
}

/** Drizzle's DrizzleQueryError, and PGlite's own errors, carry the SQL and its parameters. */
function carriesQuery(value: Error): boolean {
  return 'params' in value && typeof (value as { query?: unknown }).query === 'string'
}

function causes(error: Error): unknown[] {
  const chain: unknown[] = []
  for (let cause = error.cause; cause !== undefined && chain.length < MAX_CAUSES && !chain.includes(cause) && cause !== error;) {
    chain.push(cause)
    cause = cause instanceof Error ? cause.cause : undefined
  }
  return chain
}

/**
 * The stack's call sites without the heading line, which repeats the message: a failed query's message
 * holds its SQL and parameters.
 */
function callSites(error: Error): string | undefined {
  if (typeof error.stack !== 'string') return undefined
  const heading = `${error.name}: ${error.message}`
  const body = error.stack.startsWith(heading) ? error.stack.slice(heading.length) : error.stack
  const sites = body.split('\n').filter((line) => /^\s+at \S/.test(line))
  return sites.length ? sites.join('\n') : undefined
}

function present<T extends Record<string, unknown>>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined && value !== null && value !== '')) as Partial<T>
}

/**
 * A database error as its SQLSTATE, constraint, table and column. Its message, detail, SQL and parameters
 * stay out of the log: PostgreSQL quotes values in them ("Key (phone)=(+44…)", "Failing row contains (…)",
 * `invalid input syntax for type date: "1990-02-30"`), and the parameters of a sign-up hold a password hash.
 */
function serializeDatabaseError(error: Error, depth: number): Record<string, unknown> {
  const chain = [error, ...causes(error)]
  const server = chain.find(isPostgresError)
  if (!server) {
    // The query never reached the server (a lost connection, a pool that closed): its reason is safe to keep.
    const reason = chain.find((e) => e instanceof Error && !carriesQuery(e))
    const code = chain.map((e) => (e as { code?: unknown }).code).find((c) => typeof c === 'string' || typeof c === 'number')
    return present({
      type: 'DatabaseError',
      message: 'database query failed',
      code,
      stack: callSites(error),
      cause: reason === undefined ? undefined : serialize(reason, depth + 1),
    })
  }
  const condition = CONDITIONS[server.code]
  return present({
    type: 'DatabaseError',
    message: `database error ${server.code}${condition ? ` (${condition})` : ''}`,
    code: server.code,
    constraint: server.constraint,
    schema: server.schema,
    table: server.table,
    column: server.column,
    dataType: server.dataType,
    routine: server.routine,
    stack: callSites(error),
  })
}

const EMAIL = /[\w.+'-]+@[\w-]+(?:\.[\w-]+)+/g
const INTERNATIONAL_PHONE = /\+\d{8,15}\b/g
const UK_PHONE = /\b0\d{4} ?\d{6}\b/g

/**
 * An outside service's message may name the customer (Twilio: "The 'To' number +44… is not a valid phone number"):
 * phone numbers and email addresses in it are masked.
 */
function maskPersonal(text: string): string {
  return text
    .replace(EMAIL, maskEmail)
    .replace(INTERNATIONAL_PHONE, maskPhone)
    .replace(UK_PHONE, (phone) => `${'*'.repeat(phone.length - 4)}${phone.slice(-4)}`)
}

function serialize(value: unknown, depth: number): unknown {
  if (!(value instanceof Error)) return value
  if (isPostgresError(value) || carriesQuery(value)) return serializeDatabaseError(value, depth)
  const { code } = value as { code?: unknown }
  // The name tells TimeoutError from AbortError; a plain "Error" says less than the class it was thrown as.
  const type = value.name && value.name !== 'Error' ? value.name : value.constructor?.name || 'Error'
  const cause = value.cause !== undefined && value.cause !== value && depth < MAX_CAUSES ? serialize(value.cause, depth + 1) : undefined
  return present({
    type,
    message: maskPersonal(value.message),
    code: typeof code === 'string' || typeof code === 'number' ? code : undefined,
    stack: typeof value.stack === 'string' ? maskPersonal(value.stack) : undefined,
    cause,
    errors: value instanceof AggregateError && depth < MAX_CAUSES ? value.errors.map((e) => serialize(e, depth + 1)) : undefined,
  })
}

/**
 * pino's serializer for `err`: name, message, code and stack of an error, with its causes and with phone numbers
 * and email addresses masked; a database error as its SQLSTATE and where it happened, never the values. Other fields an error carries (a mail server's
 * refused addresses, a driver's parameters) are left out. Anything that is not an error is logged as it is.
 */
export function serializeError(value: unknown): unknown {
  return serialize(value, 0)
}
