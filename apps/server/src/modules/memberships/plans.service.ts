import type { MembershipPlan, MembershipPlanRequest } from '@salon/contracts/memberships'
import { HttpError } from '../../lib/errors.ts'
import type { MembershipsRepository, PlanRow } from './memberships.repository.ts'

export const PLAN_MESSAGES = {
  noPlan: 'There is no such membership plan at this salon.',
  unknownBedTypes: (codes: string[]) => `The salon has no bed type ${codes.join(', ')}. Please choose from the price list's bed types.`,
} as const

export const toPlan = (row: PlanRow): MembershipPlan => ({
  id: row.id,
  name: row.name,
  pricePence: row.pricePence,
  period: 'month',
  allowanceKind: row.allowanceKind as MembershipPlan['allowanceKind'],
  allowance: row.allowance,
  bedTypes: row.bedTypes,
  minimumPeriods: row.minimumPeriods,
  maxPausePeriods: row.maxPausePeriods,
  active: row.active,
})

/**
 * The owner's membership plans (docs/product.md "Memberships"). A change applies to those who join after it;
 * members keep the terms they joined on (copied into their membership). Retiring a plan stops new joins only.
 */
export function createPlans(repo: MembershipsRepository) {
  async function values(shopId: string, input: MembershipPlanRequest) {
    const bedTypes = [...new Set(input.bedTypes)]
    const known = await repo.bedTypesOf(shopId, bedTypes)
    const unknown = bedTypes.filter((code) => !known.includes(code))
    if (unknown.length) throw new HttpError(422, PLAN_MESSAGES.unknownBedTypes(unknown), { field: 'bedTypes' })
    return { ...input, allowance: input.allowanceKind === 'unlimited' ? null : input.allowance!, bedTypes }
  }

  return {
    /** The plans on sale, for the packages page. */
    onSale: async (shopId: string) => (await repo.plans(shopId, true)).map(toPlan),
    /** Every plan, retired ones too, for Manage. */
    all: async (shopId: string) => (await repo.plans(shopId, false)).map(toPlan),
    create: async (shopId: string, input: MembershipPlanRequest) => toPlan(await repo.insertPlan(shopId, await values(shopId, input))),
    async update(shopId: string, id: string, input: MembershipPlanRequest) {
      const row = await repo.updatePlan(shopId, id, await values(shopId, input))
      if (!row) throw new HttpError(404, PLAN_MESSAGES.noPlan)
      return toPlan(row)
    },
    async setActive(shopId: string, id: string, active: boolean) {
      const row = await repo.updatePlan(shopId, id, { active })
      if (!row) throw new HttpError(404, PLAN_MESSAGES.noPlan)
      return toPlan(row)
    },
  }
}
export type Plans = ReturnType<typeof createPlans>
