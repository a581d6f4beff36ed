import { addDays } from '@salon/contracts/dates'
import { tillDifference } from '@salon/contracts/rules/money'
import { TAKINGS_MAX_DAYS, type CashUp, type CashUpRequest, type CashUpResponse, type TakingsLine, type TakingsResponse } from '@salon/contracts/staff-counter'
import type { Db } from '@salon/db'
import { HttpError } from '../../lib/errors.ts'
import { describeDate, localDateOf, localTimeOf, startOfLocalDay, toIsoWithOffset } from '../../lib/local-time.ts'
import { createAuditLog, type StaffActor } from '../shop/public.ts'
import { lockTill } from './counter.repository.ts'
import type { PaymentsService } from './payments.service.ts'
import type { CashUpRow, TakingsRepository } from './takings.repository.ts'

/** Every refusal of the takings and the cash-up, word for word (docs/product.md §10.3). */
export const TAKINGS_MESSAGES = {
  tooLong: `Please choose at most ${TAKINGS_MAX_DAYS} days.`,
  future: 'A day can be cashed up on the day or after it, not before.',
} as const

const dayStart = (date: string, timeZone: string) => new Date(startOfLocalDay(date, timeZone)!)
const DAY = 86_400_000
const daysFrom = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY) + 1

type Rows = Awaited<ReturnType<TakingsRepository['takings']>>

/** The three methods, always in this order, from the takings' rows by provider. */
function linesOf(rows: Rows): TakingsLine[] {
  const line = (method: TakingsLine['method'], providers: string[]): TakingsLine => {
    const mine = rows.filter((r) => providers.includes(r.provider))
    const sum = (key: Exclude<keyof Rows[number], 'provider'>) => mine.reduce((total, r) => total + r[key], 0)
    return {
      method,
      sales: sum('sales'),
      salesPence: sum('salesPence'),
      refunds: sum('refunds'),
      refundsPence: sum('refundsPence'),
      netPence: sum('salesPence') - sum('refundsPence'),
      sessions: sum('sessions'),
      sessionsPence: sum('sessionsPence'),
    }
  }
  return [line('cash', ['cash']), line('card_terminal', ['card_terminal']), line('online_card', ['stripe', 'offline'])]
}

const net = (lines: TakingsLine[], method: TakingsLine['method']) => lines.find((l) => l.method === method)!.netPence

/**
 * The takings of a day or a range, by method, with the sessions paid at the desk and those still to take, and the
 * days' cash-ups (docs/product.md §10.3): what the desk counted at the close against what the takings said, and who
 * closed the day.
 */
