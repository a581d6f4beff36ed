import { randomUUID } from 'node:crypto'
import { COUNTER_MIN_PENCE } from '@salon/contracts/staff-counter'
import type { DeskPaymentMethod, StaffBookingChangeResponse, TakePaymentRequest, UndoPaymentRequest } from '@salon/contracts/staff-day'
import { poundsAndPence } from '@salon/contracts/rules/money'
import { plural } from '@salon/contracts/words'
import { withRetries } from '../../lib/database-errors.ts'
import { HttpError } from '../../lib/errors.ts'
import { localTimeOf } from '../../lib/local-time.ts'
import { sessionDescription } from './booking-views.ts'
import { fittingMinutes, planSpend } from '../commerce/public.ts'
import { ONLY_OWNER, type StaffActor } from '../shop/public.ts'
import type { DaySheet, StaffDayDeps } from './day-sheet.service.ts'
import { DAY_MESSAGES } from './desk-rules.ts'

const METHOD_WORDS: Record<Exclude<DeskPaymentMethod, 'balance'>, string> = {
  cash: 'in cash',
  card_terminal: 'on the card terminal',
  credit: 'from the gift voucher credit',
}

/** Every refusal of taking payment at the desk, word for word (docs/product.md §10.2). */
export const PAYMENT_MESSAGES = {
  cancelled: 'This session is cancelled, so there is nothing to take.',
  noShow: 'This session was marked a no-show, so there is nothing to take. If the customer came after all, mark it booked first.',
  onBalance: 'This session was paid from the balance when it was booked: there is nothing to take.',
  onCredit: 'This session was paid with gift voucher credit when it was booked: there is nothing to take.',
  byMembership: 'This session is paid with the customer’s membership: there is nothing to take.',
  byCard: 'This session is paid by card online: there is nothing to take at the desk.',
  alreadyPaid: 'This session has already been paid at the desk.',
  free: 'This session costs nothing, so there is nothing to take.',
  tooSmall: `A payment at the desk must be at least ${poundsAndPence(COUNTER_MIN_PENCE)}. Take it from the balance, or sell the customer a package.`,
  notPaid: 'This session has not been paid at the desk, so there is nothing to undo.',
  changed: "The customer's balance has just changed. Please try again.",
} as const

/**
 * Taking payment at the desk for a session to be paid in the salon (docs/product.md §10.2): by cash, on the card
 * terminal or from the customer's minutes, once, under the customer's lock and the till's; the owner undoes a payment
 * taken by mistake, with a reason. Cash and card-terminal payments are payments rows, so the day's takings and its
 * cash-up count them with the counter's sales.
 */
