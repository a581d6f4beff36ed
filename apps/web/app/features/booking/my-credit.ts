import type { CreditResponse } from '@salon/contracts/vouchers'
import { useEffect, useState } from 'react'
import { browserApi } from '../../lib/browser-api.ts'

/**
 * The signed-in customer's gift voucher credit in pence, when they have some (docs/product.md "Gift vouchers"): a
 * session can be paid with it. Null for a visitor, a customer with none, or while it loads or fails to (the booking
 * then goes on as the salon's rules say).
 */
export function useMyCredit(signedIn: boolean): number | null {
  const [credit, setCredit] = useState<number | null>(null)
  useEffect(() => {
    if (!signedIn) return setCredit(null)
    let current = true
    browserApi
      .get<CreditResponse>('p_account/credit')
      .then(({ creditPence }) => current && setCredit(creditPence > 0 ? creditPence : null))
      .catch(() => current && setCredit(null))
    return () => {
      current = false
    }
  }, [signedIn])
  return credit
}
