import type { BalanceResponse } from '@salon/contracts/commerce'
import { EXPIRING_SOON_DAYS } from '@salon/contracts/rules/money'
import type { Db } from '@salon/db'
import { describeDate, localDateOf, localTimeOf, toIsoWithOffset } from '../../lib/local-time.ts'
import type { CustomersRepository, Identity } from '../identity/public.ts'
import type { CommerceRepository } from './commerce.repository.ts'
import type { LedgerRepository } from './ledger.repository.ts'
import { toLot } from './lots.ts'
import { shopOrRefuse } from './payments.service.ts'

export interface BalanceServiceDeps {
  db: Db
  commerce: CommerceRepository
  ledger: LedgerRepository
  customers: CustomersRepository
  now: () => number
}

const DAY = 86_400_000

/** The balance of minutes: its lots, what expires soon, the history, and the expiry of lots whose time has come. */
export function createBalanceService(deps: BalanceServiceDeps) {
  const { commerce: repo, ledger, now } = deps
  const shopOf = (shopId: string) => shopOrRefuse(repo, shopId)

  return {
    /** GET p_account/balance: lots with minutes left, what expires soon, and the history. */
    async balance(shopId: string, identity: Identity): Promise<BalanceResponse> {
      await deps.customers.ensure(shopId, identity.sub, identity.profile)
      const shop = await shopOf(shopId)
      const at = now()
      // Expiry is written under the customer's lock, so it never races a booking spending the same lot.
      await deps.db.transaction(async (tx) => {
        await repo.lockCustomer(shopId, identity.sub, tx)
        await ledger.expireDue(shopId, identity.sub, new Date(at), tx)
      })
      const [lots, total, history] = await Promise.all([
        ledger.lotsWithMinutes(shopId, identity.sub),
        ledger.balance(shopId, identity.sub),
        ledger.history(shopId, identity.sub),
      ])
      const live = lots.filter((l) => l.expiresAt.getTime() > at)
      const describe = (row: (typeof history)[number]) => {
        const session = row.bookingStartsAt
          ? `${describeDate(localDateOf(row.bookingStartsAt.getTime(), shop.timeZone))} at ${localTimeOf(row.bookingStartsAt.getTime(), shop.timeZone)}${row.bedName ? ` on ${row.bedName}` : ''}`
          : ''
        switch (row.kind) {
          case 'purchase':
            return `Bought ${row.lotLabel ?? 'minutes'}`
          case 'booking':
            return `Session ${session}`
          case 'refund':
            return `Cancelled session ${session}`
          case 'expiry':
            return `${row.lotLabel ?? 'Minutes'} expired`
          case 'referral':
            return row.lotLabel ?? 'Referral reward'
          default:
            return row.lotLabel ?? 'Adjustment by the salon'
        }
      }
      return {
        balance: total,
        lots: live.map((l) => toLot(l, shop.timeZone)),
        expiringSoon: live.filter((l) => l.expiresAt.getTime() <= at + EXPIRING_SOON_DAYS * DAY).reduce((sum, l) => sum + l.remaining, 0),
        history: history.map((row) => ({
          id: row.id,
          at: toIsoWithOffset(row.at.getTime(), shop.timeZone),
          kind: row.kind as BalanceResponse['history'][number]['kind'],
          minutes: row.minutes,
          description: describe(row),
          bookingId: row.bookingId,
        })),
      }
    },

    /** Writes the expiry of every lot whose time has come, customer by customer under their lock (the scheduled sweep). */
    async expireDue(): Promise<number> {
      const at = new Date(now())
      let written = 0
      for (const { shopId, sub } of await ledger.customersWithDueLots(at)) {
        written += await deps.db.transaction(async (tx) => {
          await repo.lockCustomer(shopId, sub, tx)
          return ledger.expireDue(shopId, sub, at, tx)
        })
      }
      return written
    },
  }
}
export type BalanceService = ReturnType<typeof createBalanceService>
