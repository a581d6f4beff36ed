import { randomUUID } from 'node:crypto'
import { addDays } from '@salon/contracts/dates'
import type { ImportReport, ImportRequest } from '@salon/contracts/staff-import'
import type { Db } from '@salon/db'
import { retryingLostRaces } from '../../../lib/database-errors.ts'
import { HttpError } from '../../../lib/errors.ts'
import { describeDate, startOfLocalDay } from '../../../lib/local-time.ts'
import type { DeskBookingIn } from '../../booking/public.ts'
import type { LedgerRepository } from '../../commerce/public.ts'
import { createCustomersRepository, type CustomerRow } from '../../identity/public.ts'
import { createAuditLog, type StaffActor } from '../../shop/public.ts'
import { createImportRepository } from './import.repository.ts'
import { differs, planImport, refusal, samePerson, type Candidate, type ImportPlan } from './plan.ts'
import { add, countsOf, reportOf, tally, type Tally } from './report.ts'
import type { ImportRow } from './rows.ts'

/** Rows without a session are written this many to a transaction, in multi-row inserts. */
const PLAIN_BATCH = 1000
/** Rows with a session are booked one by one, each in a savepoint, this many to a transaction. */
const BOOKING_BATCH = 100
/** The label of an imported lot, as the customer's balance and the staff's record show it. */
export const IMPORTED_LOT_LABEL = 'Balance carried over'
/** Why, on the ledger row of every imported lot. */
export const IMPORT_REASON = 'Brought over from the salon’s previous system'

/** A row refused while it is written (its number taken meanwhile by someone else): the row's savepoint is undone. */
class RowRefused extends Error {}

/** Ends a dry run's transaction once its rows have been tried, keeping what the tries found. */
class DryRunDone<T> extends Error {
  constructor(readonly result: T) {
    super('dry run')
  }
}

/**
 * The customer import (docs/product.md §10.5), one service for the staff API and the import command: the file read
 * and judged, a dry run that writes nothing, and the import, which writes the rows in batches, each a transaction.
 * Every customer is signed up at the salon as the desk signs one up (identity's addInSalonMany, the desk's own rule),
 * so signing up online with the number links the accounts; minutes are lots of their own source with their expiry;
 * a session is booked by the desk's walk-in under every rule. A customer record is written to by one import only:
 * the same file again, or twice at once, imports it once.
 */
