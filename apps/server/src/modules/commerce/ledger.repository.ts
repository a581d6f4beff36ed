import { and, asc, desc, eq, gt, schema, sql, type Db } from '@salon/db'
import type { LedgerKind, LotSource } from '@salon/contracts/commerce'
import type { Draw, SpendableLot } from './lots.ts'

const { balanceLedger, minuteLots, bookings, beds } = schema

export type { LedgerKind }

export interface LotRow extends SpendableLot {
  source: LotSource
  label: string
  minutes: number
}

export interface NewLot {
  id: string
  shopId: string
  sub: string
  source: LotSource
  label: string
  minutes: number
  bedTypes: string[]
  expiresAt: Date
  paymentId?: string | null
  /** The member of staff who gave it (a counter sale, a correction), and why when it is a correction. */
  recordedBy?: string | null
  reason?: string | null
  at: Date
}

const lotColumns = {
  id: minuteLots.id,
  source: minuteLots.source,
  label: minuteLots.label,
  minutes: minuteLots.minutes,
  remaining: minuteLots.remaining,
  bedTypes: minuteLots.bedTypes,
  expiresAt: minuteLots.expiresAt,
  createdAt: minuteLots.createdAt,
}

/** Minutes brought over from the salon's previous system (an import) enter the ledger as the salon's adjustment, with who and why. */
const LEDGER_KIND_OF_SOURCE: Record<LotSource, LedgerKind> = { purchase: 'purchase', referral: 'referral', adjustment: 'adjustment', import: 'adjustment' }

/**
 * The minute balance: lots of minutes and the append-only ledger whose sum is the balance (docs/decisions/005, 014).
 * The database keeps each lot's remaining minutes from its ledger rows and refuses any that would go below zero.
 * Every function takes the database or a transaction, so a booking and its ledger rows commit together.
 */
