import { BUILT_IN_POOL } from './modules/identity/default-pool.ts'
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

/** Every setting the server reads, with its default. README.md lists them for people. */
export const Settings = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: optional,
  DATA_DIR: z.string().default('./data'),
  SEED_DEMO: flag(true),
  SHOP_ID: z.string().min(1).default('bronze-glow'),
  API_KEY: z.string().min(1).default('pk_demo_3f9c2a7e41b84d6a9e0c5b1d8f27a4c6'),
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
  return { ...settings, DATA_DIR: path.resolve(settings.DATA_DIR) }
}