export function createCustomerImport(deps: { db: Db; ledger: LedgerRepository; deskBookingIn: DeskBookingIn; now?: () => number }) {
  const now = deps.now ?? Date.now
  const repo = createImportRepository(deps.db)
  const plan = (shopId: string, request: ImportRequest) => planImport(repo, shopId, request, now())
  type Plan = ImportPlan

  /** The start of a local date in the salon's time zone (its 01:00 on a day whose clocks change at midnight). */
  const startOf = (date: string, timeZone: string) => startOfLocalDay(date, timeZone)!

  function profileOf(row: ImportRow, p: Plan) {
    const at = new Date(p.at)
    return {
      firstName: row.firstName,
      lastName: row.lastName,
      phone: row.phone,
      email: row.email,
      dob: row.dob,
      skinType: row.skinType,
      appMarketing: row.marketing,
      appTimestamp: row.consentStated ? (row.marketingOn ? new Date(startOf(row.marketingOn, p.timeZone)) : at) : null,
      note: row.note,
      createdAt: at,
      updatedAt: at,
    }
  }

  function lotOf(row: ImportRow, sub: string, shopId: string, actor: StaffActor, p: Plan) {
    if (row.minutes === 0) return null
    return {
      id: randomUUID(),
      shopId,
      sub,
      source: 'import' as const,
      label: IMPORTED_LOT_LABEL,
      minutes: row.minutes,
      bedTypes: row.bedTypes,
      // The first instant the minutes can no longer be used: the start of the day after their last day.
      expiresAt: new Date(startOf(addDays(row.lastDay!, 1), p.timeZone)),
      recordedBy: actor.sub,
      reason: IMPORT_REASON,
      at: new Date(p.at),
    }
  }

  /**
   * Rows without a session, in one transaction: the customers signed up at the salon in one insert (the numbers
   * locked as the desk locks them), each record claimed for this import, the minutes in one insert of lots.
   */
  async function writePlain(tx: Db, shopId: string, importId: string, actor: StaffActor, candidates: Candidate[], p: Plan): Promise<Tally> {
    const done = tally()
    const outcomes = await createCustomersRepository(tx).addInSalonMany(
      shopId,
      candidates.map((c) => profileOf(c.row, p)),
    )
    const writable: { row: ImportRow; sub: string; created: boolean }[] = []
    for (const [i, { row }] of candidates.entries()) {
      const { created, customer } = outcomes[i]!
      if (created || samePerson(row, customer)) writable.push({ row, sub: customer.sub, created })
      else done.rejected.push(refusal(row, differs(row, customer)))
    }
    const claimed = await repo.claim(
      tx,
      shopId,
      importId,
      writable.map((w) => w.sub),
      new Date(p.at),
    )
    const lots = []
    for (const w of writable) {
      if (!claimed.has(w.sub)) {
        done.alreadyImported++
        continue
      }
      if (w.created) done.customers++
      else done.matched++
      const lot = lotOf(w.row, w.sub, shopId, actor, p)
      if (lot) lots.push(lot)
    }
    await deps.ledger.addLots(lots, tx)
    done.lots += lots.length
    done.minutes += lots.reduce((sum, lot) => sum + lot.minutes, 0)
    return done
  }

  /**
   * A row with a session, in a savepoint of the batch's transaction: the customer, their minutes and the session
   * booked by the desk's walk-in, under the desk's every rule. A refusal undoes the row and says why.
   */
  async function writeBooked(tx: Db, shopId: string, importId: string, actor: StaffActor, candidate: Candidate, p: Plan): Promise<Tally> {
    const done = tally()
    const { row } = candidate
    const booking = row.booking!
    try {
      await tx.transaction(async (sp) => {
        const [{ created, customer }] = (await createCustomersRepository(sp).addInSalonMany(shopId, [profileOf(row, p)])) as [
          { created: boolean; customer: CustomerRow },
        ]
        if (!created && !samePerson(row, customer)) throw new RowRefused(differs(row, customer))
        const claimed = await repo.claim(sp, shopId, importId, [customer.sub], new Date(p.at))
        if (!claimed.has(customer.sub)) {
          done.alreadyImported++
          return
        }
        const lot = lotOf(row, customer.sub, shopId, actor, p)
        if (lot) await deps.ledger.addLots([lot], sp)
        const walkIn = deps.deskBookingIn(sp)
        for (const [i, bed] of booking.beds.entries()) {
          // Paid from the row's minutes when they are for this sunbed and cover the session, as the desk would; else in the salon.
          const paidWith = lot && lot.bedTypes.includes(bed.type) && lot.minutes >= booking.minutes ? 'balance' : 'in_salon'
          try {
            await walkIn(actor, { customer: { sub: customer.sub }, bedId: bed.id, date: booking.date, time: booking.time, minutes: booking.minutes, paidWith })
            break
          } catch (error) {
            // A sunbed of the type that is taken then: the next one of that type is tried.
            const taken = error instanceof HttpError && error.status === 409 && error.extra.rule === undefined
            if (!taken || i === booking.beds.length - 1) throw error
          }
        }
        if (created) done.customers++
        else done.matched++
        done.bookings++
        if (lot) {
          done.lots++
          done.minutes += lot.minutes
        }
      })
    } catch (error) {
      if (error instanceof RowRefused) return { ...tally(), rejected: [refusal(row, error.message)] }
      if (!(error instanceof HttpError)) throw error
      const reason = `The next session (${describeDate(booking.date)} at ${booking.time}, ${booking.label}, ${booking.minutes} minutes) is refused: ${error.message}${error.message.endsWith('.') ? '' : '.'} To import the customer without it, clear the session’s cells in this row${error.extra.rule === 'health-questions' ? ' and book them at the desk once they have answered the health questions' : ''}.`
      return { ...tally(), rejected: [refusal(row, reason)] }
    }
    return done
  }

  /** The batches of an import: rows without a session in large batches, then those with one in small. */
  function batchesOf(candidates: Candidate[], dryRun: boolean) {
    const plain = candidates.filter((c) => c.row.booking === null)
    const booked = candidates.filter((c) => c.row.booking !== null)
    const chunks = <T>(items: T[], size: number) => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size))
    return [
      // A dry run writes no row without a session: the plan has judged them already.
      ...(dryRun ? [] : chunks(plain, PLAIN_BATCH).map((rows) => ({ kind: 'plain' as const, rows }))),
      ...chunks(booked, BOOKING_BATCH).map((rows) => ({ kind: 'booked' as const, rows })),
    ]
  }

  /** What a dry run says of the rows without a session: what the plan found. */
  function plannedTally(candidates: Candidate[]): Tally {
    const t = tally()
    for (const { row, outcome } of candidates) {
      if (row.booking !== null) continue
      if (outcome === 'new') t.customers++
      else t.matched++
      if (row.minutes > 0) {
        t.lots++
        t.minutes += row.minutes
      }
    }
    return t
  }

  async function run(actor: StaffActor, request: ImportRequest, dryRun: boolean): Promise<ImportReport> {
    const shopId = actor.shopId
    const p = await plan(shopId, request)
    const importId = randomUUID()
    const total = dryRun ? plannedTally(p.candidates) : tally()
    const batches = batchesOf(p.candidates, dryRun)
    for (const [index, batch] of batches.entries()) {
      const last = index === batches.length - 1
      const work = async (tx: Db) => {
        const done = tally()
        if (batch.kind === 'plain') add(done, await writePlain(tx, shopId, importId, actor, batch.rows, p))
        else for (const candidate of batch.rows) add(done, await writeBooked(tx, shopId, importId, actor, candidate, p))
        if (dryRun) throw new DryRunDone(done)
        // One line in the audit log for the whole import, in the transaction of its last batch, with its counts; no one's details.
        const sum = tally()
        add(sum, total)
        add(sum, done)
        if (last && sum.customers + sum.matched > 0) {
          await createAuditLog(tx).record(actor, {
            action: 'customers.imported',
            subjectType: 'customer-import',
            subjectId: importId,
            after: { rows: p.total, ...countsOf(sum, p), rejected: p.rejected.length + sum.rejected.length },
          })
        }
        return done
      }
      // A batch that deadlocks with another writer (two imports of one file at once) is tried again.
      const done = await retryingLostRaces(() =>
        deps.db.transaction(work).catch((error: unknown) => {
          if (error instanceof DryRunDone) return error.result as Tally
          throw error
        }),
      )
      add(total, done)
    }
    return reportOf(p, total, dryRun, importId)
  }

  return {
    /** POST /api/staff/customers/import/preview: the dry run. */
    preview: (actor: StaffActor, request: ImportRequest) => run(actor, request, true),
    /** POST /api/staff/customers/import, and the import command. */
    import: (actor: StaffActor, request: ImportRequest) => run(actor, request, false),
  }
}
export type CustomerImport = ReturnType<typeof createCustomerImport>
