import { shortDate } from '@salon/contracts/dates'
import { plural } from '@salon/contracts/words'
import { poundsAndPence } from '@salon/contracts/rules/money'
import type { StaffBookingChangeResponse, StaffMoveRequest } from '@salon/contracts/staff-day'
import type { SmsSender } from '../../adapters/sms/sms.ts'
import { withRetries } from '../../lib/database-errors.ts'
import { HttpError } from '../../lib/errors.ts'
import { describeDate, localDateOf, localTimeOf } from '../../lib/local-time.ts'
import type { Logger } from '../../lib/logger.ts'
import type { StaffActor } from '../shop/public.ts'
import type { CancelOutcome } from './customer-lock.service.ts'
import { createDaySheet, type StaffDayDeps } from './day-sheet.service.ts'
import { bedOf, DAY_MESSAGES, deskRulesOf, judge, onConflict, ownerOnlyOverride, problemsOf, sameTypeOnly, startOf } from './desk-rules.ts'
import { checkSunbedSafety } from './sunbed-safety-checks.service.ts'
import { createSessionPayments } from './session-payments.service.ts'
import { createWalkIns } from './walk-ins.service.ts'

const MINUTE = 60_000

/**
 * The day sheet and walk-ins (docs/product.md §10.2): the salon's view of a day, marking sessions, cancelling and
 * moving them on a customer's behalf, and booking at the desk. Bookings are changed under their customer's lock,
 * as the customer's own calls change them, and every change is audited in its transaction. The desk's rules are in
 * desk-rules.ts; the day sheet in day-sheet.service.ts; walk-ins in walk-ins.service.ts.
 */