export function createSessionPayments(deps: StaffDayDeps & { sheet: DaySheet }) {
  const { booking, repo, sheet, now } = deps

  async function located(actor: StaffActor, id: string) {
    const found = await repo.booking(actor.shopId, id)
    if (!found) throw new HttpError(404, DAY_MESSAGES.notFound)
    return { found, setup: await booking.setupOf(actor.shopId) }
  }

  return {
    /** POST /api/staff/bookings/{id}/payment */
    async take(actor: StaffActor, id: string, request: TakePaymentRequest): Promise<StaffBookingChangeResponse> {
      const { found, setup } = await located(actor, id)
      const bed = setup.beds.find((b) => b.id === found.bedId)
      const method = request.method
      const at = now()
      const pricePence = await withRetries(
        () =>
          booking.underCustomerLock(actor.shopId, found.sub, async (tx, customer) => {
            const current = await tx.bookingForUpdate(id)
            if (!current) throw new HttpError(404, DAY_MESSAGES.notFound)
            if (current.status === 'cancelled') throw new HttpError(409, PAYMENT_MESSAGES.cancelled)
            if (current.status === 'no_show') throw new HttpError(409, PAYMENT_MESSAGES.noShow)
            if (current.deskPayment) throw new HttpError(409, PAYMENT_MESSAGES.alreadyPaid)
            if (current.paidWith === 'balance') throw new HttpError(409, PAYMENT_MESSAGES.onBalance)
            if (current.paidWith === 'credit') throw new HttpError(409, PAYMENT_MESSAGES.onCredit)
            if (current.paidWith === 'card') throw new HttpError(409, PAYMENT_MESSAGES.byCard)
            if (current.paidWith === 'membership') throw new HttpError(409, PAYMENT_MESSAGES.byMembership)
            if (current.pricePence === 0 && method !== 'balance') throw new HttpError(409, PAYMENT_MESSAGES.free)
            await tx.lockTill()
            if (method === 'balance') {
              const type = bed?.type ?? found.bedType
              const fitting = fittingMinutes(customer.lots, type, at)
              if (fitting < current.minutes) {
                throw new HttpError(
                  402,
                  `The customer's balance has ${plural(fitting, 'minute')} for ${type} sunbeds and this session needs ${current.minutes}. Take cash or card instead, or sell them a package first.`,
                )
              }
              if (!(await tx.payAtDesk(id, 'balance', actor.sub))) throw new HttpError(409, PAYMENT_MESSAGES.alreadyPaid)
              await tx.spend(id, planSpend(customer.lots, type, current.minutes, at)!)
            } else if (method === 'credit') {
              // The rule of paying a session with credit is the customer's own online (credit.service.ts).
              if (!(await tx.payAtDesk(id, 'credit', actor.sub))) throw new HttpError(409, PAYMENT_MESSAGES.alreadyPaid)
              await booking.credit.pay(tx.db, {
                shopId: actor.shopId,
                sub: found.sub,
                bookingId: id,
                pricePence: current.pricePence,
                description: sessionDescription(
                  bed?.name ?? 'sunbed',
                  current.minutes,
                  current.localDate,
                  localTimeOf(current.startsAt.getTime(), setup.timeZone),
                ),
                at: new Date(at),
                audience: 'desk',
              })
            } else {
              if (current.pricePence < COUNTER_MIN_PENCE) throw new HttpError(422, PAYMENT_MESSAGES.tooSmall)
              const paymentId = randomUUID()
              const paid = await tx.payAtDesk(id, method, actor.sub, {
                id: paymentId,
                shopId: actor.shopId,
                sub: found.sub,
                idempotencyKey: `desk-session:${id}:${paymentId}`,
                provider: method,
                recordedBy: actor.sub,
                status: 'succeeded',
                purpose: 'session',
                bookingId: id,
                description: sessionDescription(
                  bed?.name ?? 'sunbed',
                  current.minutes,
                  current.localDate,
                  localTimeOf(current.startsAt.getTime(), setup.timeZone),
                ),
                pricePence: current.pricePence,
                amountPence: current.pricePence,
                createdAt: new Date(at),
                succeededAt: new Date(at),
              })
              if (!paid) throw new HttpError(409, PAYMENT_MESSAGES.alreadyPaid)
            }
            await tx.audit(actor, {
              action: 'booking.paid',
              subjectType: 'booking',
              subjectId: id,
              after: method === 'balance' ? { method, minutes: current.minutes } : { method, amountPence: current.pricePence },
            })
            return current.pricePence
          }),
        (constraint) => {
          if (constraint === 'payments_desk_session_once') return new HttpError(409, PAYMENT_MESSAGES.alreadyPaid)
          if (constraint === 'minute_lots_remaining') return new HttpError(409, PAYMENT_MESSAGES.changed)
          return undefined
        },
      )
      const { booking: session } = await sheet.sheetOf(actor.shopId, id, setup)
      const whose = `${session.customer.name}’s session`
      const message =
        method === 'balance'
          ? `${plural(session.minutes, 'minute')} taken from the balance for ${whose}.`
          : `${poundsAndPence(pricePence)} taken ${METHOD_WORDS[method]} for ${whose}.`
      return { message, booking: session }
    },

    /** POST /api/staff/bookings/{id}/payment/undo (owner): a payment taken by mistake, undone with the reason. */
    async undo(actor: StaffActor, id: string, request: UndoPaymentRequest): Promise<StaffBookingChangeResponse> {
      if (actor.role !== 'owner') throw new HttpError(403, ONLY_OWNER)
      const { found, setup } = await located(actor, id)
      const reason = request.reason.trim()
      const outcome = await booking.underCustomerLock(actor.shopId, found.sub, async (tx) => {
        const current = await tx.bookingForUpdate(id)
        if (!current) throw new HttpError(404, DAY_MESSAGES.notFound)
        const method = current.deskPayment as DeskPaymentMethod | null
        if (!method) throw new HttpError(409, PAYMENT_MESSAGES.notPaid)
        await tx.lockTill()
        const back = method === 'balance' ? await tx.refund(id) : null
        const credit = method === 'credit' ? await booking.credit.giveBack(tx.db, id, new Date(now())) : null
        await tx.undoDeskPayment(id)
        await tx.audit(actor, {
          action: 'booking.payment-undone',
          subjectType: 'booking',
          subjectId: id,
          before: method === 'balance' ? { method, minutes: current.minutes } : { method, amountPence: current.pricePence },
          after: back
            ? { minutesBack: back.refunded, minutesExpired: back.expired }
            : credit
              ? { creditBackPence: credit.backPence, creditExpiredPence: credit.expiredPence }
              : { givenBack: current.pricePence },
          reason,
        })
        return { method, back, credit, pricePence: current.pricePence }
      })
      const { booking: session } = await sheet.sheetOf(actor.shopId, id, setup)
      const done = outcome.back
        ? `${plural(outcome.back.refunded, 'minute')} ${outcome.back.refunded === 1 ? 'is' : 'are'} back on the balance` +
          (outcome.back.expired
            ? ` (${plural(outcome.back.expired, 'minute')} from a lot that has expired since ${outcome.back.expired === 1 ? 'stays' : 'stay'} expired)`
            : '')
        : outcome.credit
          ? `${poundsAndPence(outcome.credit.backPence)} is back as the customer's gift voucher credit` +
            (outcome.credit.expiredPence ? ` (${poundsAndPence(outcome.credit.expiredPence)} of credit that has expired since stays expired)` : '')
          : `${poundsAndPence(outcome.pricePence)} shows as given back in today's takings`
      return { message: `The payment is undone: ${done}. The session is to be paid again.`, booking: session }
    },
  }
}
export type SessionPayments = ReturnType<typeof createSessionPayments>
