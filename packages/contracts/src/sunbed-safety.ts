import { z } from 'zod'
import { HEALTH_QUESTIONS } from './rules/health-questions.ts'
import { NATIONS } from './rules/sunbed-law.ts'

/**
 * Sunbed safety (docs/product.md §4.15, docs/decisions/031): the customer's health questions, skin reactions after a
 * session and their sessions of the last 12 months (GET/POST /api/p_account/health, POST /api/p_account/reaction);
 * and the salon's calls under /api/staff/ to see a customer's answers, take them at the desk, clear a "yes" or a
 * reaction, record a reaction, list the reactions reported, and set the nation, pause and yearly limit.
 * Instants are ISO 8601 with the shop's offset; dates are the shop's local ones (YYYY-MM-DD).
 */

export const Nation = z.enum(NATIONS, { message: "must be 'england', 'wales', 'scotland' or 'northern-ireland'" })
export type Nation = z.infer<typeof Nation>

const Duty = z.object({ text: z.string(), cite: z.string() })

/** The duties of the salon's nation's law, for the customer's health page and the staff pages. */
export const SunbedLawView = z.object({
  nation: Nation,
  name: z.string(),
  duties: z.array(Duty),
  officialLeaflet: z.object({ title: z.string(), url: z.string() }).nullable(),
  /** Whether material about health effects other than the prescribed information is forbidden (the blog editor refuses it). */
  healthMaterialBanned: z.boolean(),
  /** The rule the blog editor states for this nation. */
  publishingRule: z.string(),
})
export type SunbedLawView = z.infer<typeof SunbedLawView>

/**
 * due: never answered, older than 12 months, or the questions changed; clear: all "no"; refer: a "yes" that a member
 * of staff has not cleared (online booking refused); cleared: a "yes" cleared after speaking with the customer.
 */
export const HealthState = z.enum(['due', 'clear', 'refer', 'cleared'])
export type HealthState = z.infer<typeof HealthState>

export const HealthQuestion = z.object({ id: z.string(), text: z.string() })

/** What stops the customer booking now, in the words a refused booking uses; null when nothing does. */
export const SafetyHold = z.object({ rule: z.string(), message: z.string() })

/** The customer's sessions in the 12 months up to today, and the salon's yearly limit. */
export const SessionYear = z.object({
  from: z.string(),
  sessions: z.number().int(),
  minutes: z.number().int(),
  limit: z.number().int(),
  /** When the limit is reached: the first date a new session may be on. */
  nextPossibleOn: z.string().nullable(),
})
export type SessionYear = z.infer<typeof SessionYear>

export const ReactionKind = z.enum(['redness', 'itching', 'soreness'], { message: "must be 'redness', 'itching' or 'soreness'" })
export type ReactionKind = z.infer<typeof ReactionKind>

export const SkinReaction = z.object({
  id: z.string(),
  bookingId: z.string(),
  /** The session's local date. */
  sessionDate: z.string(),
  kinds: z.array(ReactionKind),
  note: z.string(),
  reportedAt: z.string(),
  /** Who recorded it: null when the customer reported it. */
  reportedBy: z.string().nullable(),
  afterFirstSession: z.boolean(),
  /** Itching after a first session: a member of staff must clear it before the next booking. */
  needsClearance: z.boolean(),
  /** New sessions may start from this local date. */
  pausedUntil: z.string(),
  cleared: z.object({ by: z.string(), at: z.string(), reason: z.string() }).nullable(),
})
export type SkinReaction = z.infer<typeof SkinReaction>

/** GET /api/p_account/health: the questions to answer, the salon's information, and where the customer stands. */
export const HealthStatusResponse = z.object({
  law: SunbedLawView,
  version: z.string(),
  questions: z.array(HealthQuestion),
  information: z.array(z.string()),
  state: HealthState,
  answeredAt: z.string().nullable(),
  /** The local date from which the answers are asked again (12 months after answering). */
  dueAgainOn: z.string().nullable(),
  /** The first rule that stops a booking now (health questions, a reaction, the yearly limit); null when none does. */
  hold: SafetyHold.nullable(),
  reactions: z.array(SkinReaction),
  year: SessionYear,
})
export type HealthStatusResponse = z.infer<typeof HealthStatusResponse>

const answer = z.boolean({ message: 'must be true (yes) or false (no)' })

