import { SendRefused } from '../../adapters/send-refused.ts'
import { JobDeferred } from '../../lib/job-queue.ts'
import type { MessagesRepository } from './messages.repository.ts'

/** How often a provider is asked about one message at most: then it is given up as unconfirmed, never sent blind. */
export const MAX_LOOKUPS = 6
/** A provider may list a message a little after it took it: a send this recent (a job's lock) is not looked for yet. */
const LOOK_AFTER_MS = 2 * 60_000
/** The wait after a lookup that failed, times the lookups so far. */
const LOOK_AGAIN_MS = 10 * 60_000

/** Kept with a message whose fate cannot be known, for the salon to see. */
export const NOT_CONFIRMED = 'Not confirmed: it may or may not have reached the customer, so it was not sent again.'

/** A message's channel for one send: the provider's send, and its lookup where it has one (texts; email has none). */
export interface Channel {
  send(): Promise<{ ref: string } | void>
  /** The provider's refs of messages like this one since `since`; throws when the provider cannot tell. */
  lookup?: (since: Date) => Promise<{ ref: string }[]>
}

export type SendResult = 'sent' | 'failed' | 'unconfirmed' | 'settled'

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * Sends a message at most once unless it is known to have failed (docs/decisions/034-messages-never-sent-blind.md).
 * The send's start is committed before the provider is asked; a send that certainly failed is tried again by the
 * job's retry; one whose fate is unknown is looked for at the provider on the retry (found: recorded sent; absent:
 * sent; the lookup failing: the job waits) and given up as unconfirmed after MAX_LOOKUPS, or at once without a lookup.
 */
export function createSendOnce(repo: MessagesRepository, now: () => number) {
  const clock = () => new Date(now())

  /** Answers `resend` with the new send's start when the provider has no such message. */
  async function look(key: string, attemptAt: Date, lookups: number, channel: Channel): Promise<SendResult | { resend: Date }> {
    const at = clock()
    if (!channel.lookup) {
      await repo.unconfirmed(key, attemptAt, NOT_CONFIRMED, at)
      return 'unconfirmed'
    }
    if (at.getTime() < attemptAt.getTime() + LOOK_AFTER_MS) throw new JobDeferred(new Date(attemptAt.getTime() + LOOK_AFTER_MS))
    let found: { ref: string }[]
    try {
      found = await channel.lookup(attemptAt)
    } catch (error) {
      if (!(await repo.lookedUp(key, attemptAt, at, false))) return 'settled'
      if (lookups + 1 < MAX_LOOKUPS) throw new JobDeferred(new Date(at.getTime() + LOOK_AGAIN_MS * (lookups + 1)))
      await repo.unconfirmed(key, attemptAt, `${NOT_CONFIRMED} (${reason(error)})`, at)
      return 'unconfirmed'
    }
    // The same words to the same number recorded as another message of ours (sent for another reason) are not this one.
    const others = new Set((await repo.byProviderRefs(found.map((f) => f.ref))).map((r) => r.providerRef))
    const mine = found.find((f) => !others.has(f.ref))
    if (mine) {
      await repo.sent(key, mine.ref, at)
      return 'sent'
    }
    return (await repo.lookedUp(key, attemptAt, at, true)) ? { resend: at } : 'settled'
  }

  return async function sendOnce(row: Parameters<MessagesRepository['claim']>[0], channel: Channel): Promise<SendResult> {
    let attemptAt = clock()
    const claim = await repo.claim(row, attemptAt)
    if (claim.go === 'settled') return 'settled'
    if (claim.go === 'look') {
      const looked = await look(row.key, claim.attemptAt, claim.lookups, channel)
      if (typeof looked === 'string') return looked
      attemptAt = looked.resend
    }
    let receipt: { ref: string } | void
    try {
      receipt = await channel.send()
    } catch (error) {
      if (error instanceof SendRefused) {
        await repo.sendFailed(row.key, attemptAt, reason(error), clock(), error.final)
        if (error.final) return 'failed'
        throw error
      }
      if (!channel.lookup) {
        await repo.unconfirmed(row.key, attemptAt, `${NOT_CONFIRMED} (${reason(error)})`, clock())
        return 'unconfirmed'
      }
      await repo.outcomeUnknown(row.key, attemptAt, reason(error), clock())
      throw error
    }
    await repo.sent(row.key, receipt?.ref ?? null, clock())
    return 'sent'
  }
}
