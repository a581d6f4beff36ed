import { OUTBOX_TOKEN_PATTERN } from './adapters/outbox/outbox-token.ts'
import { BUILT_IN_POOL } from './modules/identity/public.ts'
import path from 'node:path'
import { z } from 'zod'

const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? fallback : ['true', '1', 'yes'].includes(v)))

const optional = z
  .string()
  .optional()
  .transform((v) => (v ? v : undefined))

/** A comma-separated list of exact addresses (http or https), each without a fragment. */
const addressList = optional.pipe(
  z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .url({ protocol: /^https?$/, message: 'must be comma-separated addresses such as https://www.example.co.uk/sign-in/' })
          .refine((v) => !v.includes('#'), 'must not contain #'),
      ),
    )
    .optional(),
)

/** An OpenID Connect issuer: https, or plain http on this machine only (a local stand-in for tests). */
const issuerUrl = (fallback: string) =>
  z
    .url({ protocol: /^https?$/ })
    .refine(
      (v) => new URL(v).protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(new URL(v).hostname),
      'must be https (plain http only on this machine)',
    )
    .default(fallback)

/** Every setting the server reads, with its default. docs/settings.md lists them for people. */
export const Settings = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: optional,
  DATA_DIR: z.string().default('./data'),
  SEED_DEMO: flag(true),
  /** The demo salon's owner, made by the demo seed only (SEED_DEMO), to sign in to /staff/ with. */
  DEMO_OWNER_PHONE: z.string().min(1).default('07700 900100'),
  DEMO_OWNER_PASSWORD: z.string().min(1).default('Demo-owner-2026'),
  /** The shop this web app serves and its key; unset: the salon set up here, else the demo salon (setup/site.ts). */
  SHOP_ID: optional,
  API_KEY: optional,
  API_BASE_URL: z.string().default('/api/'),
  /** The site's public address (https://…), for canonical links, sitemap.xml and shared links; by default each request's own. */
  PUBLIC_URL: optional.pipe(
    z
      .url({ protocol: /^https?$/, message: 'must be an address such as https://www.example.co.uk' })
      .transform((v) => v.replace(/\/+$/, ''))
      .optional(),
  ),
  TRUST_PROXY: flag(false),
  CORS_ORIGINS: optional.transform((v) => (v ? v.split(',').map((o) => o.trim()) : [])),
  SMTP_URL: optional,
  EMAIL_FROM: z.string().default('Bronze & Glow <no-reply@bronze-glow.example>'),
  GOOGLE_PLACES_API_KEY: optional,
  GOOGLE_PLACE_ID: optional,
  GOOGLE_PLACES_BASE_URL: z.url().default('https://places.googleapis.com'),
  REVIEWS_CACHE_HOURS: z.coerce.number().min(0).default(6),
  PUBLIC_CACHE_SECONDS: z.coerce.number().min(0).default(30),
  // The built-in identity service (a Cognito-compatible user pool at /cognito/).
  USER_POOL_ID: z
    .string()
    .regex(/^[a-z]{2}-[a-z]+-\d_[0-9A-Za-z]+$/, 'must look like eu-west-2_AbCdEf123')
    .default(BUILT_IN_POOL.poolId),
  USER_POOL_CLIENT_ID: z
    .string()
    .regex(/^[0-9a-z]{1,128}$/, 'must be lowercase letters and digits')
    .default(BUILT_IN_POOL.clientId),
  SIGN_UPS_PER_HOUR: z.coerce.number().int().min(1).default(50),
  SIGN_INS_PER_HOUR: z.coerce.number().int().min(1).default(60),
  CODE_REQUESTS_PER_HOUR: z.coerce.number().int().min(1).default(10),
  // A real Amazon Cognito user pool instead of the built-in one.
  COGNITO_USER_POOL_ID: optional.pipe(
    z
      .string()
      .regex(/^[a-z]{2}-[a-z]+-\d_[0-9A-Za-z]+$/, 'must look like eu-west-2_AbCdEf123')
      .optional(),
  ),
  COGNITO_CLIENT_ID: optional,
  COGNITO_REGION: z.string().default('eu-west-2'),
  /** A real Cognito pool's hosted-UI domain (auth.example.com or <prefix>.auth.eu-west-2.amazoncognito.com), for Google and Apple there. */
  COGNITO_DOMAIN: optional.pipe(
    z
      .string()
      .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, 'must be a host name such as bronze-glow.auth.eu-west-2.amazoncognito.com, without https://')
      .optional(),
  ),
  COGNITO_SOCIAL_PROVIDERS: optional.pipe(
    z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((p) => p.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.enum(['Google', 'Apple'], { message: 'must be Google, Apple or both, comma-separated' })))
      .optional(),
  ),
  /** The secret that opens the outbox (docs/decisions/008); unset means one made at first start and kept in DATA_DIR/outbox-token. */
  OUTBOX_TOKEN: optional.pipe(
    z
      .string()
      .regex(OUTBOX_TOKEN_PATTERN, 'must be 32 to 128 letters, digits, - or _ (for example from: openssl rand -base64 32 | tr +/ -_ | tr -d =)')
      .optional(),
  ),
  /** Where the scheduled backups are written (docs/operations.md); unset, the server makes none. */
  BACKUP_DIR: optional,
  /** How many scheduled backups are kept in BACKUP_DIR; older ones are removed. */
  BACKUP_KEEP: z.coerce.number().int().min(1).default(14),
  /** How often a scheduled backup is made, in hours. */
  BACKUP_EVERY_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 7)
    .default(24),
  /** Opens GET /metrics to Prometheus from another machine, as a bearer token; unset, the metrics open only on this machine. */
  METRICS_TOKEN: optional.pipe(
    z
      .string()
      .regex(OUTBOX_TOKEN_PATTERN, 'must be 32 to 128 letters, digits, - or _ (for example from: openssl rand -base64 32 | tr +/ -_ | tr -d =)')
      .optional(),
  ),
  // Text messages through Twilio instead of the outbox.
  TWILIO_ACCOUNT_SID: optional,
  TWILIO_AUTH_TOKEN: optional,
  TWILIO_FROM: optional,
  TWILIO_BASE_URL: z.url().default('https://api.twilio.com'),
  // Card payments through Stripe instead of the offline test processor. The messages never repeat a key's value.
  STRIPE_SECRET_KEY: optional.pipe(
    z
      .string()
      .regex(/^(sk|rk)_[0-9A-Za-z_]+$/, 'must look like sk_live_… or sk_test_… (or a restricted key, rk_…)')
      .optional(),
  ),
  STRIPE_PUBLISHABLE_KEY: optional.pipe(
    z
      .string()
      .regex(/^pk_[0-9A-Za-z_]+$/, 'must look like pk_live_… or pk_test_…')
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: optional.pipe(
    z
      .string()
      .regex(/^whsec_[0-9A-Za-z_]+$/, 'must look like whsec_…')
      .optional(),
  ),
  // The Stripe SDK takes a host, port and protocol, not a path: only an origin can be honoured.
  STRIPE_API_BASE_URL: z
    .url({ protocol: /^https?$/ })
    .refine((v) => new URL(v).pathname === '/' && !new URL(v).search, 'must be an origin such as https://api.stripe.com, with no path')
    .default('https://api.stripe.com'),
  // Hosted sign-in (/oauth2/…, docs/decisions/018) and the local HTTPS mode Amplify's redirect sign-in needs.
  HTTPS_PORT: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(65535).optional()),
  TLS_CERT_FILE: optional,
  TLS_KEY_FILE: optional,
  HOSTED_SIGN_IN_URL: optional.pipe(
    z
      .url({ protocol: /^https?$/, message: 'must be an address such as https://auth.bronze-glow.example' })
      .refine((v) => new URL(v).pathname === '/' && !new URL(v).search, 'must be an origin, with no path')
      .transform((v) => v.replace(/\/+$/, ''))
      .optional(),
  ),
  HOSTED_SIGN_IN_REDIRECT_URIS: addressList,
  HOSTED_SIGN_OUT_URIS: addressList,
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  GOOGLE_ISSUER_URL: issuerUrl('https://accounts.google.com'),
  APPLE_CLIENT_ID: optional,
  APPLE_TEAM_ID: optional.pipe(
    z
      .string()
      .regex(/^[A-Z0-9]{10}$/, 'must be the ten-character Team ID')
      .optional(),
  ),
  APPLE_KEY_ID: optional.pipe(
    z
      .string()
      .regex(/^[A-Z0-9]{10}$/, 'must be the ten-character Key ID')
      .optional(),
  ),
  APPLE_PRIVATE_KEY: optional.pipe(
    z
      .string()
      .transform((v) => v.replace(/\\n/g, '\n'))
      .refine((v) => v.includes('-----BEGIN PRIVATE KEY-----'), 'must be the .p8 key as PEM (-----BEGIN PRIVATE KEY-----…)')
      .optional(),
  ),
  APPLE_ISSUER_URL: issuerUrl('https://appleid.apple.com'),
  GA_MEASUREMENT_ID: optional.pipe(
    z
      .string()
      .regex(/^G-[A-Z0-9]+$/, 'must look like G-XXXXXXX')
      .optional(),
  ),
})
export type Settings = z.infer<typeof Settings>

