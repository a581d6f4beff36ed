import { describe, expect, it } from 'vitest'
import { buildIcs, foldLine, icsInstant, icsText } from './ics.ts'

const salon = {
  id: 'bronze-glow',
  name: 'Bronze & Glow Tanning Studio',
  address: { line1: '12 High Street', line2: '', town: 'Brighton', postcode: 'BN1 1AA' },
  phone: '01273 000000',
}
const winter = {
  id: '6a1e2f4c-8b3d-4c1a-9e2f-1d2c3b4a5f60',
  startsAt: '2026-11-23T10:15:00+00:00',
  endsAt: '2026-11-23T10:21:00+00:00',
  minutes: 6,
  bed: { id: 'bed-1', name: 'Solara Classic 24', type: 'lay-down' },
}

describe('the calendar file (.ics)', () => {
  it('writes Europe/London wall-clock times as UTC instants, in summer time too', () => {
    expect(icsInstant('2026-11-23T10:15:00+00:00')).toBe('20261123T101500Z')
    expect(icsInstant('2026-07-01T10:15:00+01:00')).toBe('20260701T091500Z')
    expect(() => icsInstant('tomorrow')).toThrow()
  })

  it('holds one event with the session, the salon and a reminder, in CRLF lines', () => {
    const ics = buildIcs(winter, salon, new Date('2026-11-22T08:00:00Z'))
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true)
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true)
    expect(ics.replace(/\r\n/g, '').includes('\n')).toBe(false)
    const unfolded = ics.replace(/\r\n /g, '')
    expect(unfolded).toContain('UID:6a1e2f4c-8b3d-4c1a-9e2f-1d2c3b4a5f60@bronze-glow')
    expect(unfolded).toContain('DTSTAMP:20261122T080000Z')
    expect(unfolded).toContain('DTSTART:20261123T101500Z')
    expect(unfolded).toContain('DTEND:20261123T102100Z')
    expect(unfolded).toContain('SUMMARY:Sunbed session: 6 min on Solara Classic 24')
    expect(unfolded).toContain('LOCATION:Bronze & Glow Tanning Studio\\, 12 High Street\\, Brighton\\, BN1 1AA')
    expect(unfolded.match(/BEGIN:VEVENT/g)).toHaveLength(1)
    expect(unfolded).toContain('TRIGGER:-PT1H')
  })

  it('escapes text and folds long lines at 75 octets', () => {
    expect(icsText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne')
    const long = `DESCRIPTION:${'x'.repeat(200)}`
    const folded = foldLine(long)
    expect(folded.split('\r\n').every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true)
    expect(folded.replace(/\r\n /g, '')).toBe(long)
    const accents = `SUMMARY:${'é'.repeat(60)}`
    expect(
      foldLine(accents)
        .split('\r\n')
        .every((line) => new TextEncoder().encode(line).length <= 75),
    ).toBe(true)
    expect(foldLine('SHORT:yes')).toBe('SHORT:yes')
  })
})
