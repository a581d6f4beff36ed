import type { Db } from '@salon/db'
import { HttpError } from '../../lib/errors.ts'
import { describeDate, localDateOf } from '../../lib/local-time.ts'
import { MEMBERSHIP_MESSAGES as M } from './membership-words.ts'
import type { MembershipRow, MembershipsRepository } from './memberships.repository.ts'

export interface SessionToPay {
  shopId: string
  sub: string
  bookingId: string
  bedType: string
  startsAt: number
  minutes: number
  timeZone: string
}

/** What is left of the membership's month: minutes or sessions, or null when it is unlimited. */
export function leftOf(m: Pick<MembershipRow, 'allowanceKind' | 'allowance'>, used: { sessions: number; minutes: number }) {
  if (m.allowanceKind === 'unlimited') return null
  return Math.max(0, m.allowance! - (m.allowanceKind === 'minutes' ? used.minutes : used.sessions))
}

/**
 * A session paid with a membership (docs/product.md "Memberships"), asked by the booking service inside the
 * booking's own transaction, after every sunbed rule: the membership's row is locked, so two bookings at once take
 * the month's allowance one after the other, and the use is written with the booking. A cancelled booking's use no
 * longer counts, so cancelling gives it back whoever cancels.
 */
export function createMembershipSessions(deps: { repo: MembershipsRepository }) {
  const { repo } = deps
  return {
    async payForSession(tx: Db, session: SessionToPay): Promise<void> {
      const m = await repo.live(session.shopId, session.sub, tx, true)
      if (!m) throw new HttpError(402, M.noMembershipToPay)
      if (m.status === 'pending') throw new HttpError(409, M.notStarted)
      if (m.status === 'paused') throw new HttpError(409, M.pausedNoSessions)
      if (!m.bedTypes.includes(session.bedType)) throw new HttpError(409, M.notCovered(session.bedType))
      if (session.startsAt >= m.periodEnd!.getTime()) {
        const lastDay = localDateOf(m.periodEnd!.getTime() - 1, session.timeZone)
        throw new HttpError(409, M.beyondMonth(describeDate(lastDay)))
      }
      const left = leftOf(m, await repo.usedIn(m.id, m.period, tx))
      if (left !== null && m.allowanceKind === 'minutes' && left < session.minutes) throw new HttpError(409, M.minutesLeft(left, session.minutes))
      if (left !== null && m.allowanceKind === 'sessions' && left < 1) throw new HttpError(409, M.noSessionsLeft)
      await repo.insertUse({ bookingId: session.bookingId, shopId: session.shopId, membershipId: m.id, period: m.period, minutes: session.minutes }, tx)
    },
  }
}
export type MembershipSessions = ReturnType<typeof createMembershipSessions>
