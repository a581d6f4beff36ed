import { randomBytes, randomUUID } from 'node:crypto'
import { addDays } from '@salon/contracts/dates'
import { OFFER_HOLD_MINUTES } from '@salon/contracts/waitlist'
import { databaseError } from '../../lib/database-errors.ts'
import { createJobQueue, JobDeferred } from '../../lib/job-queue.ts'
import { localDateOf, outsideQuietHours } from '../../lib/local-time.ts'
import { fittingMinutes } from '../commerce/public.ts'
import { bedTakes, dayRange, daySlots, type BookingRules } from './availability.ts'
import { WAITLIST_JOBS } from './booking-jobs.ts'
import type { BookingRepository, ShopSetup } from './booking.repository.ts'
import { daySchedule, payment } from './booking-views.ts'
import type { CustomerLock } from './customer-lock.service.ts'
import type { WaitlistEntryRow, WaitlistRepository } from './waitlist.repository.ts'
import { hashToken, sessionProblems } from './waitlist.service.ts'

const MINUTE = 60_000

type Bed = ShopSetup['beds'][number]

/** A customer the rules refuse this time: their entry waits on, and the next customer is asked. */
class NotForThem extends Error {}

/**
 * Offering freed times to the waitlist (docs/decisions/044): a `waitlist.freed` job (asked for by the database,
 * migration 0031) finds the first customer, joined earliest, whose range and wants fit a start in the freed time and
 * who may book it under every rule, and holds it for them: a pending booking of theirs, under the bookings' own
 * constraints, with the offer and its text asked for in the same transaction. Run twice, it offers once: the entry is
 * claimed by an update only one transaction wins, and the time by the bookings' exclusion constraint.
 */
export function createWaitlistOffers(deps: { bookings: BookingRepository; waitlist: WaitlistRepository; lock: CustomerLock; now: () => number }) {
  const { bookings: repo, waitlist, lock, now } = deps

  /** The first start in the freed time and the entry's range at which the bed is free for the entry's session. */
  async function firstStart(setup: ShopSetup, rules: BookingRules, bed: Bed, entry: WaitlistEntryRow, from: number, to: number) {
    const day = daySchedule(setup, rules, entry.localDate)
    const range = dayRange(day, [bed])
    if (!range) return null
    const at = now()
    const busy = await repo.busy([bed.id], range.from, range.to, at)
    const lo = Math.max(from, entry.fromAt.getTime())
    const hi = Math.min(to, entry.toAt.getTime())
    const slot = daySlots(day, [bed], entry.minutes, busy, at).find((s) => {
      const startsAt = Date.parse(s.startsAt)
      return startsAt >= lo && startsAt <= hi && startsAt < to
    })
    return slot ? Date.parse(slot.startsAt) : null
  }

  /** Holds the time for the entry's customer, if they may book it: 'offered', 'refused' (the rules), or 'gone' (the entry or the time). */
  async function offer(setup: ShopSetup, rules: BookingRules, bed: Bed, entry: WaitlistEntryRow, startsAt: number) {
    const at = now()
    const holdId = randomUUID()
    const offerId = randomUUID()
    const token = randomBytes(24).toString('base64url')
    const blockedUntil = new Date(startsAt + (entry.minutes + bed.cleaningBufferMinutes) * MINUTE)
    try {
      return await lock.underCustomerLock(setup.shopId, entry.sub, async (tx, customer) => {
        if (!(await waitlist.claim(tx.db, entry.id))) return 'gone' as const
        const input = { setup, sub: entry.sub, date: entry.localDate, startsAt, minutes: entry.minutes, at, audience: 'customer' as const }
        if ((await sessionProblems(tx, customer, input)).length) throw new NotForThem()
        await tx.releaseLapsedHolds(bed.id, new Date(startsAt), blockedUntil)
        await tx.insertBooking({
          id: holdId,
          shopId: setup.shopId,
          sub: entry.sub,
          bedId: bed.id,
          localDate: entry.localDate,
          startsAt: new Date(startsAt),
          endsAt: new Date(startsAt + entry.minutes * MINUTE),
          blockedUntil,
          minutes: entry.minutes,
          pricePence: bed.perMinutePence * entry.minutes,
          paidWith: payment(rules, fittingMinutes(customer.lots, bed.type, at), entry.minutes) ?? 'in_salon',
          status: 'pending',
          holdUntil: new Date(at + OFFER_HOLD_MINUTES * MINUTE),
        })
        await waitlist.insertOffer(tx.db, { id: offerId, shopId: setup.shopId, entryId: entry.id, bookingId: holdId, tokenHash: hashToken(token) })
        // The text goes once: its key names the offer, and it exists only if the hold commits.
        await createJobQueue(tx.db, now).enqueue({ kind: WAITLIST_JOBS.offerText, key: `waitlist.text:${offerId}`, payload: { bookingId: holdId, token } })
        return 'offered' as const
      })
    } catch (error) {
      if (error instanceof NotForThem) return 'refused' as const
      const db = databaseError(error)
      // The time was taken meanwhile, or the customer booked a session that day: no offer.
      if (db && (db.code === '23P01' || db.code === '23505' || db.code === '40P01' || db.code === '40001' || db.constraint?.startsWith('bookings_'))) {
        return 'gone' as const
      }
      throw error
    }
  }

  /** The `waitlist.freed` job: the bed's time from `from` to `to` is free again. */
  async function freed(payload: Record<string, unknown>) {
    const shopId = String(payload.shopId)
    const from = Date.parse(String(payload.from))
    const to = Date.parse(String(payload.to))
    const at = now()
    if (!(to > at)) return { skipped: 'the time has passed' }
    const today = new Date(Math.max(from, at)).toISOString().slice(0, 10)
    const setup = await lock.setupOf(shopId, addDays(today, -1), addDays(today, 2))
    const bed = setup.beds.find((b) => b.id === payload.bedId)
    if (!setup.rules || !bed) return { skipped: 'no bookings online or no such bed' }
    // Quiet hours (docs/product.md "Waitlist"): nothing is held or texted until they end; the time may be booked meanwhile.
    const allowed = outsideQuietHours(at, setup.timeZone)
    if (allowed > at) throw new JobDeferred(new Date(allowed))
    const waiting = await waitlist.waitingFor(shopId, new Date(Math.max(from, at)), new Date(to))
    for (const entry of waiting) {
      if ((entry.bedType && entry.bedType !== bed.type) || !bedTakes(bed, entry.minutes)) continue
      if (localDateOf(from, setup.timeZone) > entry.localDate || localDateOf(to - 1, setup.timeZone) < entry.localDate) continue
      const daySetup = entry.localDate === localDateOf(at, setup.timeZone) ? setup : await lock.setupOf(shopId, entry.localDate)
      const startsAt = await firstStart(daySetup, setup.rules, bed, entry, from, to)
      if (startsAt === null) continue
      const outcome = await offer(daySetup, setup.rules, bed, entry, startsAt)
      if (outcome === 'offered') return { offered: entry.id }
    }
    return { offered: null }
  }

  return {
    handlers: {
      [WAITLIST_JOBS.freed]: freed,
      [WAITLIST_JOBS.sweep]: async () => waitlist.sweep(new Date(now())),
    },
    periodic: [{ kind: WAITLIST_JOBS.sweep, everyMs: MINUTE }],
  }
}
