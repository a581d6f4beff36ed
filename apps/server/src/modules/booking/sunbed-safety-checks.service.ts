import { addDays } from '@salon/contracts/dates'
import { randomUUID } from 'node:crypto'
import type { HealthAnswersRequest, SessionYear } from '@salon/contracts/sunbed-safety'
import { HttpError } from '../../lib/errors.ts'
import type { Db } from '@salon/db'
import { describeDate, localDateOf } from '../../lib/local-time.ts'
import { sunbedSettingsOf, type SunbedSafetySettings } from '../shop/public.ts'
import { sunbedSafetyRepository, type SafetyFacts, type SkinReactionRow } from './sunbed-safety.repository.ts'

/**
 * The sunbed safety rules (docs/product.md §4.15, docs/decisions/031), in one place for every way a session is
 * booked: the customer's p_book (paid from the balance, in the salon or by card when booked, and the booking saved
 * across sign-in, which is a p_book too) and the salon's walk-ins and phone bookings. Read and judged inside the
 * transaction that holds the customer's lock, so an answer, a reaction or another booking cannot slip in between.
 */

const DAY = 86_400_000
/** "12 months": the answers' life and the yearly limit's window, in days. */
export const YEAR_DAYS = 365

export type SafetyRule = 'health-questions' | 'health-answer-yes' | 'skin-reaction' | 'reaction-clearance' | 'reaction-cap' | 'yearly-limit'

export interface SafetyProblem {
  rule: SafetyRule
  status: 403 | 409 | 422
  message: string
  /** Whether the owner may let it past with a reason at the desk; never a health answer or a reaction awaiting clearance. */
  overridable: boolean
}

/** Who reads the refusal: the customer booking online, or the member of staff at the desk. */
export type Audience = 'customer' | 'staff'

/** Every refusal, word for word (docs/product.md §8.5 and §10.2). */
export const SAFETY_MESSAGES = {
  customer: {
    questions:
      'Please answer the health questions before booking: the salon asks them before your first session, every 12 months and whenever they change, to check that a sunbed is safe for you.',
    yes: (phone: string) =>
      `From your answers to the health questions, a sunbed may not be safe for you. Please talk to the salon before booking: call us on ${phone}.`,
    clearance: (phone: string) =>
      `Your skin itched after your first session. Please see a doctor before using a sunbed again, then talk to the salon on ${phone}: the salon can then let you book.`,
    pause: (reported: string, from: string) =>
      `You reported a skin reaction on ${reported}, so your skin needs a rest: you can book sessions from ${from}. If it has not settled by then, please talk to the salon.`,
    cap: (max: number) =>
      `After a skin reaction, your next session can be at most ${max} minutes, as a first session is. Please choose ${max} minutes or fewer.`,
    yearly: (limit: number, date: string, next: string) =>
      `You have had or booked ${limit} sessions in the 12 months up to ${date}, the most this salon allows in a year. Your next session can be on ${next} or later.`,
  },
  staff: {
    questions:
      'The customer has not answered the health questions, or their answers are more than 12 months old or the questions have changed. Please go through the questions with them first.',
    yes: () => 'The customer answered yes to a health question. Please speak with them and clear it, with your reason, before booking.',
    clearance: () =>
      "The customer's skin itched after their first session: they must see a doctor, and a member of staff must clear it, before their next session.",
    pause: (reported: string, from: string) => `The customer reported a skin reaction on ${reported}: no session before ${from}.`,
    cap: (max: number) => `After a skin reaction, the customer's next session can be at most ${max} minutes, as a first session is.`,
    yearly: (limit: number, date: string, next: string) =>
      `The customer has had or booked ${limit} sessions in the 12 months up to ${date}, the salon's yearly limit: their next session can be on ${next} or later.`,
  },
} as const

/** The local date from which sessions may start again after a reaction. */
export const pausedUntil = (reaction: Pick<SkinReactionRow, 'reportedAt'>, settings: SunbedSafetySettings, timeZone: string) =>
  addDays(localDateOf(reaction.reportedAt.getTime(), timeZone), settings.reactionPauseDays)

/** Where the customer stands with the health questions for a session on `date`. */
export function healthStateOf(facts: SafetyFacts, settings: SunbedSafetySettings, date: string, timeZone: string) {
  const answers = facts.answers
  if (!answers || answers.version !== settings.questionsVersion) return 'due' as const
  const answeredOn = localDateOf(answers.answeredAt.getTime(), timeZone)
  if (addDays(answeredOn, YEAR_DAYS) <= date) return 'due' as const
  if (!answers.anyYes) return 'clear' as const
  return answers.clearedAt ? ('cleared' as const) : ('refer' as const)
}

/** The sessions that count in the 12 months up to `date` (inclusive), and when the next one is possible if the limit is reached. */
export function yearOf(facts: SafetyFacts, settings: SunbedSafetySettings, date: string, options: { pastOnly?: boolean; at?: number } = {}) {
  const from = addDays(date, -YEAR_DAYS + 1)
  const counted = facts.sessions.filter(
    (s) => s.localDate >= from && s.localDate <= date && (!options.pastOnly || s.startsAt.getTime() <= (options.at ?? Infinity)),
  )
  const limit = settings.yearlySessionLimit
  const k = counted.length - limit
  const nextPossibleOn = k >= 0 ? addDays(counted[k]!.localDate, YEAR_DAYS) : null
  return { from, counted, limit, nextPossibleOn }
}

