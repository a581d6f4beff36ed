import { SKIN_TYPE_ATTRIBUTE } from '@salon/contracts/rules/skin-type'
import { CUSTOMER_DETAILS_MESSAGES } from '@salon/contracts/staff-customers'
import type { Db } from '@salon/db'
import { HttpError } from '../../lib/errors.ts'
import { createCustomersRepository, type CustomerProfile } from './customers.repository.ts'
import { createIdentityRepository } from './identity.repository.ts'

/** The pool's attribute of each detail the salon keeps besides the number and the email (pool-rules.ts profileOf). */
const ATTRIBUTE_OF = { firstName: 'given_name', lastName: 'family_name', dob: 'birthdate', skinType: SKIN_TYPE_ATTRIBUTE } as const

/**
 * A correction made at a salon's desk to the profile of a customer with an online account (docs/decisions/040), in
 * the caller's transaction: the built-in pool's user, so that their next sign-in and their tokens carry it. The number
 * is the pool's username: the customer signs in with the new one from now on, and it stays verified, as the member of
 * staff made the change with the customer in front of them. A number another confirmed account signs in with is
 * refused; one held by a sign-up nobody confirmed is freed, as a newer sign-up frees it (sign-up.service.ts). The
 * pool needs an email address, so one cannot be removed. Answers false when the sub has no confirmed pool user.
 */
export async function correctPoolProfile(tx: Db, sub: string, changes: Partial<CustomerProfile>): Promise<boolean> {
  const identity = createIdentityRepository(tx)
  const user = await identity.findUser(sub)
  if (!user || user.status === 'UNCONFIRMED') return false
  if (changes.email === null) throw new HttpError(422, CUSTOMER_DETAILS_MESSAGES.emailNeeded, { field: 'email' })
  if (changes.phone) {
    const holder = await identity.findUserByPhone(user.poolId, changes.phone)
    if (holder && holder.sub !== sub) {
      if (holder.status !== 'UNCONFIRMED' || !(await identity.deleteUnconfirmedUser(holder.sub))) {
        throw new HttpError(409, CUSTOMER_DETAILS_MESSAGES.phoneTakenOnline, { field: 'phone' })
      }
      await createCustomersRepository(tx).removeNeverConfirmed([holder.sub])
    }
  }
  const attributes = { ...user.attributes }
  for (const [field, name] of Object.entries(ATTRIBUTE_OF) as [keyof typeof ATTRIBUTE_OF, string][]) {
    const value = changes[field]
    if (value !== undefined && value !== null) attributes[name] = String(value)
  }
  await identity.updateUser(sub, {
    ...(changes.phone ? { phone: changes.phone } : {}),
    ...(changes.email ? { email: changes.email } : {}),
    attributes,
  })
  return true
}
