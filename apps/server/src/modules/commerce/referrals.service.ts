import { randomInt, randomUUID } from 'node:crypto'
import type { ReferralsResponse } from '@salon/contracts/commerce'
import { ageOn, MINIMUM_AGE } from '@salon/contracts/rules/date-of-birth'
import type { Db } from '@salon/db'
import { HttpError } from '../../lib/errors.ts'
import { localDateOf } from '../../lib/local-time.ts'
import type { Logger } from '../../lib/logger.ts'
import type { CustomersRepository, Identity } from '../identity/public.ts'
import type { CommerceRepository } from './commerce.repository.ts'
import type { LedgerRepository } from './ledger.repository.ts'
import { lotExpiry } from './lots.ts'
import { phoneFingerprint } from './referral-identity.ts'

export interface ReferralsServiceDeps {
  commerce: CommerceRepository
  ledger: LedgerRepository
  customers: CustomersRepository
  logger: Logger
}

/** Referral codes avoid letters and digits that read alike (0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
const newReferralCode = () => Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('')

/** Refer-and-earn: a customer's code and friends, and the reward of a friend's first purchase. */
export function createReferralsService(deps: ReferralsServiceDeps) {
  const { commerce: repo, ledger } = deps

  /**
   * A referred friend's first purchase rewards both, once per friend's phone number at the shop, ever: a friend who
   * deletes the account and signs up again with the same number earns nothing more (docs/decisions/021).
   */
  async function rewardReferral(
    shopId: string,
    friendSub: string,
    paymentId: string,
    friend: { phone: string | null; dob: string | null },
    at: Date,
    timeZone: string,
    tx: Db,
  ) {
    const settings = await repo.settings(shopId, tx)
    if (!settings || settings.referralRewardMinutes === 0) return
    // Nobody under 18 earns sunbed minutes: without a date of birth showing 18 or over, no reward.
    if (!friend.dob || ageOn(friend.dob, localDateOf(at.getTime(), timeZone)) < MINIMUM_AGE) return
    // The friend's row is locked (settle), so the referral read here is still unrewarded when it is marked below.
    if (!friend.phone || !(await repo.pendingReferrer(shopId, friendSub, tx))) return
    if (!(await repo.claimPhoneReward(shopId, await phoneFingerprint(friend.phone, settings.referralPhoneSalt), tx))) {
      deps.logger.info({ shopId, friendSub }, 'a referral not rewarded: this phone number has earned a referral reward here before')
      return
    }
    const referrer = await repo.rewardReferral(shopId, friendSub, paymentId, at, tx)
    if (!referrer) return
    const bedTypes = await repo.shopBedTypes(shopId, tx)
    const expiresAt = new Date(lotExpiry(at.getTime(), settings.referralRewardValidityDays, timeZone).expiresAt)
    for (const [sub, label] of [
      [friendSub, 'Referral reward: welcome'],
      [referrer, 'Referral reward: a friend joined'],
    ] as const) {
      await ledger.addLot({ id: randomUUID(), shopId, sub, source: 'referral', label, minutes: settings.referralRewardMinutes, bedTypes, expiresAt, at }, tx)
    }
  }

  return {
    rewardReferral,

    /** GET p_account/referrals: the customer's code (made the first time), friends who joined and minutes earned. */
    async referrals(shopId: string, identity: Identity): Promise<ReferralsResponse> {
      await deps.customers.ensure(shopId, identity.sub, identity.profile)
      let code = await repo.referralCode(shopId, identity.sub)
      for (let attempt = 0; !code && attempt < 5; attempt++) {
        await repo.addReferralCode(shopId, identity.sub, newReferralCode())
        code = await repo.referralCode(shopId, identity.sub)
      }
      if (!code) throw new HttpError(503, 'Your referral code could not be made just now. Please try again in a moment.')
      const [settings, friends, minutesEarned] = await Promise.all([
        repo.settings(shopId),
        repo.friendsOf(shopId, identity.sub),
        repo.minutesEarned(shopId, identity.sub),
      ])
      return {
        code,
        rewardMinutes: settings?.referralRewardMinutes ?? 0,
        rewardValidityDays: settings?.referralRewardValidityDays ?? 0,
        friends: friends.map((f) => ({
          name: [f.firstName ?? 'A friend', f.lastName ? `${f.lastName.charAt(0)}.` : ''].filter(Boolean).join(' '),
          joinedAt: f.joinedAt.toISOString(),
          rewarded: f.rewardedAt !== null,
        })),
        minutesEarned,
      }
    },
  }
}
export type ReferralsService = ReturnType<typeof createReferralsService>
