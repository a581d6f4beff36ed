import type { StaffJoinWaitlistRequest, StaffWaitlistResponse } from '@salon/contracts/waitlist'
import { HttpError } from '../../lib/errors.ts'
import { describeDate, localTimeOf } from '../../lib/local-time.ts'
import type { StaffActor } from '../shop/public.ts'
import type { CustomerLock } from './customer-lock.service.ts'
import type { WaitlistRepository } from './waitlist.repository.ts'
import { toEntry, WAITLIST_MESSAGES, type Waitlist } from './waitlist.service.ts'

/**
 * The waitlist at the desk (docs/product.md "Waitlist"): who waits on a day and any time held for them; putting a
 * customer on it and taking an entry off, through the same join and leave as the customer's own.
 */
export function createWaitlistDesk(deps: { waitlist: Waitlist; repo: WaitlistRepository; lock: CustomerLock; now: () => number }) {
  const { waitlist, repo, lock, now } = deps
  return {
    /** GET /api/staff/waitlist */
    async day(actor: StaffActor, date: string): Promise<StaffWaitlistResponse> {
      const setup = await lock.setupOf(actor.shopId, date)
      const [rows, held] = await Promise.all([repo.liveEntriesOn(actor.shopId, date), repo.heldOn(actor.shopId, date, new Date(now()))])
      const tz = setup.timeZone
      return {
        entries: rows.map(({ entry, firstName, lastName }) => {
          const hold = held.find((h) => h.entryId === entry.id)
          return {
            ...toEntry(entry, tz),
            sub: entry.sub,
            customerName: [firstName, lastName].filter(Boolean).join(' ') || 'A customer',
            held: hold ? { bedName: hold.bedName, time: localTimeOf(hold.startsAt.getTime(), tz), until: localTimeOf(hold.holdUntil!.getTime(), tz) } : null,
          }
        }),
      }
    },

    /** POST /api/staff/waitlist */
    add: (actor: StaffActor, request: StaffJoinWaitlistRequest) => {
      const { sub, ...join } = request
      return waitlist.join(actor.shopId, sub, join, 'staff', actor)
    },

    /** DELETE /api/staff/waitlist/{id} */
    async remove(actor: StaffActor, id: string) {
      const sub = await repo.subOf(actor.shopId, id)
      if (!sub) throw new HttpError(404, WAITLIST_MESSAGES.notFound)
      const rows = await repo.liveEntriesOf(actor.shopId, sub)
      const entry = rows.find((r) => r.id === id)
      if (!entry) throw new HttpError(404, WAITLIST_MESSAGES.notFound)
      await waitlist.leave(actor.shopId, sub, id, actor)
      return { message: WAITLIST_MESSAGES.staffLeft(describeDate(entry.localDate)) }
    },
  }
}
export type WaitlistDesk = ReturnType<typeof createWaitlistDesk>