export function createTakings(deps: { db: Db; repo: TakingsRepository; shopOf: PaymentsService['shopOf']; now: () => number }) {
  const { db, repo, now } = deps

  /**
   * A cash-up as the desk reads it; what was taken after the close is the day's desk takings now less what the close
   * expected: the till's lock, not a clock, decides which side of the close a payment fell.
   */
  async function cashUpOf(row: CashUpRow, timeZone: string): Promise<CashUp> {
    const lines = linesOf(await repo.takings(row.shopId, dayStart(row.localDate, timeZone), dayStart(addDays(row.localDate, 1), timeZone)))
    const expected = row.expectedCashPence - row.floatPence + row.expectedCardPence
    return {
      date: row.localDate,
      floatPence: row.floatPence,
      cash: { countedPence: row.countedCashPence, expectedPence: row.expectedCashPence, differencePence: row.countedCashPence - row.expectedCashPence },
      card: { countedPence: row.countedCardPence, expectedPence: row.expectedCardPence, differencePence: row.countedCardPence - row.expectedCardPence },
      note: row.note,
      closedAt: toIsoWithOffset(row.closedAt.getTime(), timeZone),
      closedBy: row.closedByName,
      afterPence: net(lines, 'cash') + net(lines, 'card_terminal') - expected,
    }
  }

  return {
    /** GET /api/staff/counter/takings: a local day's takings (today by default), or the days from–to. */
    async takings(shopId: string, query: { date?: string; from?: string; to?: string }): Promise<TakingsResponse> {
      const shop = await deps.shopOf(shopId)
      const first = query.from ?? query.date ?? localDateOf(now(), shop.timeZone)
      const last = query.to ?? first
      if (daysFrom(first, last) > TAKINGS_MAX_DAYS) throw new HttpError(422, TAKINGS_MESSAGES.tooLong)
      const [rows, unpaidSessions, cashUps] = await Promise.all([
        repo.takings(shopId, dayStart(first, shop.timeZone), dayStart(addDays(last, 1), shop.timeZone)),
        repo.unpaidSessions(shopId, first, last),
        repo.cashUps(shopId, first, last),
      ])
      const methods = linesOf(rows)
      return {
        date: first,
        from: first,
        to: last,
        methods,
        totalPence: methods.reduce((sum, m) => sum + m.netPence, 0),
        unpaidSessions,
        cashUps: await Promise.all(cashUps.map((row) => cashUpOf(row, shop.timeZone))),
      }
    },

    /**
     * POST /api/staff/counter/cash-up: closes a day at the desk, once. What the takings say should be there is worked
     * out under the till's lock, so a payment taken at the same moment is either in it or after it, never lost.
     */
    async cashUp(actor: StaffActor, request: CashUpRequest): Promise<CashUpResponse> {
      const shop = await deps.shopOf(actor.shopId)
      const today = localDateOf(now(), shop.timeZone)
      const day = request.date ?? today
      if (day > today) throw new HttpError(422, TAKINGS_MESSAGES.future)
      const row = await db.transaction(async (tx) => {
        await lockTill(tx, actor.shopId)
        const at = new Date(now())
        const existing = await repo.cashUp(actor.shopId, day, tx)
        if (existing) throw closedAlready(existing, shop.timeZone)
        // Every payment of the day committed before this one took the till: a payment waiting for the till comes after.
        const lines = linesOf(await repo.takings(actor.shopId, dayStart(day, shop.timeZone), dayStart(addDays(day, 1), shop.timeZone), tx))
        const made = await repo.insertCashUp(
          {
            shopId: actor.shopId,
            localDate: day,
            floatPence: request.floatPence,
            countedCashPence: request.countedCashPence,
            countedCardPence: request.countedCardPence,
            expectedCashPence: request.floatPence + net(lines, 'cash'),
            expectedCardPence: net(lines, 'card_terminal'),
            note: request.note?.trim() || null,
            closedAt: at,
            closedBy: actor.sub,
            closedByName: actor.name,
          },
          tx,
        )
        if (!made) throw closedAlready((await repo.cashUp(actor.shopId, day, tx))!, shop.timeZone)
        await createAuditLog(tx).record(actor, {
          action: 'counter.cash-up',
          subjectType: 'cash-up',
          subjectId: day,
          after: {
            floatPence: made.floatPence,
            countedCashPence: made.countedCashPence,
            expectedCashPence: made.expectedCashPence,
            countedCardPence: made.countedCardPence,
            expectedCardPence: made.expectedCardPence,
          },
          reason: made.note,
        })
        return made
      })
      const cashUp = await cashUpOf(row, shop.timeZone)
      return {
        message: `${describeDate(day)} is cashed up. Cash: ${tillDifference(cashUp.cash.differencePence)}. Card terminal: ${tillDifference(cashUp.card.differencePence)}.`,
        cashUp,
      }
    },
  }
}
export type Takings = ReturnType<typeof createTakings>

/** A day cashed up already: the first cash-up stands. */
function closedAlready(row: CashUpRow, timeZone: string) {
  return new HttpError(409, `${describeDate(row.localDate)} was cashed up at ${localTimeOf(row.closedAt.getTime(), timeZone)} by ${row.closedByName}.`)
}
