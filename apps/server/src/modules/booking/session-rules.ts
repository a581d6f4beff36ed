import { DUPLICATE_BOOKING_MESSAGE } from '@salon/contracts/booking'
import { ageOn, MINIMUM_AGE } from '@salon/contracts/rules/date-of-birth'
import { plural } from '@salon/contracts/words'
import { describeDate, localDateOf, localTimeOf } from '../../lib/local-time.ts'
import type { BookingRules } from './availability.ts'
import type { Audience } from './sunbed-safety-checks.service.ts'

const HOUR = 3_600_000

/**
 * The session rules of UK sunbed law and the salon's booking rules that depend on the customer and their other
 * sessions (docs/product.md §4.3 and §10.2), written once for every way a session is booked: a customer booking
 * online, staff booking or moving one at the desk, and the owner's override. Each answers the rules a session breaks,
 * first the one to tell first; only the wording differs by who reads it. The bed's range of minutes and the opening
 * hours are the bookable times' rules (availability.ts), which the desk checks itself as its override can let them past.
 */

export type SessionRule = 'no-date-of-birth' | 'under-18' | 'no-skin-type' | 'skin-type-1' | 'one-a-day' | 'too-close' | 'first-session'

export interface SessionProblem {
  rule: SessionRule
  status: 403 | 409 | 422
  message: string
  /** Whether the owner may let it past with a reason at the desk: never the law's age rule, a missing record or a second session in a day. */
  overridable: boolean
}

/** Every refusal, word for word (docs/product.md §4.3 and §10.2). */
export const SESSION_RULE_MESSAGES = {
  customer: {
    noDob: 'Please add your date of birth to your account before booking: UK law requires us to check that you are 18 or over.',
    under18: () => 'You must be 18 or over to use a sunbed: UK law (the Sunbeds (Regulation) Act 2010) does not allow anyone under 18 to use one.',
    noSkinType: 'Please add your skin type to your account before booking: we must check that sunbeds are safe for your skin.',
    skinTypeI:
      'Sunbed sessions cannot be booked for skin type I: this skin always burns and never tans, and UK health guidance says people with it should not use sunbeds. If your skin type is recorded wrongly, please change it in your account or talk to the salon.',
    oneADay: () => DUPLICATE_BOOKING_MESSAGE,
    tooClose: (hours: number, date: string, time: string) =>
      `Your sessions must be at least ${plural(hours, 'hour')} apart, so your skin can recover: you have one on ${date} at ${time}.`,
    firstSession: (max: number) =>
      `Your first session can be at most ${max} minutes, so we can see how your skin takes to UV. Please choose ${max} minutes or fewer.`,
  },
  staff: {
    noDob: "Please add the customer's date of birth first: UK law requires us to check that they are 18 or over.",
    under18: (date: string) =>
      `The customer is under 18 on ${date}: UK law (the Sunbeds (Regulation) Act 2010) does not allow anyone under 18 to use a sunbed.`,
    noSkinType: "Please add the customer's skin type first: we must check that sunbeds are safe for their skin.",
    skinTypeI:
      'Sunbed sessions are not booked for skin type I: this skin always burns and never tans, and UK health guidance says people with it should not use sunbeds.',
    oneADay: (date: string) => `The customer already has a session on ${date}: one session a day.`,
    tooClose: (hours: number, date: string, time: string) =>
      `The customer's sessions must be at least ${plural(hours, 'hour')} apart: they have one on ${date} at ${time}.`,
    firstSession: (max: number) => `A first session can be at most ${max} minutes, so we can see how the customer's skin takes to UV.`,
  },
} as const

/** The law's and safety's rules on the customer's record, for a session on `date`. */
export function personProblems(profile: { dob: string | null; skinType: number | null }, date: string, audience: Audience): SessionProblem[] {
  const words = SESSION_RULE_MESSAGES[audience]
  const problems: SessionProblem[] = []
  if (!profile.dob) problems.push({ rule: 'no-date-of-birth', status: 403, message: words.noDob, overridable: false })
  else if (ageOn(profile.dob, date) < MINIMUM_AGE)
    problems.push({ rule: 'under-18', status: 403, message: words.under18(describeDate(date)), overridable: false })
  if (profile.skinType === null) problems.push({ rule: 'no-skin-type', status: 403, message: words.noSkinType, overridable: false })
  else if (profile.skinType === 1) problems.push({ rule: 'skin-type-1', status: 403, message: words.skinTypeI, overridable: true })
  return problems
}

/**
 * The rules that depend on the customer's other active sessions (`others`, without the one being moved): one a day,
 * the salon's hours between sessions, and the length of a first session.
 */
export function historyProblems(
  others: readonly { localDate: string; startsAt: Date }[],
  rules: Pick<BookingRules, 'minHoursBetweenSessions' | 'firstSessionMaxMinutes'>,
  session: { date: string; startsAt: number; minutes: number; timeZone: string },
  audience: Audience,
): SessionProblem[] {
  const words = SESSION_RULE_MESSAGES[audience]
  const problems: SessionProblem[] = []
  if (others.some((b) => b.localDate === session.date)) {
    problems.push({ rule: 'one-a-day', status: 409, message: words.oneADay(describeDate(session.date)), overridable: false })
  }
  const tooClose = others.find((b) => Math.abs(b.startsAt.getTime() - session.startsAt) < rules.minHoursBetweenSessions * HOUR)
  if (tooClose) {
    const at = tooClose.startsAt.getTime()
    const message = words.tooClose(rules.minHoursBetweenSessions, describeDate(localDateOf(at, session.timeZone)), localTimeOf(at, session.timeZone))
    problems.push({ rule: 'too-close', status: 409, message, overridable: true })
  }
  const isFirst = !others.some((b) => b.startsAt.getTime() < session.startsAt)
  if (isFirst && session.minutes > rules.firstSessionMaxMinutes) {
    problems.push({ rule: 'first-session', status: 422, message: words.firstSession(rules.firstSessionMaxMinutes), overridable: true })
  }
  return problems
}
