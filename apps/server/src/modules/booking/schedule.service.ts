import { randomUUID } from 'node:crypto'
import {
  BED_PICTURES,
  type BedChangeResponse,
  type BedRequest,
  type BedsResponse,
  type BookingRulesBody,
  type ClosureRequest,
  type ClosureResponse,
  type HitBooking,
  type OutOfServiceRequest,
  type SpecialHours,
  type SpecialHoursRequest,
  type SpecialHoursResponse,
  type StaffBed,
} from '@salon/contracts/staff-manage'
import type { Db } from '@salon/db'
import { HttpError } from '../../lib/errors.ts'
import { describeDate, localDateOf, localTimeOf, localToInstant, toIsoWithOffset } from '../../lib/local-time.ts'
import { createAuditLog, type StaffActor } from '../shop/public.ts'
import type { AvailabilityCache } from './availability-cache.ts'
import { createScheduleRepository, type BedRow, type HitRow, type OutOfServiceRow, type SpecialHoursRow } from './schedule.repository.ts'

const DAY = 24 * 3600_000
/** The longest time out of service put in at once. */
export const OUT_OF_SERVICE_MAX_DAYS = 366

export const MANAGE_MESSAGES = {
  noShop: 'This shop does not exist.',
  noBed: 'There is no such sunbed at this salon.',
  noClosure: (date: string) => `The salon is not closed on ${describeDate(date)}.`,
  noPeriod: 'This sunbed has no such time out of service.',
  closureInPast: (today: string) => `A closure must start today (${describeDate(today)}) or later.`,
  noSpecialHours: (date: string) => `The salon has no special opening hours on ${describeDate(date)}.`,
  specialHoursInPast: (today: string) => `Special opening hours must be for today (${describeDate(today)}) or a later date.`,
  bedType: (codes: string[]) => `Please check the request: type must be one of this salon's bed types: ${codes.join(', ')}.`,
  alreadyRetired: 'This sunbed is already retired.',
  notRetired: 'This sunbed is not retired.',
  missingTime: (field: string, value: string) =>
    `Please check the request: ${field} ${value.slice(11)} does not exist on ${describeDate(value.slice(0, 10))}: the clocks go forward that night.`,
  periodPast: 'A time out of service must end later than now.',
  periodTooLong: `A time out of service can be at most ${OUT_OF_SERVICE_MAX_DAYS} days long. Please put in a shorter one.`,
} as const

const specialHours = (row: SpecialHoursRow): SpecialHours => ({ date: row.date, opensAt: row.opensAt, closesAt: row.closesAt, reason: row.reason })

const customerName = (row: HitRow) => [row.firstName, row.lastName].filter((part) => part?.trim()).join(' ') || 'Name not given'

/**
 * The owner's changes to the salon's schedule (docs/product.md §10.4): closures, sunbeds and their times out of
 * service, and the booking rules. Each change is one transaction with its audit entry. A change that falls on
 * sessions to come answers them (the "hit" list) for the salon to call the customers and move them; none is
 * cancelled. The database notifies every process to drop its free times (migrations 0004, 0012); this process drops
 * its own at once.
 */
