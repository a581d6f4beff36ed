import { describe, expect, it } from 'vitest'
import { historyProblems, personProblems, SESSION_RULE_MESSAGES } from './session-rules.ts'

const rules = { minHoursBetweenSessions: 24, firstSessionMaxMinutes: 6 }
const timeZone = 'Europe/London'
// 12:00 in London on 10 June 2031 (British Summer Time).
const noon = Date.UTC(2031, 5, 10, 11)
const HOUR = 3_600_000
const session = { date: '2031-06-10', startsAt: noon, minutes: 6, timeZone }
const booked = (localDate: string, startsAt: number) => ({ localDate, startsAt: new Date(startsAt) })

describe('the session rules on the customer’s record', () => {
  it('asks for a date of birth and a skin type before anything else, and refuses anyone under 18 on the day of the session', () => {
    const rulesOf = (profile: { dob: string | null; skinType: number | null }) => personProblems(profile, '2031-06-10', 'customer').map((p) => p.rule)
    expect(rulesOf({ dob: null, skinType: null })).toEqual(['no-date-of-birth', 'no-skin-type'])
    // Eighteen on the day of the session, not the day before.
    expect(rulesOf({ dob: '2013-06-10', skinType: 3 })).toEqual([])
    expect(rulesOf({ dob: '2013-06-11', skinType: 3 })).toEqual(['under-18'])
    expect(rulesOf({ dob: '1990-01-01', skinType: 1 })).toEqual(['skin-type-1'])
    expect(rulesOf({ dob: '1990-01-01', skinType: 2 })).toEqual([])
  })

  it('breaks the same rules for the customer and for the desk, in the words of each; only skin type I may be let past by the owner', () => {
    const profile = { dob: '2014-01-01', skinType: 1 }
    const customer = personProblems(profile, '2031-06-10', 'customer')
    const staff = personProblems(profile, '2031-06-10', 'staff')
    expect(customer.map(({ rule, status, overridable }) => ({ rule, status, overridable }))).toEqual(
      staff.map(({ rule, status, overridable }) => ({ rule, status, overridable })),
    )
    expect(staff).toEqual([
      { rule: 'under-18', status: 403, message: SESSION_RULE_MESSAGES.staff.under18('Tuesday 10 June 2031'), overridable: false },
      { rule: 'skin-type-1', status: 403, message: SESSION_RULE_MESSAGES.staff.skinTypeI, overridable: true },
    ])
    expect(customer[0]!.message).toBe(
      'You must be 18 or over to use a sunbed: UK law (the Sunbeds (Regulation) Act 2010) does not allow anyone under 18 to use one.',
    )
  })
})

describe('the session rules on the customer’s other sessions', () => {
  it('allows one session a day, the salon’s hours between sessions, and a short first session', () => {
    const rulesOf = (others: ReturnType<typeof booked>[], minutes = 6) => historyProblems(others, rules, { ...session, minutes }, 'staff').map((p) => p.rule)
    expect(rulesOf([])).toEqual([])
    expect(rulesOf([], 7)).toEqual(['first-session'])
    // The evening before is too close for 24 hours apart; the same time the day before is not.
    expect(rulesOf([booked('2031-06-09', noon - 18 * HOUR)], 12)).toEqual(['too-close'])
    expect(rulesOf([booked('2031-06-09', noon - 24 * HOUR)], 12)).toEqual([])
    expect(rulesOf([booked('2031-06-10', noon + 4 * HOUR)])).toEqual(['one-a-day', 'too-close'])
    // A later session does not make this one a second: it is still the first, so its length is capped.
    expect(rulesOf([booked('2031-06-20', noon + 10 * 24 * HOUR)], 12)).toEqual(['first-session'])
  })

  it('tells the customer and the desk the same rule, the time of the session in the way in the salon’s clock', () => {
    const others = [booked('2031-06-09', noon - 18 * HOUR)]
    const [customer] = historyProblems(others, rules, session, 'customer')
    const [staff] = historyProblems(others, rules, session, 'staff')
    expect(customer).toEqual({
      rule: 'too-close',
      status: 409,
      message: 'Your sessions must be at least 24 hours apart, so your skin can recover: you have one on Monday 9 June 2031 at 18:00.',
      overridable: true,
    })
    expect(staff).toEqual({
      rule: 'too-close',
      status: 409,
      message: "The customer's sessions must be at least 24 hours apart: they have one on Monday 9 June 2031 at 18:00.",
      overridable: true,
    })
    expect(historyProblems([booked('2031-06-10', noon)], rules, session, 'customer')[0]).toMatchObject({
      rule: 'one-a-day',
      status: 409,
      overridable: false,
      message: 'duplicate booking: you already have a session on this day.',
    })
  })
})