/** The customer's last 12 months for their account page: sessions that have started, and their minutes. */
export function sessionYear(facts: SafetyFacts, settings: SunbedSafetySettings, at: number, timeZone: string): SessionYear {
  const today = localDateOf(at, timeZone)
  const past = yearOf(facts, settings, today, { pastOnly: true, at })
  const all = yearOf(facts, settings, today)
  return {
    from: past.from,
    sessions: past.counted.length,
    minutes: past.counted.reduce((sum, s) => sum + s.minutes, 0),
    limit: past.limit,
    nextPossibleOn: all.nextPossibleOn,
  }
}

/**
 * Every sunbed safety rule a session on `date` at `startsAt` for `minutes` breaks, first the one to tell first.
 */
export function safetyProblems(
  facts: SafetyFacts,
  settings: SunbedSafetySettings,
  session: { date: string; startsAt: number; minutes: number; firstSessionMaxMinutes: number; timeZone: string; phone: string },
  audience: Audience,
): SafetyProblem[] {
  const words = SAFETY_MESSAGES[audience]
  const problems: SafetyProblem[] = []
  const state = healthStateOf(facts, settings, session.date, session.timeZone)
  if (state === 'due') problems.push({ rule: 'health-questions', status: 403, message: words.questions, overridable: false })
  if (state === 'refer') problems.push({ rule: 'health-answer-yes', status: 403, message: words.yes(session.phone), overridable: false })

  const awaiting = facts.reactions.find((r) => r.needsClearance && !r.clearedAt)
  if (awaiting) problems.push({ rule: 'reaction-clearance', status: 403, message: words.clearance(session.phone), overridable: false })
  const pausing = facts.reactions.find((r) => pausedUntil(r, settings, session.timeZone) > session.date)
  if (pausing) {
    const reported = describeDate(localDateOf(pausing.reportedAt.getTime(), session.timeZone))
    problems.push({
      rule: 'skin-reaction',
      status: 409,
      message: words.pause(reported, describeDate(pausedUntil(pausing, settings, session.timeZone))),
      overridable: true,
    })
  }
  const latest = facts.reactions[0]
  if (latest && session.minutes > session.firstSessionMaxMinutes && latest.reportedAt.getTime() > session.startsAt - YEAR_DAYS * DAY) {
    const since = latest.reportedAt.getTime()
    const sessionSince = facts.sessions.some((s) => s.startsAt.getTime() > since && s.startsAt.getTime() < session.startsAt)
    if (!sessionSince) problems.push({ rule: 'reaction-cap', status: 422, message: words.cap(session.firstSessionMaxMinutes), overridable: true })
  }

  const year = yearOf(facts, settings, session.date)
  if (year.nextPossibleOn) {
    problems.push({
      rule: 'yearly-limit',
      status: 409,
      message: words.yearly(year.limit, describeDate(session.date), describeDate(year.nextPossibleOn)),
      overridable: true,
    })
  }
  return problems
}

/**
 * The one check every booking path calls, inside the transaction holding the customer's lock: reads the salon's
 * settings and the customer's answers, reactions and sessions, and answers the rules the session breaks.
 */
export async function checkSunbedSafety(
  tx: Db,
  input: {
    shopId: string
    sub: string
    date: string
    startsAt: number
    minutes: number
    firstSessionMaxMinutes: number
    timeZone: string
    phone: string
    at: number
    audience: Audience
    /** A session being moved: it does not count against itself. */
    moving?: string
  },
): Promise<SafetyProblem[]> {
  const settings = await sunbedSettingsOf(tx, input.shopId)
  const facts = await sunbedSafetyRepository.facts(tx, input.shopId, input.sub, new Date(input.startsAt - (YEAR_DAYS + 2) * DAY), new Date(input.at))
  const others = input.moving ? { ...facts, sessions: facts.sessions.filter((s) => s.id !== input.moving) } : facts
  return safetyProblems(others, settings, input, input.audience)
}

export const QUESTIONS_CHANGED = 'The health questions have just changed. Please read them again and answer the new ones.'

/**
 * Keeps a customer's answers with their time and version: online (`recordedBy` null) or taken at the desk by a member
 * of staff. Answers to another version of the questions are refused. Answers whether any was "yes".
 */
export async function recordAnswers(tx: Db, input: { shopId: string; sub: string; request: HealthAnswersRequest; at: number; recordedBy: string | null }) {
  const settings = await sunbedSettingsOf(tx, input.shopId)
  if (input.request.version !== settings.questionsVersion) throw new HttpError(409, QUESTIONS_CHANGED, { field: 'version' })
  const anyYes = Object.values(input.request.answers).some(Boolean)
  await sunbedSafetyRepository.addAnswers(tx, {
    id: randomUUID(),
    shopId: input.shopId,
    sub: input.sub,
    version: input.request.version,
    answers: input.request.answers,
    anyYes,
    answeredAt: new Date(input.at),
    recordedBy: input.recordedBy,
  })
  return anyYes
}