export function createScheduleManagement(deps: { db: Db; availability: AvailabilityCache; now?: () => number }) {
  const now = deps.now ?? Date.now
  const read = createScheduleRepository(deps.db)

  async function timeZoneOf(shopId: string) {
    const zone = await read.timeZone(shopId)
    if (!zone) throw new HttpError(404, MANAGE_MESSAGES.noShop)
    return zone
  }

  /** Runs a change in a transaction with the audit log, then drops this process's free times of the shop. */
  async function change<T>(
    actor: StaffActor,
    work: (repo: ReturnType<typeof createScheduleRepository>, audit: ReturnType<typeof createAuditLog>) => Promise<T>,
  ) {
    try {
      return await deps.db.transaction((tx) => work(createScheduleRepository(tx), createAuditLog(tx)))
    } finally {
      deps.availability.invalidate(actor.shopId)
    }
  }

  const hitBooking =
    (timeZone: string) =>
    (row: HitRow): HitBooking => ({
      id: row.id,
      date: row.localDate,
      time: localTimeOf(row.startsAt.getTime(), timeZone),
      minutes: row.minutes,
      status: row.status,
      customerName: customerName(row),
      phone: row.phone,
      bed: { id: row.bedId, name: row.bedName },
    })

  const period = (timeZone: string) => (p: OutOfServiceRow) => ({
    id: p.id,
    from: toIsoWithOffset(p.startsAt.getTime(), timeZone),
    until: toIsoWithOffset(p.endsAt.getTime(), timeZone),
    reason: p.reason,
  })

  const staffBed = (bed: BedRow, periods: OutOfServiceRow[], timeZone: string): StaffBed => ({
    id: bed.id,
    name: bed.name,
    type: bed.type,
    description: bed.description,
    features: bed.features,
    picture: bed.picture,
    minMinutes: bed.minMinutes,
    maxMinutes: bed.maxMinutes,
    cleaningBufferMinutes: bed.cleaningBufferMinutes,
    active: bed.active,
    outOfService: periods.filter((p) => p.bedId === bed.id).map(period(timeZone)),
  })

  /** What the audit log keeps of a bed. */
  const bedRecord = (bed: BedRow) => ({
    name: bed.name,
    type: bed.type,
    description: bed.description,
    features: bed.features,
    picture: bed.picture,
    minMinutes: bed.minMinutes,
    maxMinutes: bed.maxMinutes,
    cleaningBufferMinutes: bed.cleaningBufferMinutes,
    active: bed.active,
  })

  async function lockedBed(repo: ReturnType<typeof createScheduleRepository>, shopId: string, bedId: string) {
    const bed = await repo.bedForUpdate(shopId, bedId)
    if (!bed) throw new HttpError(404, MANAGE_MESSAGES.noBed)
    return bed
  }

  async function checkBedType(repo: ReturnType<typeof createScheduleRepository>, shopId: string, type: string) {
    const types = await repo.bedTypes(shopId)
    if (!types.some((t) => t.code === type)) throw new HttpError(400, MANAGE_MESSAGES.bedType(types.map((t) => t.code)))
  }

  /** A local date and time (YYYY-MM-DDTHH:MM) in the shop's zone as an instant; a time the clocks skip is refused. */
  function instantOf(field: string, value: string, timeZone: string) {
    const instant = localToInstant(value.slice(0, 10), value.slice(11), timeZone)
    if (instant === null) throw new HttpError(400, MANAGE_MESSAGES.missingTime(field, value))
    return instant
  }

  return {
    /* ---------- closures ---------- */

    async closures(shopId: string) {
      const timeZone = await timeZoneOf(shopId)
      return { closures: await read.closuresFrom(shopId, localDateOf(now(), timeZone)) }
    },

    async close(actor: StaffActor, request: ClosureRequest): Promise<ClosureResponse> {
      const timeZone = await timeZoneOf(actor.shopId)
      const at = new Date(now())
      const today = localDateOf(at.getTime(), timeZone)
      const from = request.from
      const to = request.to ?? request.from
      if (from < today) throw new HttpError(400, MANAGE_MESSAGES.closureInPast(today))
      return change(actor, async (repo, audit) => {
        // Bookings lock their bed before they look for a closure: with the beds locked, one in flight commits
        // first (and is listed below), and one after sees the closure.
        await repo.lockBeds(actor.shopId)
        const [before, special] = await Promise.all([repo.closuresBetween(actor.shopId, from, to), repo.specialHoursBetween(actor.shopId, from, to)])
        await repo.close(actor.shopId, from, to, request.reason)
        const closures = await repo.closuresBetween(actor.shopId, from, to)
        const hit = await repo.hitOnDates(actor.shopId, from, to, at)
        await audit.record(actor, {
          action: 'closure.added',
          subjectType: 'closure',
          subjectId: from === to ? from : `${from}/${to}`,
          before: before.length || special.length ? { closures: before, ...(special.length ? { specialHours: special } : {}) } : null,
          after: { from, to, reason: request.reason },
        })
        return { closures, hit: hit.map(hitBooking(timeZone)) }
      })
    },

    async reopen(actor: StaffActor, date: string) {
      await change(actor, async (repo, audit) => {
        const removed = await repo.reopen(actor.shopId, date)
        if (!removed) throw new HttpError(404, MANAGE_MESSAGES.noClosure(date))
        await audit.record(actor, { action: 'closure.removed', subjectType: 'closure', subjectId: date, before: removed })
      })
    },

    /* ---------- special opening hours for a date (decision 039) ---------- */

    async specialHours(shopId: string) {
      const timeZone = await timeZoneOf(shopId)
      const rows = (await read.specialHoursFrom(shopId, localDateOf(now(), timeZone))) as SpecialHoursRow[]
      return { specialHours: rows.map(specialHours) }
    },

    /**
     * The salon opens at these hours on the date instead of its weekday's; a closure of the date gives way to them.
     * Answers the sessions on the date outside the new hours, for the salon to move; none is cancelled.
     */
    async setSpecialHours(actor: StaffActor, date: string, request: SpecialHoursRequest): Promise<SpecialHoursResponse> {
      const timeZone = await timeZoneOf(actor.shopId)
      const at = new Date(now())
      const today = localDateOf(at.getTime(), timeZone)
      if (date < today) throw new HttpError(400, MANAGE_MESSAGES.specialHoursInPast(today))
      return change(actor, async (repo, audit) => {
        // As for a closure: with the beds locked, a booking in flight commits first (and is listed), a later one sees the hours.
        await repo.lockBeds(actor.shopId)
        const before = await repo.exceptionOn(actor.shopId, date)
        const saved = await repo.setSpecialHours(actor.shopId, { date, ...request })
        const hit = await repo.hitOutsideHours(actor.shopId, date, request, at)
        await audit.record(actor, {
          action: before?.opensAt ? 'special-hours.changed' : 'special-hours.set',
          subjectType: 'special-hours',
          subjectId: date,
          before,
          after: specialHours(saved),
        })
        const replacedClosure = before && before.opensAt === null ? { date: before.date, reason: before.reason } : null
        return { specialHours: specialHours(saved), replacedClosure, hit: hit.map(hitBooking(timeZone)) }
      })
    },

    /** The date takes its weekday's hours again. */
    async removeSpecialHours(actor: StaffActor, date: string) {
      await change(actor, async (repo, audit) => {
        const removed = await repo.removeSpecialHours(actor.shopId, date)
        if (!removed) throw new HttpError(404, MANAGE_MESSAGES.noSpecialHours(date))
        await audit.record(actor, { action: 'special-hours.removed', subjectType: 'special-hours', subjectId: date, before: specialHours(removed) })
      })
    },

    /* ---------- beds ---------- */

    async beds(shopId: string): Promise<BedsResponse> {
      const timeZone = await timeZoneOf(shopId)
      const [beds, types, periods] = await Promise.all([read.bedsOf(shopId), read.bedTypes(shopId), read.periodsNotEnded(shopId, new Date(now()))])
      return { beds: beds.map((bed) => staffBed(bed, periods, timeZone)), bedTypes: types, pictures: [...BED_PICTURES] }
    },

    async addBed(actor: StaffActor, request: BedRequest): Promise<BedChangeResponse> {
      const timeZone = await timeZoneOf(actor.shopId)
      return change(actor, async (repo, audit) => {
        await checkBedType(repo, actor.shopId, request.type)
        const bed = await repo.insertBed({ id: randomUUID(), shopId: actor.shopId, ...request, active: true })
        await audit.record(actor, { action: 'bed.added', subjectType: 'bed', subjectId: bed.id, after: bedRecord(bed) })
        return { bed: staffBed(bed, [], timeZone), hit: [] }
      })
    },

    /** Renames or changes a bed; the sessions to come whose length it no longer takes are answered, not cancelled. */
    async changeBed(actor: StaffActor, bedId: string, request: BedRequest): Promise<BedChangeResponse> {
      const timeZone = await timeZoneOf(actor.shopId)
      const at = new Date(now())
      return change(actor, async (repo, audit) => {
        const before = await lockedBed(repo, actor.shopId, bedId)
        if (request.type !== before.type) await checkBedType(repo, actor.shopId, request.type)
        const bed = await repo.updateBed(bedId, request)
        await audit.record(actor, { action: 'bed.changed', subjectType: 'bed', subjectId: bedId, before: bedRecord(before), after: bedRecord(bed) })
        const [periods, hit] = await Promise.all([
          repo.periodsNotEnded(actor.shopId, at, bedId),
          repo.hitOnBedOutside(bedId, at, bed.minMinutes, bed.maxMinutes),
        ])
        return { bed: staffBed(bed, periods, timeZone), hit: hit.map(hitBooking(timeZone)) }
      })
    },

    /** A retired bed takes no new sessions and leaves the site; its sessions to come are answered for moving. */
    async retireBed(actor: StaffActor, bedId: string): Promise<BedChangeResponse> {
      const timeZone = await timeZoneOf(actor.shopId)
      const at = new Date(now())
      return change(actor, async (repo, audit) => {
        const before = await lockedBed(repo, actor.shopId, bedId)
        if (!before.active) throw new HttpError(409, MANAGE_MESSAGES.alreadyRetired)
        const bed = await repo.updateBed(bedId, { active: false })
        await audit.record(actor, { action: 'bed.retired', subjectType: 'bed', subjectId: bedId, before: { active: true }, after: { active: false } })
        const [periods, hit] = await Promise.all([repo.periodsNotEnded(actor.shopId, at, bedId), repo.hitOnBedFrom(bedId, at)])
        return { bed: staffBed(bed, periods, timeZone), hit: hit.map(hitBooking(timeZone)) }
      })
    },

    async reinstateBed(actor: StaffActor, bedId: string): Promise<BedChangeResponse> {
      const timeZone = await timeZoneOf(actor.shopId)
      const at = new Date(now())
      return change(actor, async (repo, audit) => {
        const before = await lockedBed(repo, actor.shopId, bedId)
        if (before.active) throw new HttpError(409, MANAGE_MESSAGES.notRetired)
        const bed = await repo.updateBed(bedId, { active: true })
        await audit.record(actor, { action: 'bed.reinstated', subjectType: 'bed', subjectId: bedId, before: { active: false }, after: { active: true } })
        return { bed: staffBed(bed, await repo.periodsNotEnded(actor.shopId, at, bedId), timeZone), hit: [] }
      })
    },

    /**
     * Puts a bed out of service from `from` until `until` (the salon's local times). Free times stop offering it
     * then, and a booking into that time is refused; one that won the race is in the answer's hit list.
     */
    async outOfService(actor: StaffActor, bedId: string, request: OutOfServiceRequest): Promise<BedChangeResponse> {
      const timeZone = await timeZoneOf(actor.shopId)
      const at = new Date(now())
      const from = instantOf('from', request.from, timeZone)
      const until = instantOf('until', request.until, timeZone)
      if (until <= at.getTime()) throw new HttpError(400, MANAGE_MESSAGES.periodPast)
      if (until - from > OUT_OF_SERVICE_MAX_DAYS * DAY) throw new HttpError(400, MANAGE_MESSAGES.periodTooLong)
      return change(actor, async (repo, audit) => {
        // The bed's row lock: a booking of this bed in flight commits first and is listed; a later one sees the period.
        const bed = await lockedBed(repo, actor.shopId, bedId)
        const added = await repo.insertPeriod({
          id: randomUUID(),
          shopId: actor.shopId,
          bedId,
          startsAt: new Date(from),
          endsAt: new Date(until),
          reason: request.reason,
          createdBy: actor.sub,
        })
        const hit = await repo.hitOnBedBetween(bedId, new Date(from), new Date(until), at)
        await audit.record(actor, {
          action: 'bed.out-of-service-added',
          subjectType: 'bed',
          subjectId: bedId,
          after: { ...period(timeZone)(added), bed: bed.name },
        })
        return { bed: staffBed(bed, await repo.periodsNotEnded(actor.shopId, at, bedId), timeZone), hit: hit.map(hitBooking(timeZone)) }
      })
    },

    async backInService(actor: StaffActor, bedId: string, periodId: string): Promise<BedChangeResponse> {
      const timeZone = await timeZoneOf(actor.shopId)
      const at = new Date(now())
      return change(actor, async (repo, audit) => {
        const bed = await lockedBed(repo, actor.shopId, bedId)
        const removed = await repo.deletePeriod(actor.shopId, bedId, periodId)
        if (!removed) throw new HttpError(404, MANAGE_MESSAGES.noPeriod)
        await audit.record(actor, {
          action: 'bed.out-of-service-removed',
          subjectType: 'bed',
          subjectId: bedId,
          before: { ...period(timeZone)(removed), bed: bed.name },
        })
        return { bed: staffBed(bed, await repo.periodsNotEnded(actor.shopId, at, bedId), timeZone), hit: [] }
      })
    },

    /* ---------- booking rules ---------- */

    async rules(shopId: string) {
      await timeZoneOf(shopId)
      const row = await read.rules(shopId)
      return { rules: row ? rulesOf(row) : null }
    },

    async changeRules(actor: StaffActor, rules: BookingRulesBody) {
      await timeZoneOf(actor.shopId)
      return change(actor, async (repo, audit) => {
        const before = await repo.rules(actor.shopId, true)
        const saved = rulesOf(await repo.saveRules(actor.shopId, rules))
        await audit.record(actor, {
          action: 'booking-rules.changed',
          subjectType: 'booking-rules',
          subjectId: actor.shopId,
          before: before ? rulesOf(before) : null,
          after: saved,
        })
        return { rules: saved }
      })
    },
  }
}
export type ScheduleManagement = ReturnType<typeof createScheduleManagement>

function rulesOf(row: BookingRulesBody & { shopId?: string }): BookingRulesBody {
  return {
    slotStepMinutes: row.slotStepMinutes,
    leadTimeMinutes: row.leadTimeMinutes,
    horizonDays: row.horizonDays,
    cancellationCutoffMinutes: row.cancellationCutoffMinutes,
    firstSessionMaxMinutes: row.firstSessionMaxMinutes,
    minHoursBetweenSessions: row.minHoursBetweenSessions,
    payInSalon: row.payInSalon,
    payUpFront: row.payUpFront,
    reminderHoursBefore: row.reminderHoursBefore,
  }
}
