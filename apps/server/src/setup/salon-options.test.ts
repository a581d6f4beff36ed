import { describe, expect, it } from 'vitest'
import { SalonSetup } from '@salon/contracts/salon-setup'
import { DEFAULT_HOURS_TEXT, OptionError, parseBed, parseHours, parsePrice } from './salon-options.ts'

describe("the salon command's options", () => {
  it('reads opening hours by day and by run of days, Sunday first, with later parts winning', () => {
    expect(parseHours(DEFAULT_HOURS_TEXT)).toEqual([
      { weekday: 0, opensAt: '10:00', closesAt: '16:00' },
      ...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, opensAt: '09:00', closesAt: '20:00' })),
      { weekday: 6, opensAt: '09:00', closesAt: '17:00' },
    ])
    expect(parseHours('Monday-Sunday 9:00-18:00, wed closed').map((d) => d.weekday)).toEqual([0, 1, 2, 4, 5, 6])
    // A run may wrap round the week.
    expect(parseHours('fri-mon 10:00-14:00').map((d) => d.weekday)).toEqual([0, 1, 5, 6])
  })

  it('refuses what it cannot read, naming the option and an example', () => {
    expect(() => parseHours('weekdays 9-5')).toThrow(OptionError)
    expect(() => parseHours('mon-fri 9-5')).toThrow(/--hours: "mon-fri 9-5" is not understood/)
    expect(() => parseHours('moon 09:00-17:00')).toThrow(/"moon" is not a day/)
    expect(() => parseBed('Sunbed 1')).toThrow(/--bed: "Sunbed 1"/)
    expect(() => parsePrice('lay-down=£0.65')).toThrow(/--price/)
  })

  it('reads sunbeds and prices, and leaves every rule to the one schema', () => {
    expect(parseBed('Solar 24: The Big One:lay-down:3-15')).toEqual({ name: 'Solar 24: The Big One', type: 'lay-down', minMinutes: 3, maxMinutes: 15 })
    expect(parsePrice('stand-up=70')).toEqual(['stand-up', 70])
    const checked = SalonSetup.safeParse({
      salon: {
        name: 'Sun Studio',
        tagline: '',
        addressLine1: '1 High Street',
        addressLine2: '',
        town: 'Leeds',
        postcode: 'ls1 1aa',
        phone: '0113 496 0000',
        email: 'hello@sun.example',
      },
      nation: 'england',
      hours: parseHours('mon 09:00-08:00'),
      beds: [parseBed('A:sun-lounger:3-15'), parseBed('B:stand-up:9-3')],
      prices: {},
      owner: { name: 'Jo', phone: '07700 900555', password: 'weak' },
    })
    expect(checked.success).toBe(false)
    const paths = checked.error!.issues.map((i) => i.path.join('.'))
    expect(paths).toEqual(expect.arrayContaining(['hours.0.closesAt', 'beds.0.type', 'beds.1.maxMinutes', 'owner.password']))
  })
})