export function createStaffDay(deps: StaffDayDeps & { sms: SmsSender; logger: Logger }) {
  const { booking, repo, now } = deps
  const daySheet = createDaySheet(deps)
  const walkIns = createWalkIns({ ...deps, sheet: daySheet })
  const payments = createSessionPayments({ ...deps, sheet: daySheet })

  /** Texts the customer; a message that cannot be sent does not undo the change, and the member of staff is told to call. */
  async function text(shopId: string, phone: string | null, body: string): Promise<string> {
    if (!phone) return ' The customer has no mobile number on record, so please tell them yourself.'
    try {
      await deps.sms.send({ to: phone, shopId, body })
      return ' The customer has been sent a text message.'
    } catch (error) {
      deps.logger.warn({ err: error, shopId }, 'a text message about a session changed by the salon could not be sent')
      return ' The text message to the customer could not be sent, so please call them.'
    }
  }

  return {
    day: daySheet.day,
    mark: daySheet.mark,
    walkIn: walkIns.walkIn,
    takePayment: payments.take,
    undoPayment: payments.undo,

    /**
     * POST /api/staff/bookings/{id}/cancel: on the customer's behalf, whatever the cut-off, through the customer's own
     * cancel path (minutes back to their lots, a card payment refunded), audited; the messages module tells the customer.
     */
    async cancel(actor: StaffActor, id: string, reason: string | undefined): Promise<StaffBookingChangeResponse> {
      const found = await repo.booking(actor.shopId, id)
      if (!found) throw new HttpError(404, DAY_MESSAGES.notFound)
      const setup = await booking.setupOf(actor.shopId)
      const note = reason?.trim() || null
      const outcome: CancelOutcome = await booking.cancelBooking(actor.shopId, found.sub, id, {
        by: actor.sub,
        notFound: () => new HttpError(404, DAY_MESSAGES.notFound),
        refuse(current) {
          if (current.status === 'cancelled') throw new HttpError(409, DAY_MESSAGES.alreadyCancelled)
          if (current.status === 'attended') throw new HttpError(409, DAY_MESSAGES.cancelAttended)
          if (current.status === 'no_show') throw new HttpError(409, DAY_MESSAGES.cancelNoShow)
        },
        alongside: (tx, before, done) =>
          tx.audit(actor, {
            action: 'booking.cancelled',
            subjectType: 'booking',
            subjectId: id,
            before: { status: before.status, paidWith: before.paidWith },
            after: {
              status: 'cancelled',
              minutesBack: done.refunded,
              minutesExpired: done.expired,
              cardRefunded: done.card,
              ...(before.paidWith === 'credit' ? { creditBackPence: done.creditBack, creditExpiredPence: done.creditExpired } : {}),
            },
            reason: note,
          }),
      })
      const { row, booking: sheet } = await daySheet.sheetOf(actor.shopId, id, setup)
      const { refunded, expired } = outcome
      const price = poundsAndPence(row.pricePence)
      // The customer's message is asked for by the database in the cancelling transaction (migration 0017) and sent by
      // the messages module, saying that the salon cancelled it (bookings.cancelled_by): it is not sent from here too.
      const told = row.phone
        ? ' The customer will be sent a text message saying so.'
        : ' The customer has no mobile number on record, so please tell them yourself.'
      const done =
        (refunded ? ` ${plural(refunded, 'minute')} ${refunded === 1 ? 'is' : 'are'} back on the customer's balance.` : '') +
        (expired ? ` ${plural(expired, 'minute')} came from a lot that has expired since, so ${expired === 1 ? 'it stays' : 'they stay'} expired.` : '') +
        (outcome.card ? ` The card payment of ${price} is being refunded.` : '') +
        (outcome.creditBack ? ` ${poundsAndPence(outcome.creditBack)} is back as the customer's gift voucher credit.` : '') +
        (outcome.creditExpired ? ` ${poundsAndPence(outcome.creditExpired)} of it came from credit that has expired since, so it stays expired.` : '')
      return { message: `Session cancelled.${done}${told}`, booking: sheet }
    },

    /**
     * POST /api/staff/bookings/{id}/move: the same customer and payment at another bed, day or time, under the sunbed
     * rules; the database's exclusion constraint and one-a-day index have the last word. Of two members of staff
     * moving one session at once, the second finds it changed under its lock and is refused.
     */
    async move(actor: StaffActor, id: string, request: StaffMoveRequest): Promise<StaffBookingChangeResponse> {
      ownerOnlyOverride(actor, request.override)
      const found = await repo.booking(actor.shopId, id)
      if (!found) throw new HttpError(404, DAY_MESSAGES.notFound)
      const setup = await booking.setupOf(actor.shopId, request.date)
      const rules = deskRulesOf(setup)
      const bed = bedOf(setup, request.bedId)
      const startsAt = startOf(setup, request.date, request.time, now())
      const minutes = request.minutes ?? found.minutes
      const endsAt = startsAt + minutes * MINUTE
      const blockedUntil = new Date(endsAt + bed.cleaningBufferMinutes * MINUTE)
      const before = {
        bedId: found.bedId,
        date: localDateOf(found.startsAt.getTime(), setup.timeZone),
        time: localTimeOf(found.startsAt.getTime(), setup.timeZone),
        minutes: found.minutes,
      }
      const after = { bedId: bed.id, date: request.date, time: request.time, minutes }
      const unchanged = JSON.stringify(before) === JSON.stringify(after)
      await withRetries(
        () =>
          booking.underCustomerLock(actor.shopId, found.sub, async (tx, customer) => {
            const current = await tx.bookingForUpdate(id)
            if (!current) throw new HttpError(404, DAY_MESSAGES.notFound)
            if (
              current.status !== found.status ||
              current.bedId !== found.bedId ||
              current.startsAt.getTime() !== found.startsAt.getTime() ||
              current.minutes !== found.minutes
            ) {
              throw new HttpError(409, DAY_MESSAGES.changed)
            }
            if (current.status === 'cancelled') throw new HttpError(409, DAY_MESSAGES.moveCancelled)
            if (current.status === 'attended') throw new HttpError(409, DAY_MESSAGES.moveAttended)
            if (current.status === 'no_show') throw new HttpError(409, DAY_MESSAGES.moveNoShow)
            if (current.status === 'pending') throw new HttpError(409, DAY_MESSAGES.movePending)
            if (unchanged) return
            const paidAhead = current.paidWith !== 'in_salon'
            if (paidAhead && minutes !== current.minutes) throw new HttpError(422, DAY_MESSAGES.moveMinutes)
            if (paidAhead && bed.type !== found.bedType) throw new HttpError(422, sameTypeOnly(found.bedType))
            // A session moved keeps to the sunbed safety rules as a new one does (sunbed-safety-checks.service.ts): a reaction's pause, the yearly limit.
            const safety = await checkSunbedSafety(tx.db, {
              shopId: actor.shopId,
              sub: found.sub,
              date: request.date,
              startsAt,
              minutes,
              firstSessionMaxMinutes: rules.firstSessionMaxMinutes,
              timeZone: setup.timeZone,
              phone: setup.phone,
              at: now(),
              audience: 'staff',
              moving: id,
            })
            const overridden = judge(
              [...problemsOf({ setup, rules, customer, bed, date: request.date, startsAt, minutes, moving: id }), ...safety],
              actor.role === 'owner' ? request.override : undefined,
            )
            await tx.releaseLapsedHolds(bed.id, new Date(startsAt), blockedUntil)
            await tx.moveBooking(id, {
              bedId: bed.id,
              localDate: request.date,
              startsAt: new Date(startsAt),
              endsAt: new Date(endsAt),
              blockedUntil,
              minutes,
              // A session paid in the salon costs what its new bed and minutes cost; one paid ahead keeps its price.
              pricePence: paidAhead ? current.pricePence : bed.perMinutePence * minutes,
              ...(overridden.length ? { overrideReason: request.override!.reason.trim() } : {}),
            })
            await tx.audit(actor, {
              action: 'booking.moved',
              subjectType: 'booking',
              subjectId: id,
              before,
              after: overridden.length ? { ...after, overridden } : after,
              reason: overridden.length ? request.override!.reason.trim() : null,
            })
          }),
        onConflict(bed.name, request.time, request.date),
      )
      const { row, booking: sheet } = await daySheet.sheetOf(actor.shopId, id, setup)
      if (unchanged) return { message: 'The session is already there: nothing was changed.', booking: sheet }
      const texted = await text(
        actor.shopId,
        row.phone,
        `${setup.name}: your sunbed session has been moved by the salon to ${shortDate(sheet.date)} at ${sheet.time} on ${sheet.bed.name}. Call us on ${setup.phone} if that time does not suit you.`,
      )
      return { message: `Session moved to ${describeDate(sheet.date)} at ${sheet.time} on ${sheet.bed.name}.${texted}`, booking: sheet }
    },
  }
}
export type StaffDay = ReturnType<typeof createStaffDay>
