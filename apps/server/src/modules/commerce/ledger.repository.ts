import { and, asc, eq, schema, sql, type Db } from '@salon/db'

const { balanceLedger } = schema

export type LedgerKind = 'purchase' | 'booking' | 'refund' | 'referral' | 'expiry' | 'adjustment'

export interface LedgerEntry {
  shopId: string
  sub: string
  /** Positive adds minutes, negative spends them. */
  minutes: number
  kind: LedgerKind
  bookingId?: string | null
}

/**
 * The minute balance: an append-only ledger whose sum is the balance (docs/decisions/005).
 * Every function takes the database or a transaction, so a booking and its ledger row commit together.
 */
export function createLedgerRepository(db: Db) {
  return {
    async balance(shopId: string, sub: string, executor: Db = db): Promise<number> {
      const [row] = await executor
        .select({ minutes: sql<string | number>`coalesce(sum(${balanceLedger.minutes}), 0)` })
        .from(balanceLedger)
        .where(and(eq(balanceLedger.shopId, shopId), eq(balanceLedger.sub, sub)))
      return Number(row?.minutes ?? 0)
    },

    /** Every movement of the customer's minutes, oldest first (for the data export). */
    async entries(shopId: string, sub: string) {
      return db
        .select({ minutes: balanceLedger.minutes, kind: balanceLedger.kind, bookingId: balanceLedger.bookingId, createdAt: balanceLedger.createdAt })
        .from(balanceLedger)
        .where(and(eq(balanceLedger.shopId, shopId), eq(balanceLedger.sub, sub)))
        .orderBy(asc(balanceLedger.id))
    },

    async append(entry: LedgerEntry, executor: Db = db): Promise<void> {
      await executor.insert(balanceLedger).values({
        shopId: entry.shopId,
        sub: entry.sub,
        minutes: entry.minutes,
        kind: entry.kind,
        bookingId: entry.bookingId ?? null,
      })
    },
  }
}
export type LedgerRepository = ReturnType<typeof createLedgerRepository>