/** POST /api/p_account/health (and the staff's at the desk): every question answered yes (true) or no (false). */
export const HealthAnswersRequest = z.strictObject({
  version: z.string({ message: 'must be the version of the questions answered' }).min(1).max(20),
  answers: z.strictObject(Object.fromEntries(HEALTH_QUESTIONS.map((q) => [q.id, answer])) as Record<(typeof HEALTH_QUESTIONS)[number]['id'], typeof answer>, {
    message: 'must answer every question with true (yes) or false (no)',
  }),
})
export type HealthAnswersRequest = z.infer<typeof HealthAnswersRequest>

export const HealthAnswersResponse = z.object({ message: z.string(), health: HealthStatusResponse })
export type HealthAnswersResponse = z.infer<typeof HealthAnswersResponse>

/** POST /api/p_account/reaction (and the staff's): a reaction after one of the customer's sessions. */
export const ReactionRequest = z.strictObject({
  bookingId: z.uuid({ message: 'must be a booking id' }),
  kinds: z
    .array(ReactionKind)
    .min(1, { message: 'must name at least one: redness, itching or soreness' })
    .max(3)
    .refine((kinds) => new Set(kinds).size === kinds.length, { message: 'must name each reaction once' }),
  note: z.string().trim().max(500, { message: 'must be at most 500 characters' }).optional(),
})
export type ReactionRequest = z.infer<typeof ReactionRequest>

export const ReactionResponse = z.object({ message: z.string(), reaction: SkinReaction })
export type ReactionResponse = z.infer<typeof ReactionResponse>

/** A clearance by a member of staff after speaking with the customer: why, in a few words. */
export const ClearanceRequest = z.strictObject({
  reason: z
    .string({ message: 'must say why, after speaking with the customer' })
    .trim()
    .min(3, { message: 'must say why, after speaking with the customer' })
    .max(500),
})
export type ClearanceRequest = z.infer<typeof ClearanceRequest>

export const StaffHealthAnswers = z.object({
  id: z.string(),
  version: z.string(),
  answers: z.record(z.string(), z.boolean()),
  anyYes: z.boolean(),
  answeredAt: z.string(),
  /** The member of staff who took them at the desk; null when the customer answered online. */
  recordedBy: z.string().nullable(),
  cleared: z.object({ by: z.string(), at: z.string(), reason: z.string() }).nullable(),
})

/** GET /api/staff/customers/{sub}/sunbed-safety: everything the salon holds on the customer's sunbed safety. */
export const StaffSunbedSafetyResponse = z.object({
  state: HealthState,
  version: z.string(),
  questions: z.array(HealthQuestion),
  hold: SafetyHold.nullable(),
  answers: z.array(StaffHealthAnswers),
  reactions: z.array(SkinReaction),
  year: SessionYear,
})
export type StaffSunbedSafetyResponse = z.infer<typeof StaffSunbedSafetyResponse>

export const StaffSafetyChangeResponse = z.object({ message: z.string(), safety: StaffSunbedSafetyResponse })
export type StaffSafetyChangeResponse = z.infer<typeof StaffSafetyChangeResponse>

/** GET /api/staff/skin-reactions: the reactions customers reported or staff recorded, newest first (at most 50). */
export const StaffReactionsResponse = z.object({
  reactions: z.array(SkinReaction.extend({ customer: z.object({ sub: z.string(), name: z.string(), phone: z.string().nullable() }) })),
})
export type StaffReactionsResponse = z.infer<typeof StaffReactionsResponse>

/** GET/PUT /api/staff/sunbed-law: the salon's nation and its sunbed safety settings. */
export const SunbedSettings = z.object({
  nation: Nation,
  reactionPauseDays: z.number().int(),
  yearlySessionLimit: z.number().int(),
  healthQuestionsVersion: z.string(),
  law: SunbedLawView,
})
export type SunbedSettings = z.infer<typeof SunbedSettings>

export const SunbedSettingsRequest = z.strictObject({
  nation: Nation,
  reactionPauseDays: z
    .number({ message: 'must be a whole number of days from 1 to 90' })
    .int({ message: 'must be a whole number of days from 1 to 90' })
    .min(1)
    .max(90),
  yearlySessionLimit: z
    .number({ message: 'must be a whole number of sessions from 1 to 366' })
    .int({ message: 'must be a whole number of sessions from 1 to 366' })
    .min(1)
    .max(366),
  /** true: every customer answers the health questions again before their next booking. */
  askHealthQuestionsAgain: z.boolean().optional(),
})
export type SunbedSettingsRequest = z.infer<typeof SunbedSettingsRequest>