export function createLedgerRepository(db: Db) {
  /** New lots and the ledger rows that fill them, in two inserts however many (an import writes hundreds at once). */
  async function addLots(lots: NewLot[], executor: Db = db): Promise<void> {
    if (lots.length === 0) return
    await executor.insert(minuteLots).values(
      lots.map((lot) => ({
        id: lot.id,
        shopId: lot.shopId,
        sub: lot.sub,
        source: lot.source,
        label: lot.label,
        minutes: lot.minutes,
        bedTypes: lot.bedTypes,
        expiresAt: lot.expiresAt,
        paymentId: lot.paymentId ?? null,
        createdAt: lot.at,
      })),
    )
    await executor.insert(balanceLedger).values(
      lots.map((lot) => ({
        shopId: lot.shopId,
        sub: lot.sub,
        minutes: lot.minutes,
        kind: LEDGER_KIND_OF_SOURCE[lot.source],
        lotId: lot.id,
        recordedBy: lot.recordedBy ?? null,
        reason: lot.reason ?? null,
        createdAt: lot.at,
      })),
    )
  }

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
        .select({
          minutes: balanceLedger.minutes,
          kind: balanceLedger.kind,
          bookingId: balanceLedger.bookingId,
          lotId: balanceLedger.lotId,
          createdAt: balanceLedger.createdAt,
        })
        .from(balanceLedger)
        .where(and(eq(balanceLedger.shopId, shopId), eq(balanceLedger.sub, sub)))
        .orderBy(asc(balanceLedger.id))
    },

    /** The customer's lots that still hold minutes (expired or not: expiry is decided by the caller's clock). */
    async lotsWithMinutes(shopId: string, sub: string, executor: Db = db): Promise<LotRow[]> {
      const rows = await executor
        .select(lotColumns)
        .from(minuteLots)
        .where(and(eq(minuteLots.shopId, shopId), eq(minuteLots.sub, sub), gt(minuteLots.remaining, 0)))
        .orderBy(asc(minuteLots.expiresAt), asc(minuteLots.createdAt))
      return rows as LotRow[]
    },

    async lot(id: string, executor: Db = db): Promise<LotRow | undefined> {
      const [row] = await executor.select(lotColumns).from(minuteLots).where(eq(minuteLots.id, id))
      return row as LotRow | undefined
    },

    /** A new lot and the ledger row that fills it. */
    async addLot(lot: NewLot, executor: Db = db): Promise<void> {
      await addLots([lot], executor)
    },

    addLots,

    /** A session paid from the balance: one row per lot it draws on. */
    async spend(shopId: string, sub: string, bookingId: string, draws: Draw[], at: Date, executor: Db): Promise<void> {
      if (draws.length === 0) return
      await executor
        .insert(balanceLedger)
        .values(draws.map((d) => ({ shopId, sub, minutes: -d.minutes, kind: 'booking', bookingId, lotId: d.lotId, createdAt: at })))
    },

    /**
     * Minutes a member of staff takes off (a correction, or a refunded counter sale's unused minutes): one row per
     * lot, recorded with who and why. The lots' check refuses taking any below zero.
     */
    async takeOff(shopId: string, sub: string, draws: Draw[], staff: { recordedBy: string; reason: string }, at: Date, executor: Db): Promise<void> {
      if (draws.length === 0) return
      await executor.insert(balanceLedger).values(
        draws.map((d) => ({
          shopId,
          sub,
          minutes: -d.minutes,
          kind: 'adjustment',
          lotId: d.lotId,
          recordedBy: staff.recordedBy,
          reason: staff.reason,
          createdAt: at,
        })),
      )
    },

    /**
     * A cancelled session's minutes go back into the lots they came from; a lot that has expired meanwhile keeps
     * its minutes expired. Answers the minutes given back and those that stay expired.
     */
    async refund(shopId: string, sub: string, bookingId: string, at: Date, executor: Db): Promise<{ refunded: number; expired: number }> {
      const spent = await executor
        .select({ lotId: balanceLedger.lotId, minutes: balanceLedger.minutes, expiresAt: minuteLots.expiresAt })
        .from(balanceLedger)
        .leftJoin(minuteLots, eq(minuteLots.id, balanceLedger.lotId))
        .where(and(eq(balanceLedger.bookingId, bookingId), eq(balanceLedger.kind, 'booking')))
      const back = spent.filter((row) => row.lotId !== null && row.expiresAt!.getTime() > at.getTime())
      const refunded = back.reduce((sum, row) => sum - row.minutes, 0)
      const expired = spent.reduce((sum, row) => sum - row.minutes, 0) - refunded
      if (back.length) {
        await executor
          .insert(balanceLedger)
          .values(back.map((row) => ({ shopId, sub, minutes: -row.minutes, kind: 'refund', bookingId, lotId: row.lotId, createdAt: at })))
      }
      return { refunded, expired }
    },

    /**
     * Writes the expiry of every lot of the customer whose time has come, dated when it expired, so the balance
     * (the ledger's sum) never counts expired minutes. A lot expires once (a unique index), whoever writes it first.
     */
    async expireDue(shopId: string, sub: string, at: Date, executor: Db = db): Promise<number> {
      const result = (await executor.execute(sql`
        insert into balance_ledger (shop_id, sub, minutes, kind, lot_id, created_at)
        select l.shop_id, l.sub, -l.remaining, 'expiry', l.id, l.expires_at from minute_lots l
        where l.shop_id = ${shopId} and l.sub = ${sub} and l.remaining > 0 and l.expires_at <= ${at.toISOString()}::timestamptz
        on conflict (lot_id) where kind = 'expiry' do nothing`)) as unknown as { rowCount?: number; affectedRows?: number }
      return Number(result.rowCount ?? result.affectedRows ?? 0)
    },

    /** Customers with minutes whose time has come and whose expiry is not written yet, for the scheduled sweep. */
    async customersWithDueLots(at: Date, limit = 500): Promise<{ shopId: string; sub: string }[]> {
      return db
        .selectDistinct({ shopId: minuteLots.shopId, sub: minuteLots.sub })
        .from(minuteLots)
        .where(and(gt(minuteLots.remaining, 0), sql`${minuteLots.expiresAt} <= ${at.toISOString()}::timestamptz`))
        .limit(limit)
    },

    /** The history, newest first, with what each row was about. */
    async history(shopId: string, sub: string, limit = 200) {
      return db
        .select({
          id: balanceLedger.id,
          at: balanceLedger.createdAt,
          kind: balanceLedger.kind,
          minutes: balanceLedger.minutes,
          bookingId: balanceLedger.bookingId,
          lotLabel: minuteLots.label,
          bookingStartsAt: bookings.startsAt,
          bedName: beds.name,
        })
        .from(balanceLedger)
        .leftJoin(minuteLots, eq(minuteLots.id, balanceLedger.lotId))
        .leftJoin(bookings, eq(bookings.id, balanceLedger.bookingId))
        .leftJoin(beds, eq(beds.id, bookings.bedId))
        .where(and(eq(balanceLedger.shopId, shopId), eq(balanceLedger.sub, sub)))
        .orderBy(desc(balanceLedger.createdAt), desc(balanceLedger.id))
        .limit(limit)
    },
  }
}
export type LedgerRepository = ReturnType<typeof createLedgerRepository>
