import { todayInUk } from '@salon/contracts/dates'
import type { NewInSalonCustomer } from '@salon/contracts/staff-day'
import type { Db } from '@salon/db'
import { HttpError } from '../../lib/errors.ts'
import { describeDate } from '../../lib/local-time.ts'
import { createCustomersRepository } from '../identity/public.ts'
import { createAuditLog, type StaffActor } from '../shop/public.ts'
import { alreadyCustomer, checkedNewcomer, fullName } from './desk-rules.ts'
import { personProblems } from './session-rules.ts'
import { recordAnswers } from './sunbed-safety-checks.service.ts'

/**
 * Signs a customer up at the desk (docs/product.md §10.2, §10.5), in the caller's transaction: the sign-up's rules (a
 * UK mobile number once per salon, a real date of birth, a valid email when given), a record with a new id and no
 * online account, its audit line, and the health questions gone through with them when they were. A walk-in signs its
 * newcomer up here; so does Add a customer, which also refuses anyone under 18 today (a walk-in's session date decides
 * that there). Answers the new customer's sub.
 */
export async function signUpAtDesk(tx: Db, actor: StaffActor, input: NewInSalonCustomer, at: number, options: { adultToday?: boolean } = {}): Promise<string> {
  const today = todayInUk(at)
  const newcomer = checkedNewcomer(input, today)
  if (options.adultToday) {
    const [under18] = personProblems({ dob: newcomer.dob, skinType: newcomer.skinType }, today, 'staff').filter((p) => p.rule === 'under-18')
    if (under18) throw new HttpError(422, under18.message, { rule: under18.rule, field: 'dob', date: describeDate(today) })
  }
  const made = await createCustomersRepository(tx).addInSalon(actor.shopId, newcomer)
  if (!made.created) throw new HttpError(409, alreadyCustomer(fullName(made.customer)), { customerSub: made.customer.sub })
  const sub = made.customer.sub
  // The log outlives an erasure, so it names the customer by id only and holds none of their details (docs/product.md §10.5).
  await createAuditLog(tx).record(actor, { action: 'customer.signed-up-in-salon', subjectType: 'customer', subjectId: sub, after: { source: 'in_salon' } })
  if (input.health) await recordAnswers(tx, { shopId: actor.shopId, sub, request: input.health, at, recordedBy: actor.sub })
  return sub
}
