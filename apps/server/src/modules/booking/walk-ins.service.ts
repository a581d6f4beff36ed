import { randomUUID } from 'node:crypto'
import { todayInUk } from '@salon/contracts/dates'
import { plural } from '@salon/contracts/words'
import type { WalkInRequest } from '@salon/contracts/staff-day'
import { withRetries } from '../../lib/database-errors.ts'
import { HttpError } from '../../lib/errors.ts'
import { fittingMinutes, planSpend, type Draw } from '../commerce/public.ts'
import { requirePhotoIdCheck } from '../identity/public.ts'
import type { StaffActor } from '../shop/public.ts'
import { CustomerMissing } from './booking.repository.ts'
import type { DaySheet, StaffDayDeps } from './day-sheet.service.ts'
import { bedOf, checkedNewcomer, DAY_MESSAGES, deskRulesOf, judge, onConflict, ownerOnlyOverride, problemsOf, startOf } from './desk-rules.ts'
import { checkSunbedSafety } from './sunbed-safety-checks.service.ts'
import { signUpAtDesk } from './desk-sign-up.service.ts'

const MINUTE = 60_000

/** Walk-ins and phone bookings at the desk (docs/product.md §10.2), under the same rules as a customer's own booking. */
export function createWalkIns(deps: StaffDayDeps & { sheet: DaySheet }) {
  const { booking, sheet, now } = deps
  return {
    /**
     * POST /api/staff/bookings: a walk-in or phone booking for a customer of the salon, or for one signed up here at
     * the desk (a record with a new sub and no online account). The sunbed rules hold; the owner may let one past
     * with a reason, never the age rule or one session a day.
     */
    async walkIn(actor: StaffActor, request: WalkInRequest) {
      ownerOnlyOverride(actor, request.override)
      const newcomer = 'new' in request.customer ? request.customer.new : null
      // The sign-up's rules are checked before anything is locked: a wrong number or date of birth changes nothing.
      if (newcomer) checkedNewcomer(newcomer, todayInUk(now()))
      const setup = await booking.setupOf(actor.shopId, request.date)
      const rules = deskRulesOf(setup)
      const bed = bedOf(setup, request.bedId)
      const startsAt = startOf(setup, request.date, request.time, now())
      const endsAt = startsAt + request.minutes * MINUTE
      const blockedUntil = new Date(endsAt + bed.cleaningBufferMinutes * MINUTE)
      const pricePence = bed.perMinutePence * request.minutes
      const id = randomUUID()
      const at = now()
      const reason = request.override?.reason.trim()
      const customer =
        newcomer === null ? (request.customer as { sub: string }).sub : (tx: Parameters<typeof signUpAtDesk>[0]) => signUpAtDesk(tx, actor, newcomer, at)
      await withRetries(
        () =>
          booking
            .underCustomerLock(actor.shopId, customer, async (tx, held, sub) => {
              // The same sunbed safety check as online (sunbed-safety-checks.service.ts); the owner's override never lets past a health answer or a reaction awaiting clearance.
              const safety = await checkSunbedSafety(tx.db, {
                shopId: actor.shopId,
                sub,
                date: request.date,
                startsAt,
                minutes: request.minutes,
                firstSessionMaxMinutes: rules.firstSessionMaxMinutes,
                timeZone: setup.timeZone,
                phone: setup.phone,
                at,
                audience: 'staff',
              })
              const overridden = judge(
                [...problemsOf({ setup, rules, customer: held, bed, date: request.date, startsAt, minutes: request.minutes }), ...safety],
                actor.role === 'owner' ? request.override : undefined,
              )
              // Photo ID (identity's rule, which the counter asks too): checked once, a new customer's always.
              await requirePhotoIdCheck(tx.db, { sub, check: request.idCheck, by: actor, at })
              let draws: Draw[] = []
              if (request.paidWith === 'balance') {
                const fitting = fittingMinutes(held.lots, bed.type, at)
                if (fitting < request.minutes) {
                  throw new HttpError(
                    402,
                    `The customer's balance has ${plural(fitting, 'minute')} for ${bed.type} sunbeds and this session needs ${request.minutes}. Take payment in the salon, or sell them a package first.`,
                  )
                }
                draws = planSpend(held.lots, bed.type, request.minutes, at)!
              }
              await tx.releaseLapsedHolds(bed.id, new Date(startsAt), blockedUntil)
              await tx.insertBooking({
                id,
                shopId: actor.shopId,
                sub,
                bedId: bed.id,
                localDate: request.date,
                startsAt: new Date(startsAt),
                endsAt: new Date(endsAt),
                blockedUntil,
                minutes: request.minutes,
                pricePence,
                paidWith: request.paidWith,
                status: 'booked',
                holdUntil: null,
                bookedBy: actor.sub,
                overrideReason: overridden.length ? reason! : null,
              })
              await tx.spend(id, draws)
              await tx.audit(actor, {
                action: 'booking.created',
                subjectType: 'booking',
                subjectId: id,
                after: {
                  sub,
                  bedId: bed.id,
                  date: request.date,
                  time: request.time,
                  minutes: request.minutes,
                  paidWith: request.paidWith,
                  ...(overridden.length ? { overridden } : {}),
                },
                reason: overridden.length ? reason : null,
              })
            })
            .catch((error: unknown) => {
              throw error instanceof CustomerMissing ? new HttpError(404, DAY_MESSAGES.noCustomer) : error
            }),
        onConflict(bed.name, request.time, request.date),
      )
      return { booking: (await sheet.sheetOf(actor.shopId, id, setup)).booking }
    },
  }
}
