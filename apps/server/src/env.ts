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
  TRUST_PROXY: flag(false),
  CORS_ORIGINS: optional.transform((v) => (v ? v.split(',').map((o) => o.trim()) : [])),
  SMTP_URL: optional,
  EMAIL_FROM: z.string().default('Bronze & Glow <no-reply@bronze-glow.example>'),
  GOOGLE_PLACES_API_KEY: optional,
  GOOGLE_PLACE_ID: optional,
  GOOGLE_PLACES_BASE_URL: z.url().default('https://places.googleapis.com'),
  REVIEWS_CACHE_HOURS: z.coerce.number().min(0).default(6),
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
  return { ...parsed.data, DATA_DIR: path.resolve(parsed.data.DATA_DIR) }
}
