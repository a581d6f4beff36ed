import type { AccountUpdateRequest, AccountUpdateResponse } from '@salon/contracts/account'
import { browserApi } from '../../lib/browser-api.ts'

/** SPEC §7 account calls, through the browser's one API client (both carry the identity token). */
export const accountCalls = {
  /** Marketing consent (PUT p_account): the answer carries the record with the consents' new times. */
  saveMarketing: (request: AccountUpdateRequest) => browserApi.put<AccountUpdateResponse>('p_account', request),
  /** Everything the salon holds about the customer (UK GDPR right of access). */
  downloadData: () => browserApi.get<unknown>('p_account/data'),
}
