import { randomUUID } from 'node:crypto'
import { NO_SUCH_CUSTOMER } from '@salon/contracts/staff-customers'
import { HEALTH_INFORMATION, HEALTH_QUESTIONS } from '@salon/contracts/rules/health-questions'
import type {
  ClearanceRequest,
  HealthAnswersRequest,
  HealthAnswersResponse,
  HealthStatusResponse,
  ReactionRequest,
  ReactionResponse,
  SkinReaction,
  StaffSunbedSafetyResponse,
} from '@salon/contracts/sunbed-safety'
import type { Db } from '@salon/db'
import { HttpError } from '../../lib/errors.ts'
import { createJobQueue } from '../../lib/job-queue.ts'
import { describeDate, localDateOf, toIsoWithOffset } from '../../lib/local-time.ts'
import type { CustomersRepository, Identity } from '../identity/public.ts'
import { createAuditLog, lawView, sunbedSettingsOf, type StaffActor, type SunbedSafetySettings } from '../shop/public.ts'
import { SKIN_REACTION_JOB } from './booking-jobs.ts'
import type { CustomerLock } from './customer-lock.service.ts'
import { addDays } from '@salon/contracts/dates'
import { sunbedSafetyRepository as repo, type SafetyFacts, type SkinReactionRow } from './sunbed-safety.repository.ts'
import { healthStateOf, pausedUntil, recordAnswers, safetyProblems, sessionYear, YEAR_DAYS } from './sunbed-safety-checks.service.ts'

const DAY = 86_400_000
/** A reaction is reported online within this many days of its session; later, the customer talks to the salon. */
export const REACTION_REPORT_DAYS = 30

/** Every message of the health questions and skin reactions, word for word (docs/product.md §4.15, §8.5, §10.5). */
export const HEALTH_MESSAGES = {
  saved: 'Thank you: your answers are saved, and you can book your sessions.',
  savedYes: (phone: string) =>
    `Thank you: your answers are saved. From them, a sunbed may not be safe for you, so please talk to the salon before booking: call us on ${phone}.`,
  noBooking: 'There is no such booking among your sessions.',
  notYet: 'You can report a reaction only after the session has taken place.',
  tooLate: (phone: string) => `You can report a reaction online within ${REACTION_REPORT_DAYS} days of the session. Please call the salon on ${phone}.`,
  notTaken: 'This session was cancelled or missed, so there is no reaction to report for it.',
  already: 'You have already reported a reaction to this session: the salon has been told.',
  reported: (from: string) =>
    `Thank you for telling us: the salon has been told. No new session can start before ${from}, and your next session will be no longer than a first session. Sessions you have already booked are not cancelled: talk to the salon if you would like to move them.`,
  itching:
    ' Your skin itched after your first session: please see a doctor before you use a sunbed again. The salon will speak with you before your next booking.',
  staffNoCustomer: NO_SUCH_CUSTOMER,
  staffNoBooking: 'There is no such session for this customer.',
  staffRecorded: 'The answers are saved.',
  staffRecordedYes:
    'The answers are saved. The customer answered yes to a question: speak with them, and clear it with your reason if a sunbed is safe for them.',
  nothingToClear: 'There is no "yes" answer waiting to be cleared for this customer.',
  cleared: 'Cleared: the customer can book again.',
  noReaction: 'There is no such skin reaction at this salon.',
  reactionNoClearance: "This reaction needs no clearance: it pauses booking for the salon's set number of days only.",
  reactionCleared: 'This reaction has already been cleared.',
  reactionClearedNow: 'Cleared: the customer can book again once the pause after the reaction is over.',
  staffReported: (from: string) => `Reaction recorded: no new session can start before ${from}, and the next session is no longer than a first session.`,
} as const

/**
 * The customer's health questions and skin reactions, and the salon's side of them (docs/product.md §4.15, §10.5):
 * answers kept with their time and version; a "yes" or itching after a first session cleared by a member of staff
 * after speaking with the customer, audited; reactions listed for the salon.
 */
