import type { Membership } from '@salon/contracts/memberships'
import { useEffect, useState } from 'react'
import { membershipCalls } from './membership-calls.ts'

/**
 * The signed-in customer's membership while it can pay for sessions or says why not (not cancelled); null for a
 * visitor, a customer without one, or while it loads or fails to (the booking then goes on as the salon's rules say).
 */
export function useMyMembership(signedIn: boolean): Membership | null {
  const [membership, setMembership] = useState<Membership | null>(null)
  useEffect(() => {
    if (!signedIn) return setMembership(null)
    let current = true
    membershipCalls
      .mine()
      .then(({ membership: m }) => current && setMembership(m && m.status !== 'cancelled' ? m : null))
      .catch(() => current && setMembership(null))
    return () => {
      current = false
    }
  }, [signedIn])
  return membership
}
