import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { readSettings, Settings } from './env.ts'

describe('server settings', () => {
  it('every setting is in the table of docs/settings.md, and the table names no setting the server does not read', () => {
    const doc = readFileSync(new URL('../../../docs/settings.md', import.meta.url), 'utf8')
    const table = doc.slice(doc.indexOf('| Setting |'), doc.indexOf('\n## ', doc.indexOf('| Setting |')))
    const documented = new Set(
      table
        .split('\n')
        .filter((line) => line.startsWith('| `'))
        .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1]!)),
    )
    expect([...Object.keys(Settings.shape)].filter((name) => !documented.has(name))).toEqual([])
    expect([...documented].filter((name) => !(name in Settings.shape))).toEqual([])
  })

  it('an empty environment gives the documented defaults', () => {
    const settings = readSettings({})
    expect(settings).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      SEED_DEMO: true,
      API_BASE_URL: '/api/',
      TRUST_PROXY: false,
      CORS_ORIGINS: [],
      REVIEWS_CACHE_HOURS: 6,
      PUBLIC_CACHE_SECONDS: 30,
      GOOGLE_PLACES_BASE_URL: 'https://places.googleapis.com',
    })
    expect(settings.DATABASE_URL).toBeUndefined()
    expect(settings.SHOP_ID).toBeUndefined()
    expect(settings.API_KEY).toBeUndefined()
    expect(settings.GA_MEASUREMENT_ID).toBeUndefined()
    expect(settings.DATA_DIR).toBe(path.resolve('./data'))
    expect(path.isAbsolute(settings.DATA_DIR)).toBe(true)
  })

  it('PUBLIC_URL is the site address without a trailing slash; anything but an http(s) address is refused', () => {
    expect(readSettings({}).PUBLIC_URL).toBeUndefined()
    expect(readSettings({ PUBLIC_URL: 'https://www.glow.example/' }).PUBLIC_URL).toBe('https://www.glow.example')
    expect(() => readSettings({ PUBLIC_URL: 'www.glow.example' })).toThrow(/PUBLIC_URL: must be an address such as https:\/\/www\.example\.co\.uk/)
    expect(() => readSettings({ PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_URL/)
  })

  it('PORT is read as a number', () => {
    expect(readSettings({ PORT: '8080' }).PORT).toBe(8080)
  })

  it('a PORT that is not a port fails with PORT named', () => {
    expect(() => readSettings({ PORT: 'eighty' })).toThrow(/PORT/)
    expect(() => readSettings({ PORT: '70000' })).toThrow(/PORT/)
  })

  it('a bad Google Analytics id fails with the setting named and the expected form', () => {
    expect(() => readSettings({ GA_MEASUREMENT_ID: 'UA-12345-1' })).toThrow(/GA_MEASUREMENT_ID: must look like G-XXXXXXX/)
    expect(readSettings({ GA_MEASUREMENT_ID: 'G-AB12CD34' }).GA_MEASUREMENT_ID).toBe('G-AB12CD34')
    expect(readSettings({ GA_MEASUREMENT_ID: '' }).GA_MEASUREMENT_ID).toBeUndefined()
  })

  it('every bad setting is named at once', () => {
    let message = ''
    try {
      readSettings({ PORT: 'x', LOG_LEVEL: 'loud', TRUST_PROXY: 'maybe' })
    } catch (err) {
      message = (err as Error).message
    }
    expect(message).toMatch(/^Invalid settings:/)
    expect(message).toContain('PORT')
    expect(message).toContain('LOG_LEVEL')
    expect(message).toContain('TRUST_PROXY')
  })

  it('an empty DATABASE_URL means no database server', () => {
    expect(readSettings({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined()
    expect(readSettings({ DATABASE_URL: 'postgres://salon@db/salon' }).DATABASE_URL).toBe('postgres://salon@db/salon')
  })

  it('yes/no flags accept the usual spellings', () => {
    expect(readSettings({ TRUST_PROXY: 'yes' }).TRUST_PROXY).toBe(true)
    expect(readSettings({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(true)
    expect(readSettings({ SEED_DEMO: 'false' }).SEED_DEMO).toBe(false)
    expect(readSettings({ SEED_DEMO: 'no' }).SEED_DEMO).toBe(false)
  })

  it('CORS origins are a comma-separated list', () => {
    expect(readSettings({ CORS_ORIGINS: 'https://bronze-glow.example, https://www.bronze-glow.example' }).CORS_ORIGINS).toEqual([
      'https://bronze-glow.example',
      'https://www.bronze-glow.example',
    ])
  })

  it('the reviews cache period is read as a number of hours', () => {
    expect(readSettings({ REVIEWS_CACHE_HOURS: '0.5' }).REVIEWS_CACHE_HOURS).toBe(0.5)
    expect(() => readSettings({ REVIEWS_CACHE_HOURS: '-1' })).toThrow(/REVIEWS_CACHE_HOURS/)
  })

  it('the sign-up cap per address and hour is a whole number, 50 unless set', () => {
    expect(readSettings({}).SIGN_UPS_PER_HOUR).toBe(50)
    expect(readSettings({ SIGN_UPS_PER_HOUR: '500' }).SIGN_UPS_PER_HOUR).toBe(500)
    expect(() => readSettings({ SIGN_UPS_PER_HOUR: '0' })).toThrow(/SIGN_UPS_PER_HOUR/)
    expect(() => readSettings({ SIGN_UPS_PER_HOUR: 'lots' })).toThrow(/SIGN_UPS_PER_HOUR/)
    expect(readSettings({})).toMatchObject({ SIGN_INS_PER_HOUR: 60, CODE_REQUESTS_PER_HOUR: 10 })
    expect(readSettings({ SIGN_INS_PER_HOUR: '1000', CODE_REQUESTS_PER_HOUR: '30' })).toMatchObject({ SIGN_INS_PER_HOUR: 1000, CODE_REQUESTS_PER_HOUR: 30 })
    expect(() => readSettings({ SIGN_INS_PER_HOUR: '-1' })).toThrow(/SIGN_INS_PER_HOUR/)
    expect(() => readSettings({ CODE_REQUESTS_PER_HOUR: '2.5' })).toThrow(/CODE_REQUESTS_PER_HOUR/)
  })

  it('the user pool ids must look like Cognito ids', () => {
    expect(readSettings({}).USER_POOL_ID).toBe('eu-west-2_Sa1onDem0')
    expect(() => readSettings({ USER_POOL_ID: 'my-pool' })).toThrow(/USER_POOL_ID: must look like eu-west-2_AbCdEf123/)
    expect(() => readSettings({ USER_POOL_CLIENT_ID: 'Not Valid!' })).toThrow(/USER_POOL_CLIENT_ID/)
  })

  it('a real Cognito pool needs its client id too', () => {
    expect(() => readSettings({ COGNITO_USER_POOL_ID: 'eu-west-2_AbCdEf123' })).toThrow(/COGNITO_CLIENT_ID: is required/)
    const settings = readSettings({ COGNITO_USER_POOL_ID: 'eu-west-2_AbCdEf123', COGNITO_CLIENT_ID: 'abc123' })
    expect(settings.COGNITO_USER_POOL_ID).toBe('eu-west-2_AbCdEf123')
  })

  it('Twilio is used only with all three of its settings', () => {
    expect(() => readSettings({ TWILIO_ACCOUNT_SID: 'AC123' })).toThrow(/set all three, or none/)
    expect(readSettings({ TWILIO_ACCOUNT_SID: 'AC123', TWILIO_AUTH_TOKEN: 'secret', TWILIO_FROM: '+447700900000' }).TWILIO_FROM).toBe('+447700900000')
  })

  describe('Stripe', () => {
    const keys = { STRIPE_SECRET_KEY: 'sk_test_51AbC123', STRIPE_PUBLISHABLE_KEY: 'pk_test_51AbC123', STRIPE_WEBHOOK_SECRET: 'whsec_0123abcd' }
    const failure = (env: NodeJS.ProcessEnv) => {
      try {
        readSettings(env)
      } catch (err) {
        return (err as Error).message
      }
      throw new Error('the settings were accepted')
    }

    it('is off unless set, and talks to api.stripe.com', () => {
      const settings = readSettings({})
      expect(settings.STRIPE_SECRET_KEY).toBeUndefined()
      expect(settings.STRIPE_API_BASE_URL).toBe('https://api.stripe.com')
    })

    it('is used only with all three of its settings', () => {
      expect(readSettings(keys)).toMatchObject(keys)
      expect(readSettings({ ...keys, STRIPE_SECRET_KEY: 'rk_live_51AbC', STRIPE_PUBLISHABLE_KEY: 'pk_live_51AbC' }).STRIPE_SECRET_KEY).toBe('rk_live_51AbC')
      for (const name of Object.keys(keys)) {
        expect(failure({ ...keys, [name]: '' })).toMatch(/STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET: set all three, or none/)
      }
      expect(() => readSettings({ STRIPE_PUBLISHABLE_KEY: keys.STRIPE_PUBLISHABLE_KEY })).toThrow(/set all three, or none/)
    })

    it('each key must look like its kind, and the message does not repeat it', () => {
      const swapped = failure({ ...keys, STRIPE_SECRET_KEY: 'pk_test_51Secret', STRIPE_PUBLISHABLE_KEY: 'sk_test_51Secret' })
      expect(swapped).toMatch(/STRIPE_SECRET_KEY: must look like sk_live_/)
      expect(swapped).toMatch(/STRIPE_PUBLISHABLE_KEY: must look like pk_live_/)
      expect(swapped).not.toContain('51Secret')
      expect(failure({ ...keys, STRIPE_WEBHOOK_SECRET: 'we_1Secret' })).toMatch(/STRIPE_WEBHOOK_SECRET: must look like whsec_/)
    })

    it('a live secret key with a test publishable key is refused', () => {
      expect(failure({ ...keys, STRIPE_SECRET_KEY: 'sk_live_51AbC' })).toMatch(/use two test keys or two live keys/)
    })

    it('the API address is an http or https origin', () => {
      expect(readSettings({ STRIPE_API_BASE_URL: 'http://127.0.0.1:12111' }).STRIPE_API_BASE_URL).toBe('http://127.0.0.1:12111')
      expect(failure({ STRIPE_API_BASE_URL: 'https://api.stripe.com/v1' })).toMatch(/STRIPE_API_BASE_URL: must be an origin/)
      expect(failure({ STRIPE_API_BASE_URL: 'ftp://api.stripe.com' })).toMatch(/STRIPE_API_BASE_URL/)
    })
  })
})