export function createSunbedSafety(deps: { db: Db; booking: CustomerLock; customers: CustomersRepository; now: () => number }) {
  const { db, booking, now } = deps

  async function factsOf(tx: Db, shopId: string, sub: string, at: number) {
    return repo.facts(tx, shopId, sub, new Date(at - (YEAR_DAYS + 2) * DAY), new Date(at))
  }

  async function staffNames(shopId: string, subs: (string | null)[]) {
    return repo.staffNames(db, shopId, [...new Set(subs.filter((s): s is string => s !== null))])
  }

  function toReaction(row: SkinReactionRow, settings: SunbedSafetySettings, timeZone: string, names: Map<string, string>): SkinReaction {
    const who = (sub: string | null) => (sub ? (names.get(sub) ?? 'A former member of staff') : null)
    return {
      id: row.id,
      bookingId: row.bookingId,
      sessionDate: row.sessionDate,
      kinds: row.kinds as SkinReaction['kinds'],
      note: row.note,
      reportedAt: toIsoWithOffset(row.reportedAt.getTime(), timeZone),
      reportedBy: who(row.reportedBy),
      afterFirstSession: row.afterFirstSession,
      needsClearance: row.needsClearance,
      pausedUntil: pausedUntil(row, settings, timeZone),
      cleared: row.clearedAt ? { by: row.clearedByName ?? '', at: toIsoWithOffset(row.clearedAt.getTime(), timeZone), reason: row.clearedReason ?? '' } : null,
    }
  }

  /** What stops a booking today, as the booking would say it (a one-minute session, so no length rule speaks). */
  function holdOf(
    facts: SafetyFacts,
    settings: SunbedSafetySettings,
    setup: { timeZone: string; phone: string; rules: { firstSessionMaxMinutes: number } | null },
    at: number,
    audience: 'customer' | 'staff',
  ) {
    const date = localDateOf(at, setup.timeZone)
    const [first] = safetyProblems(
      facts,
      settings,
      { date, startsAt: at, minutes: 1, firstSessionMaxMinutes: setup.rules?.firstSessionMaxMinutes ?? 1, timeZone: setup.timeZone, phone: setup.phone },
      audience,
    )
    return first ? { rule: first.rule, message: first.message } : null
  }

  async function statusOf(shopId: string, sub: string): Promise<HealthStatusResponse> {
    const at = now()
    const setup = await booking.setupOf(shopId)
    const [settings, facts] = await Promise.all([sunbedSettingsOf(db, shopId), factsOf(db, shopId, sub, at)])
    const today = localDateOf(at, setup.timeZone)
    const answers = facts.answers
    const names = await staffNames(
      shopId,
      facts.reactions.map((r) => r.reportedBy),
    )
    return {
      law: lawView(settings.law),
      version: settings.questionsVersion,
      questions: HEALTH_QUESTIONS.map((q) => ({ id: q.id, text: q.text })),
      information: [...HEALTH_INFORMATION],
      state: healthStateOf(facts, settings, today, setup.timeZone),
      answeredAt: answers ? toIsoWithOffset(answers.answeredAt.getTime(), setup.timeZone) : null,
      dueAgainOn: answers ? addDays(localDateOf(answers.answeredAt.getTime(), setup.timeZone), YEAR_DAYS) : null,
      hold: holdOf(facts, settings, setup, at, 'customer'),
      reactions: facts.reactions.map((r) => toReaction(r, settings, setup.timeZone, names)),
      year: sessionYear(facts, settings, at, setup.timeZone),
    }
  }

  async function staffView(shopId: string, sub: string): Promise<StaffSunbedSafetyResponse> {
    const at = now()
    const setup = await booking.setupOf(shopId)
    const [settings, facts, answers] = await Promise.all([sunbedSettingsOf(db, shopId), factsOf(db, shopId, sub, at), repo.answersOf(db, shopId, sub)])
    const names = await staffNames(shopId, [...facts.reactions.map((r) => r.reportedBy), ...answers.map((a) => a.recordedBy)])
    const tz = setup.timeZone
    return {
      state: healthStateOf(facts, settings, localDateOf(at, tz), tz),
      version: settings.questionsVersion,
      questions: HEALTH_QUESTIONS.map((q) => ({ id: q.id, text: q.text })),
      hold: holdOf(facts, settings, setup, at, 'staff'),
      answers: answers.map((a) => ({
        id: a.id,
        version: a.version,
        answers: a.answers,
        anyYes: a.anyYes,
        answeredAt: toIsoWithOffset(a.answeredAt.getTime(), tz),
        recordedBy: a.recordedBy ? (names.get(a.recordedBy) ?? 'A former member of staff') : null,
        cleared: a.clearedAt ? { by: a.clearedByName ?? '', at: toIsoWithOffset(a.clearedAt.getTime(), tz), reason: a.clearedReason ?? '' } : null,
      })),
      reactions: facts.reactions.map((r) => toReaction(r, settings, tz, names)),
      year: sessionYear(facts, settings, at, tz),
    }
  }

  /** A reaction after one of the customer's sessions, under their lock: one per session, after it began, within 30 days. */
  async function report(shopId: string, sub: string, request: ReactionRequest, by: StaffActor | null) {
    const at = now()
    const setup = await booking.setupOf(shopId)
    return booking.underCustomerLock(shopId, sub, async (tx) => {
      const session = await repo.bookingOf(tx.db, shopId, sub, request.bookingId)
      if (!session) throw new HttpError(404, by ? HEALTH_MESSAGES.staffNoBooking : HEALTH_MESSAGES.noBooking)
      if (session.status !== 'booked' && session.status !== 'attended') throw new HttpError(409, HEALTH_MESSAGES.notTaken)
      if (session.startsAt.getTime() > at) throw new HttpError(409, HEALTH_MESSAGES.notYet)
      if (!by && session.startsAt.getTime() < at - REACTION_REPORT_DAYS * DAY) throw new HttpError(409, HEALTH_MESSAGES.tooLate(setup.phone))
      if (session.reported) throw new HttpError(409, HEALTH_MESSAGES.already)
      const afterFirstSession = !session.earlier
      const id = randomUUID()
      const row = {
        id,
        shopId,
        sub,
        bookingId: session.id,
        kinds: request.kinds,
        note: request.note ?? '',
        reportedAt: new Date(at),
        reportedBy: by?.sub ?? null,
        afterFirstSession,
        needsClearance: afterFirstSession && request.kinds.includes('itching'),
      }
      await repo.addReaction(tx.db, row)
      // The customer's own report is emailed to the salon, once, by a job that exists only if the report is saved.
      if (!by) await createJobQueue(tx.db, now).enqueue({ kind: SKIN_REACTION_JOB, key: `skin-reaction:${id}`, payload: { reactionId: id } })
      if (by) {
        await tx.audit(by, {
          action: 'customer.skin-reaction-recorded',
          subjectType: 'customer',
          subjectId: sub,
          after: { reaction: id, bookingId: session.id, kinds: request.kinds, needsClearance: row.needsClearance },
        })
      }
      const settings = await sunbedSettingsOf(tx.db, shopId)
      const names = by ? new Map([[by.sub, by.name]]) : new Map<string, string>()
      const reaction = toReaction(
        { ...row, sessionDate: session.localDate, clearedAt: null, clearedBy: null, clearedByName: null, clearedReason: null },
        settings,
        setup.timeZone,
        names,
      )
      return reaction
    })
  }

  async function customerOf(actor: StaffActor, sub: string) {
    const row = await deps.customers.forStaff(actor.shopId, sub)
    if (!row) throw new HttpError(404, HEALTH_MESSAGES.staffNoCustomer)
    return row
  }

  return {
    /** GET /api/p_account/health */
    async status(shopId: string, identity: Identity): Promise<HealthStatusResponse> {
      await deps.customers.ensure(shopId, identity.sub, identity.profile)
      return statusOf(shopId, identity.sub)
    },

    /** POST /api/p_account/health */
    async answer(shopId: string, identity: Identity, request: HealthAnswersRequest): Promise<HealthAnswersResponse> {
      await deps.customers.ensure(shopId, identity.sub, identity.profile)
      const setup = await booking.setupOf(shopId)
      const anyYes = await db.transaction((tx) => recordAnswers(tx, { shopId, sub: identity.sub, request, at: now(), recordedBy: null }))
      return { message: anyYes ? HEALTH_MESSAGES.savedYes(setup.phone) : HEALTH_MESSAGES.saved, health: await statusOf(shopId, identity.sub) }
    },

    /** POST /api/p_account/reaction */
    async report(shopId: string, identity: Identity, request: ReactionRequest): Promise<ReactionResponse> {
      await deps.customers.ensure(shopId, identity.sub, identity.profile)
      const reaction = await report(shopId, identity.sub, request, null)
      return { message: HEALTH_MESSAGES.reported(describeDate(reaction.pausedUntil)) + (reaction.needsClearance ? HEALTH_MESSAGES.itching : ''), reaction }
    },

    /** GET /api/staff/customers/{sub}/sunbed-safety */
    async staffView(actor: StaffActor, sub: string) {
      await customerOf(actor, sub)
      return staffView(actor.shopId, sub)
    },

    /** POST /api/staff/customers/{sub}/health-answers: the questions gone through with the customer at the desk. */
    async staffAnswer(actor: StaffActor, sub: string, request: HealthAnswersRequest) {
      await customerOf(actor, sub)
      const anyYes = await db.transaction(async (tx) => {
        const yes = await recordAnswers(tx, { shopId: actor.shopId, sub, request, at: now(), recordedBy: actor.sub })
        await createAuditLog(tx).record(actor, {
          action: 'customer.health-answers-recorded',
          subjectType: 'customer',
          subjectId: sub,
          after: { version: request.version, anyYes: yes },
        })
        return yes
      })
      return { message: anyYes ? HEALTH_MESSAGES.staffRecordedYes : HEALTH_MESSAGES.staffRecorded, safety: await staffView(actor.shopId, sub) }
    },

    /** POST /api/staff/customers/{sub}/health-clearance: a "yes" cleared after speaking with the customer, with why. */
    async clearAnswers(actor: StaffActor, sub: string, request: ClearanceRequest) {
      await customerOf(actor, sub)
      await db.transaction(async (tx) => {
        const cleared = await repo.clearAnswers(tx, actor.shopId, sub, { by: actor.sub, byName: actor.name, at: new Date(now()), reason: request.reason })
        if (!cleared) throw new HttpError(409, HEALTH_MESSAGES.nothingToClear)
        await createAuditLog(tx).record(actor, {
          action: 'customer.health-cleared',
          subjectType: 'customer',
          subjectId: sub,
          before: { answers: cleared, state: 'refer' },
          after: { answers: cleared, state: 'cleared' },
          reason: request.reason,
        })
      })
      return { message: HEALTH_MESSAGES.cleared, safety: await staffView(actor.shopId, sub) }
    },

    /** POST /api/staff/customers/{sub}/skin-reactions: a reaction the customer told the salon about. */
    async staffReport(actor: StaffActor, sub: string, request: ReactionRequest) {
      await customerOf(actor, sub)
      const reaction = await report(actor.shopId, sub, request, actor)
      return { message: HEALTH_MESSAGES.staffReported(describeDate(reaction.pausedUntil)), safety: await staffView(actor.shopId, sub) }
    },

    /** POST /api/staff/skin-reactions/{id}/clearance: itching after a first session, cleared after speaking with the customer. */
    async clearReaction(actor: StaffActor, id: string, request: ClearanceRequest) {
      const sub = await db.transaction(async (tx) => {
        const reaction = await repo.reactionForUpdate(tx, actor.shopId, id)
        if (!reaction) throw new HttpError(404, HEALTH_MESSAGES.noReaction)
        if (!reaction.needsClearance) throw new HttpError(409, HEALTH_MESSAGES.reactionNoClearance)
        if (reaction.clearedAt) throw new HttpError(409, HEALTH_MESSAGES.reactionCleared)
        await repo.clearReaction(tx, id, { by: actor.sub, byName: actor.name, at: new Date(now()), reason: request.reason })
        await createAuditLog(tx).record(actor, {
          action: 'customer.skin-reaction-cleared',
          subjectType: 'customer',
          subjectId: reaction.sub,
          before: { reaction: id, cleared: false },
          after: { reaction: id, cleared: true },
          reason: request.reason,
        })
        return reaction.sub
      })
      return { message: HEALTH_MESSAGES.reactionClearedNow, safety: await staffView(actor.shopId, sub) }
    },

    /** GET /api/staff/skin-reactions: the newest 50, so the salon sees every report. */
    async reactions(actor: StaffActor) {
      const setup = await booking.setupOf(actor.shopId)
      const [settings, rows] = await Promise.all([sunbedSettingsOf(db, actor.shopId), repo.recentReactions(db, actor.shopId, 50)])
      const names = await staffNames(
        actor.shopId,
        rows.map((r) => r.reaction.reportedBy),
      )
      return {
        reactions: rows.map((r) => ({
          ...toReaction({ ...r.reaction, sessionDate: r.sessionDate }, settings, setup.timeZone, names),
          customer: { sub: r.reaction.sub, name: [r.firstName, r.lastName].filter(Boolean).join(' ') || 'No name given', phone: r.phone },
        })),
      }
    },
  }
}
export type SunbedSafety = ReturnType<typeof createSunbedSafety>

/** The customer's health answers and skin reactions for their data export (docs/product.md §3.5, §4.15). */
export async function sunbedSafetyExport(db: Db, shopId: string, sub: string) {
  const [answers, reactions] = await Promise.all([repo.answersOf(db, shopId, sub), repo.reactions(db, shopId, sub)])
  return {
    healthAnswers: answers.map((a) => ({
      version: a.version,
      answers: a.answers,
      answeredAt: a.answeredAt.toISOString(),
      takenBySalon: a.recordedBy !== null,
      cleared: a.clearedAt ? { at: a.clearedAt.toISOString(), reason: a.clearedReason } : null,
    })),
    skinReactions: reactions.map((r) => ({
      bookingId: r.bookingId,
      kinds: r.kinds,
      note: r.note,
      reportedAt: r.reportedAt.toISOString(),
      recordedBySalon: r.reportedBy !== null,
      cleared: r.clearedAt ? { at: r.clearedAt.toISOString(), reason: r.clearedReason } : null,
    })),
  }
}
