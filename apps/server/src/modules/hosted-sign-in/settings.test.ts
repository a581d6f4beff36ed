import { describe, expect, it } from 'vitest'
import { readSettings } from '../../env.ts'

const APPLE_KEY = '-----BEGIN PRIVATE KEY-----\\nMIGT\\n-----END PRIVATE KEY-----'

describe('hosted sign-in settings', () => {
  it('are off by default, with Google and Apple at their own addresses', () => {
    const settings = readSettings({})
    expect(settings.HOSTED_SIGN_IN_URL).toBeUndefined()
    expect(settings.HTTPS_PORT).toBeUndefined()
    expect(settings.GOOGLE_ISSUER_URL).toBe('https://accounts.google.com')
    expect(settings.APPLE_ISSUER_URL).toBe('https://appleid.apple.com')
  })

  it('take a hosted address without its trailing slash, and lists of exact addresses', () => {
    const settings = readSettings({
      HOSTED_SIGN_IN_URL: 'https://auth.glow.example/',
      HOSTED_SIGN_IN_REDIRECT_URIS: 'https://www.glow.example/sign-in/, https://glow.example/sign-in/',
      HTTPS_PORT: '3443',
    })
    expect(settings.HOSTED_SIGN_IN_URL).toBe('https://auth.glow.example')
    expect(settings.HOSTED_SIGN_IN_REDIRECT_URIS).toEqual(['https://www.glow.example/sign-in/', 'https://glow.example/sign-in/'])
    expect(settings.HTTPS_PORT).toBe(3443)
  })

  it('refuse bad values with the setting named', () => {
    expect(() => readSettings({ HOSTED_SIGN_IN_URL: 'https://auth.glow.example/path' })).toThrow(/HOSTED_SIGN_IN_URL: must be an origin/)
    expect(() => readSettings({ HOSTED_SIGN_IN_REDIRECT_URIS: 'javascript:alert(1)' })).toThrow(/HOSTED_SIGN_IN_REDIRECT_URIS/)
    expect(() => readSettings({ HOSTED_SIGN_OUT_URIS: 'https://a.example/#x' })).toThrow(/HOSTED_SIGN_OUT_URIS.*must not contain #/)
    expect(() => readSettings({ HTTPS_PORT: 'https' })).toThrow(/HTTPS_PORT/)
    expect(() => readSettings({ HTTPS_PORT: '3000' })).toThrow(/HTTPS_PORT: must not be the same port as PORT/)
    expect(() => readSettings({ GOOGLE_ISSUER_URL: 'http://accounts.example' })).toThrow(/GOOGLE_ISSUER_URL: must be https/)
    expect(() => readSettings({ APPLE_TEAM_ID: 'team' })).toThrow(/APPLE_TEAM_ID: must be the ten-character Team ID/)
    expect(() => readSettings({ APPLE_PRIVATE_KEY: 'secret' })).toThrow(/APPLE_PRIVATE_KEY: must be the .p8 key as PEM/)
    expect(() => readSettings({ TLS_CERT_FILE: 'cert.pem' })).toThrow(/TLS_CERT_FILE and TLS_KEY_FILE: set both/)
  })

  it('a provider needs all of its settings, and the hosted sign-in', () => {
    expect(() => readSettings({ GOOGLE_CLIENT_ID: 'id', HTTPS_PORT: '3443' })).toThrow(/GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: set both/)
    expect(() => readSettings({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' })).toThrow(/need the hosted sign-in/)
    expect(readSettings({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret', HTTPS_PORT: '3443' }).GOOGLE_CLIENT_ID).toBe('id')
    expect(() => readSettings({ APPLE_CLIENT_ID: 'com.glow.web', HOSTED_SIGN_IN_URL: 'https://auth.glow.example' })).toThrow(/set all four/)
    const apple = readSettings({
      APPLE_CLIENT_ID: 'com.glow.web',
      APPLE_TEAM_ID: 'ABCDE12345',
      APPLE_KEY_ID: 'KEY1234567',
      APPLE_PRIVATE_KEY: APPLE_KEY,
      HOSTED_SIGN_IN_URL: 'https://auth.glow.example',
    })
    // A key pasted on one line with \n written out is read as the PEM it is.
    expect(apple.APPLE_PRIVATE_KEY).toBe('-----BEGIN PRIVATE KEY-----\nMIGT\n-----END PRIVATE KEY-----')
  })

  it('never repeat a secret in a message', () => {
    try {
      readSettings({ GOOGLE_CLIENT_SECRET: 'very-secret-value', HTTPS_PORT: '3443' })
    } catch (error) {
      expect(String(error)).not.toContain('very-secret-value')
    }
  })

  it('a real Cognito domain offers the providers named, with the real pool', () => {
    const settings = readSettings({
      COGNITO_USER_POOL_ID: 'eu-west-2_AbCdEf123',
      COGNITO_CLIENT_ID: 'abc',
      COGNITO_DOMAIN: 'glow.auth.eu-west-2.amazoncognito.com',
      COGNITO_SOCIAL_PROVIDERS: 'Google, Apple',
    })
    expect(settings.COGNITO_SOCIAL_PROVIDERS).toEqual(['Google', 'Apple'])
    expect(() => readSettings({ COGNITO_DOMAIN: 'glow.auth.eu-west-2.amazoncognito.com', COGNITO_SOCIAL_PROVIDERS: 'Google' })).toThrow(
      /with COGNITO_USER_POOL_ID/,
    )
    expect(() => readSettings({ COGNITO_DOMAIN: 'https://glow.example' })).toThrow(/COGNITO_DOMAIN: must be a host name/)
    expect(() => readSettings({ COGNITO_SOCIAL_PROVIDERS: 'Facebook' })).toThrow(/COGNITO_SOCIAL_PROVIDERS/)
  })
})
