import { describe, expect, it } from 'vitest'
import { deviceLabel } from './device-name.ts'

describe('a device’s name as a person reads it', () => {
  it('names the browser and the system of a user agent', () => {
    expect(deviceLabel('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36')).toBe(
      'Chrome on Android',
    )
    expect(
      deviceLabel('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'),
    ).toBe('Safari on iPhone')
    expect(deviceLabel('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0')).toBe(
      'Edge on Windows',
    )
    expect(deviceLabel('Linux 6.5.0 Chromium 131.0.6778.85 Not_A Brand 24.0.0.0')).toBe('Chrome on Linux')
  })

  it('shows a name it cannot read as it is, shortened, or says it has none', () => {
    expect(deviceLabel('Kitchen tablet')).toBe('Kitchen tablet')
    expect(deviceLabel('x'.repeat(100))).toBe(`${'x'.repeat(57)}…`)
    expect(deviceLabel('  ')).toBe('Unnamed device')
  })
})
