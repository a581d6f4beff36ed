import type { AccountUpdateRequest, AccountUpdateResponse } from '@salon/contracts/account'
import type { BalanceResponse, ReferralsResponse } from '@salon/contracts/commerce'
import type { CreditResponse, RedeemVoucherResponse } from '@salon/contracts/vouchers'
import { browserApi } from '../../lib/browser-api.ts'

/** docs/product.md §7 account calls, through the browser's one API client (all carry the identity token). */
export const accountCalls = {
  /** Marketing consent (PUT p_account): the answer carries the record with the consents' new times. */
  saveMarketing: (request: AccountUpdateRequest) => browserApi.put<AccountUpdateResponse>('p_account', request),
  /** Everything the salon holds about the customer (UK GDPR right of access). */
  downloadData: () => browserApi.get<unknown>('p_account/data'),
  /** The minutes on the account, lot by lot, and every change to them. */
  balance: () => browserApi.get<BalanceResponse>('p_account/balance'),
  /** The customer's referral code, the reward, and the friends who joined with it. */
  referrals: () => browserApi.get<ReferralsResponse>('p_account/referrals'),
  /** Gift voucher credit in pounds, with each part's last day. */
  credit: () => browserApi.get<CreditResponse>('p_account/credit'),
  /** A gift voucher's code: what is left of it becomes credit. */
  redeemVoucher: (code: string) => browserApi.post<RedeemVoucherResponse>('p_account/vouchers', { code }),
}

export type Loaded<T> = { status: 'ready'; data: T } | { status: 'error'; message: string }

async function loaded<T>(call: () => Promise<T>, fallback: string): Promise<Loaded<T>> {
  try {
    return { status: 'ready', data: await call() }
  } catch (error) {
    return { status: 'error', message: error instanceof Error && error.message ? error.message : fallback }
  }
}

export const loadBalance = () => loaded(accountCalls.balance, 'We could not load your balance.')
export const loadCredit = () => loaded(accountCalls.credit, 'We could not load your gift voucher credit.')
export const loadReferrals = () => loaded(accountCalls.referrals, 'We could not load your referrals.')