/** The one place that reads process.env. Fails with every bad setting named. */
export function readSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const parsed = Settings.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid settings:\n${lines.join('\n')}`)
  }
  const settings = parsed.data
  if (settings.COGNITO_USER_POOL_ID && !settings.COGNITO_CLIENT_ID) {
    throw new Error('Invalid settings:\n  COGNITO_CLIENT_ID: is required with COGNITO_USER_POOL_ID')
  }
  const twilio = [settings.TWILIO_ACCOUNT_SID, settings.TWILIO_AUTH_TOKEN, settings.TWILIO_FROM]
  if (twilio.some(Boolean) && !twilio.every(Boolean)) {
    throw new Error('Invalid settings:\n  TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM: set all three, or none')
  }
  const stripe = [settings.STRIPE_SECRET_KEY, settings.STRIPE_PUBLISHABLE_KEY, settings.STRIPE_WEBHOOK_SECRET]
  if (stripe.some(Boolean) && !stripe.every(Boolean)) {
    throw new Error('Invalid settings:\n  STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET: set all three, or none')
  }
  // A live secret key with a test publishable key (or the other way round) makes intents the browser cannot confirm.
  const mode = (key: string | undefined) => /^[a-z]+_(test|live)_/.exec(key ?? '')?.[1]
  const [secretMode, publishableMode] = [mode(settings.STRIPE_SECRET_KEY), mode(settings.STRIPE_PUBLISHABLE_KEY)]
  if (secretMode && publishableMode && secretMode !== publishableMode) {
    throw new Error('Invalid settings:\n  STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY: use two test keys or two live keys')
  }
  if (
    (settings.COGNITO_DOMAIN || settings.COGNITO_SOCIAL_PROVIDERS) &&
    !(settings.COGNITO_USER_POOL_ID && settings.COGNITO_DOMAIN && settings.COGNITO_SOCIAL_PROVIDERS)
  ) {
    throw new Error('Invalid settings:\n  COGNITO_DOMAIN and COGNITO_SOCIAL_PROVIDERS: set both, with COGNITO_USER_POOL_ID')
  }
  const google = [settings.GOOGLE_CLIENT_ID, settings.GOOGLE_CLIENT_SECRET]
  if (google.some(Boolean) && !google.every(Boolean)) {
    throw new Error('Invalid settings:\n  GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: set both, or neither')
  }
  const apple = [settings.APPLE_CLIENT_ID, settings.APPLE_TEAM_ID, settings.APPLE_KEY_ID, settings.APPLE_PRIVATE_KEY]
  if (apple.some(Boolean) && !apple.every(Boolean)) {
    throw new Error('Invalid settings:\n  APPLE_CLIENT_ID, APPLE_TEAM_ID, APPLE_KEY_ID and APPLE_PRIVATE_KEY: set all four, or none')
  }
  if ((google[0] || apple[0]) && !settings.HOSTED_SIGN_IN_URL && !settings.HTTPS_PORT) {
    throw new Error('Invalid settings:\n  GOOGLE_* and APPLE_*: need the hosted sign-in, so set HOSTED_SIGN_IN_URL (or HTTPS_PORT on this machine)')
  }
  if (Boolean(settings.TLS_CERT_FILE) !== Boolean(settings.TLS_KEY_FILE)) {
    throw new Error('Invalid settings:\n  TLS_CERT_FILE and TLS_KEY_FILE: set both, or neither')
  }
  if (settings.HTTPS_PORT !== undefined && settings.HTTPS_PORT === settings.PORT) {
    throw new Error('Invalid settings:\n  HTTPS_PORT: must not be the same port as PORT')
  }
  return { ...settings, DATA_DIR: path.resolve(settings.DATA_DIR), BACKUP_DIR: settings.BACKUP_DIR && path.resolve(settings.BACKUP_DIR) }
}
