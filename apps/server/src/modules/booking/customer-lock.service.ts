import { HttpError } from '../../lib/errors.ts'
import type { SessionCredit } from '../commerce/public.ts'
import type { CustomersRepository, Identity } from '../identity/public.ts'
import { createAvailabilityCache, type AvailabilityCache } from './availability-cache.ts'
import { CustomerMissing, type BookingRepository, type BookingTransaction, type LockedCustomer } from './booking.repository.ts'

/**
 * What a cancellation did: minutes back on the balance, minutes whose lot has expired since, whether a card payment
 * goes back, and gift voucher credit given back (creditExpired of it to credit whose last day has passed since).
 */
export interface CancelOutcome {
  refunded: number
  expired: number
  card: boolean
  creditBack: number
  creditExpired: number
}

/** The booking as it stood, locked, when a cancellation looked at it. */
export type LockedBooking = NonNullable<Awaited<ReturnType<BookingTransaction['bookingForUpdate']>>>

export interface CustomerLockDeps {
  bookings: BookingRepository
  customers: CustomersRepository
  /** A session paid with credit gives it back when cancelled. */
  credit: SessionCredit
  now: () => number
  /** Where availability answers are kept; without one, nothing is kept. */
  availability?: AvailabilityCache
}

/**
 * What every change to a customer's sessions shares, the customer's own and the salon's on their behalf: the shop's
 * setup, the customer's lock, and the one way a session is cancelled (docs/product.md §4.5, §10.2).
 */
export function createCustomerLock(deps: CustomerLockDeps) {
  const { bookings: repo, now } = deps
  // A cache that never follows the database keeps nothing.
  const availability = deps.availability ?? createAvailabilityCache({ now })

  /**
   * The shop's setup, with its closures from `from` to `to` (local dates; by default none that matter); `shared`
   * false for an answer that is kept, which must not take a query begun before it was asked for.
   */
  async function setupOf(shopId: string, from?: string, to?: string, shared = true) {
    const today = new Date(now()).toISOString().slice(0, 10)
    const setup = await repo.setup(shopId, from ?? today, to ?? from ?? today, shared)
    if (!setup) throw new HttpError(404, 'This shop is not known here.')
    return setup
  }

  /**
   * A transaction holding the customer's lock; their row at this shop is made first if they have none yet.
   * However it ends, the shop's kept availability answers go, at once and in this process: a booking made,
   * cancelled or changed, or a lapsed hold released, must show in the very next answer (a refusal too, as it may
   * mean another process booked a bed whose notification has not arrived yet).
   */
  async function asCustomer<T>(shopId: string, identity: Identity, work: (tx: BookingTransaction, customer: LockedCustomer) => Promise<T>) {
    try {
      try {
        return await repo.forCustomer(shopId, identity.sub, new Date(now()), work)
      } catch (error) {
        if (!(error instanceof CustomerMissing)) throw error
        await deps.customers.ensure(shopId, identity.sub, identity.profile)
        return await repo.forCustomer(shopId, identity.sub, new Date(now()), work)
      }
    } finally {
      availability.invalidate(shopId)
    }
  }

  /**
   * A transaction holding the lock of a customer the salon names (by sub, or made in the transaction at the desk);
   * the shop's kept availability answers go however it ends, as with asCustomer.
   */
  async function underCustomerLock<T>(
    shopId: string,
    customer: string | Parameters<BookingRepository['forCustomer']>[1],
    work: (tx: BookingTransaction, customer: LockedCustomer, sub: string) => Promise<T>,
  ) {
    try {
      return await repo.forCustomer(shopId, customer, new Date(now()), work)
    } finally {
      availability.invalidate(shopId)
    }
  }

  /**
   * Cancels one of a customer's sessions under their lock: the customer's own cancel and the salon's cancel on
   * their behalf both come here, so minutes go back to their lots and a card payment is refunded the same way.
   * `refuse` throws when this caller may not cancel the booking as it stands; `alongside` writes in the same
   * transaction (the staff audit log). A card-paid session's refund is recorded as owed by the cancelling transaction
   * itself, and asked of the provider by a job until it confirms (migration 0017, docs/product.md §4.14).
   */
  async function cancelBooking(
    shopId: string,
    sub: string,
    id: string,
    options: {
      refuse: (booking: LockedBooking) => void
      notFound: () => HttpError
      /** The member of staff cancelling on the customer's behalf; the customer's message then says the salon cancelled it. */
      by?: string
      alongside?: (tx: BookingTransaction, booking: LockedBooking, outcome: CancelOutcome) => Promise<void>
    },
  ): Promise<CancelOutcome> {
    const outcome = await underCustomerLock(shopId, sub, async (tx) => {
      const booking = await tx.bookingForUpdate(id)
      if (!booking) throw options.notFound()
      options.refuse(booking)
      await tx.setStatus(id, 'cancelled', options.by)
      const none: CancelOutcome = { refunded: 0, expired: 0, card: false, creditBack: 0, creditExpired: 0 }
      const credit = booking.paidWith === 'credit' ? await deps.credit.giveBack(tx.db, id, new Date(now())) : null
      const done: CancelOutcome =
        booking.paidWith === 'card'
          ? { ...none, card: booking.status === 'booked' }
          : booking.paidWith === 'balance'
            ? { ...none, ...(await tx.refund(id)) }
            : credit
              ? { ...none, creditBack: credit.backPence, creditExpired: credit.expiredPence }
              : none
      await options.alongside?.(tx, booking, done)
      return done
    }).catch((error: unknown) => {
      // No record at the shop: no bookings either.
      throw error instanceof CustomerMissing ? options.notFound() : error
    })
    return outcome
  }

  return { availability, setupOf, asCustomer, underCustomerLock, cancelBooking, credit: deps.credit }
}
export type CustomerLock = ReturnType<typeof createCustomerLock>
