import { addDays } from '@salon/contracts/dates'
import type { DaySheetBooking, DaySheetResponse } from '@salon/contracts/staff-day'
import { HttpError } from '../../lib/errors.ts'
import { localDateOf, localTimeOf, startOfLocalDay, toIsoWithOffset } from '../../lib/local-time.ts'
import type { StaffActor } from '../shop/public.ts'
import { hoursOn } from './booking-views.ts'
import type { ShopSetup } from './booking.repository.ts'
import type { CustomerLock } from './customer-lock.service.ts'
import { DAY_MESSAGES, fullName } from './desk-rules.ts'
import type { DaySheetRow, StaffDayRepository } from './staff-day.repository.ts'

export interface StaffDayDeps {
  booking: CustomerLock
  repo: StaffDayRepository
  now: () => number
}

/** The day sheet (docs/product.md §10.2): the salon's view of a day, each session as the desk sees it, and marking them. */
export function createDaySheet(deps: StaffDayDeps) {
  const { booking, repo, now } = deps

  function toSheet(row: DaySheetRow, timeZone: string): DaySheetBooking {
    // A hold whose time ran out no longer keeps the bed (it is let go when another booking needs it): shown cancelled.
    const lapsed = row.status === 'pending' && row.holdUntil !== null && row.holdUntil.getTime() <= now()
    const status = lapsed ? 'cancelled' : row.status
    const cancelledAt = lapsed ? row.holdUntil : row.cancelledAt
    const card = (): 'paid' | 'pending' | 'refunded' | 'unpaid' => {
      if (lapsed) return 'unpaid'
      if (row.status === 'pending') return 'pending'
      if (row.cardPayment === 'refunded') return 'refunded'
      // A cancelled session's card payment is owed back from the cancelling transaction, and refunded by a job.
      if (row.cardPayment === 'succeeded') return row.status === 'cancelled' ? 'refunded' : 'paid'
      return row.status === 'cancelled' ? 'unpaid' : 'paid'
    }
    const deskPaid =
      row.deskPayment && row.deskPaidAt
        ? { method: row.deskPayment, at: toIsoWithOffset(row.deskPaidAt.getTime(), timeZone), by: row.deskPaidByName ?? 'A former member of staff' }
        : null
    return {
      id: row.id,
      bed: { id: row.bedId, name: row.bedName, type: row.bedType },
      date: row.localDate,
      time: localTimeOf(row.startsAt.getTime(), timeZone),
      endTime: localTimeOf(row.endsAt.getTime(), timeZone),
      startsAt: toIsoWithOffset(row.startsAt.getTime(), timeZone),
      endsAt: toIsoWithOffset(row.endsAt.getTime(), timeZone),
      minutes: row.minutes,
      status: status as DaySheetBooking['status'],
      customer: {
        sub: row.sub,
        name: fullName(row),
        firstName: row.firstName,
        lastName: row.lastName,
        phone: row.phone,
        skinType: row.skinType,
        onlineAccount: row.onlineAccount,
      },
      payment:
        row.paidWith === 'balance'
          ? { method: 'balance', minutes: row.minutes, paidAtDesk: deskPaid }
          : row.paidWith === 'membership'
            ? { method: 'membership', minutes: row.minutes }
            : row.paidWith === 'credit'
              ? { method: 'credit', pricePence: row.pricePence, paidAtDesk: deskPaid }
              : row.paidWith === 'card'
                ? { method: 'card', pricePence: row.pricePence, state: card() }
                : { method: 'in_salon', pricePence: row.pricePence, paidAtDesk: deskPaid },
      bookedBy: row.bookedBy ? { sub: row.bookedBy, name: row.bookedByName ?? 'A former member of staff' } : null,
      overrideReason: row.overrideReason,
      cancelledAt: cancelledAt ? toIsoWithOffset(cancelledAt.getTime(), timeZone) : null,
    }
  }

  async function sheetOf(shopId: string, id: string, setup: ShopSetup) {
    const row = await repo.one(shopId, id)
    if (!row) throw new HttpError(404, DAY_MESSAGES.notFound)
    return { row, booking: toSheet(row, setup.timeZone) }
  }

  return {
    toSheet,
    sheetOf,

    /** GET /api/staff/day: the day's hours, every bed, its sessions and, apart, its cancelled ones. */
    async day(actor: StaffActor, date: string | undefined): Promise<DaySheetResponse> {
      // Closures are read a day either side of the UTC date: the shop's local date lies within.
      const around = date ?? new Date(now()).toISOString().slice(0, 10)
      const setup = await booking.setupOf(actor.shopId, addDays(around, -1), addDays(around, 1))
      const day = date ?? localDateOf(now(), setup.timeZone)
      const midnight = Date.parse(`${day}T00:00:00Z`)
      const dayFrom = new Date(startOfLocalDay(day, setup.timeZone)!)
      const dayTo = new Date(startOfLocalDay(addDays(day, 1), setup.timeZone)!)
      const [beds, rows, periods] = await Promise.all([
        repo.beds(actor.shopId),
        repo.day(actor.shopId, day, new Date(midnight - 86_400_000), new Date(midnight + 2 * 86_400_000)),
        repo.outOfService(actor.shopId, dayFrom, dayTo),
      ])
      const sessions = rows.map((row) => toSheet(row, setup.timeZone))
      const iso = (at: Date) => toIsoWithOffset(at.getTime(), setup.timeZone)
      return {
        date: day,
        ...hoursOn(setup, day),
        closure: setup.closures.get(day) ?? null,
        beds: beds.map((bed) => ({
          ...bed,
          outOfService: periods.filter((p) => p.bedId === bed.id).map((p) => ({ id: p.id, from: iso(p.startsAt), until: iso(p.endsAt), reason: p.reason })),
        })),
        bookings: sessions.filter((b) => b.status !== 'cancelled'),
        cancelled: sessions.filter((b) => b.status === 'cancelled'),
      }
    },

    /** PUT /api/staff/bookings/{id}/status: attended or no-show on its day or after, or back to booked. */
    async mark(actor: StaffActor, id: string, status: 'attended' | 'no_show' | 'booked') {
      const setup = await booking.setupOf(actor.shopId)
      const today = localDateOf(now(), setup.timeZone)
      const found = await repo.mark(
        actor,
        id,
        status,
        (row) => {
          if (row.status === 'cancelled') throw new HttpError(409, DAY_MESSAGES.markCancelled)
          if (row.status === 'pending') throw new HttpError(409, DAY_MESSAGES.markPending)
          if (row.localDate > today) throw new HttpError(409, DAY_MESSAGES.markFuture)
        },
        { action: 'booking.marked', subjectType: 'booking', subjectId: id },
      )
      if (!found) throw new HttpError(404, DAY_MESSAGES.notFound)
      return { booking: (await sheetOf(actor.shopId, id, setup)).booking }
    },
  }
}
export type DaySheet = ReturnType<typeof createDaySheet>
