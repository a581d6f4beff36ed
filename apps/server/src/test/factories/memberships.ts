import type { MembershipPlanRequest } from '@salon/contracts/memberships'
import { eq, schema } from '@salon/db'
import type { TestApp } from '../harness.ts'
import { CARDS, payWithCard } from './payments.ts'

type Headers = Record<string, string>

/** A plan as the owner adds it in Manage: unlimited sessions for £39 a month on every bed, unless told otherwise. */
export async function addPlan(t: TestApp, owner: { headers: Headers }, input: Partial<MembershipPlanRequest> = {}) {
  const body: MembershipPlanRequest = {
    name: 'Unlimited',
    pricePence: 3900,
    allowanceKind: 'unlimited',
    allowance: null,
    bedTypes: ['lay-down', 'stand-up'],
    minimumPeriods: 0,
    maxPausePeriods: 0,
    ...input,
  }
  const made = await t.api('staff/membership-plans', { body, headers: owner.headers })
  if (made.status !== 201) throw new Error(`the plan was not added: ${made.status} ${JSON.stringify(made.json)}`)
  return made.json as { id: string; name: string; pricePence: number }
}

/** A customer joins a plan and pays the first month with a test card, as in the browser: answers the recorded membership. */
export async function joinPlan(t: TestApp, customer: { headers: Headers }, planId: string, card: string = CARDS.succeeds) {
  const started = await t.api('p_account/membership', { body: { planId }, headers: customer.headers })
  if (started.status !== 201) throw new Error(`the join did not start: ${started.status} ${JSON.stringify(started.json)}`)
  const paid = await payWithCard(t, started.json.payment, card)
  const recorded = await t.api('p_account/membership/payment', { method: 'PUT', body: { paymentId: started.json.payment.id }, headers: customer.headers })
  return { started, paid, recorded }
}

/** The bank refuses the member's kept test card from now on (as a card that expired or ran out of funds would be). */
export async function cardNowDeclines(t: TestApp, membershipId: string) {
  const [m] = await t.db.select({ cardRef: schema.memberships.cardRef }).from(schema.memberships).where(eq(schema.memberships.id, membershipId))
  await t.db.update(schema.testKeptCards).set({ outcome: 'declined' }).where(eq(schema.testKeptCards.id, m!.cardRef!))
}

export const membershipRow = async (t: TestApp, id: string) => (await t.db.select().from(schema.memberships).where(eq(schema.memberships.id, id)))[0]!

export const membershipPaymentsOf = (t: TestApp, id: string) =>
  t.db.select().from(schema.membershipPayments).where(eq(schema.membershipPayments.membershipId, id))
