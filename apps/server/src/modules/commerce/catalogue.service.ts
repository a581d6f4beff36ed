import { randomUUID } from 'node:crypto'
import type { PackageInput, PricesInput, PromoCodeInput, ReferralReward, StaffPackage, StaffPromoCode } from '@salon/contracts/staff-catalogue'
import { addDays } from '@salon/contracts/dates'
import type { Db } from '@salon/db'
import { databaseError } from '../../lib/database-errors.ts'
import { HttpError } from '../../lib/errors.ts'
import { localDateOf, startOfLocalDay, toIsoWithOffset } from '../../lib/local-time.ts'
import { createAuditLog, type StaffActor } from '../shop/public.ts'
import { createManageRepository, type ManagedPackageRow, type ManagedPromoCodeRow, type ManageRepository } from './catalogue.repository.ts'

/** What a person sees when a change is refused (docs/product.md §10.4). */
export const MANAGE_MESSAGES = {
  unknownBedType: (code: string) => `There is no bed type "${code.slice(0, 40)}" at this salon.`,
  bedTypeTwice: (code: string) => `The bed type "${code.slice(0, 40)}" is given twice: give each price once.`,
  unknownExtra: (id: string) => `There is no extra with the id "${id.slice(0, 64)}" on this salon's price list.`,
  extraTwice: (id: string) => `The extra "${id.slice(0, 64)}" is given twice.`,
  noPackage: 'There is no such package at this salon.',
  noPromoCode: 'There is no such promo code at this salon.',
  promoTaken: (code: string) => `There is already a promo code ${code} at this salon. Please choose another code, or change that one.`,
  percentTooBig: 'A percentage off must be from 1 to 100.',
  promoDates: 'The last day must be the same as the first day or after it.',
  unknownPackages: (ids: string[]) => `These are not packages of this salon: ${ids.map((id) => id.slice(0, 64)).join(', ')}.`,
} as const

/** The first instant of a local date in the zone (startOfLocalDay). */
function startOfDay(date: string, timeZone: string): Date {
  const instant = startOfLocalDay(date, timeZone)
  if (instant === null) throw new HttpError(400, `The date ${date} has no start in ${timeZone}.`)
  return new Date(instant)
}

export function packageOut(row: ManagedPackageRow, sold: number): StaffPackage {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    minutes: row.minutes,
    pricePence: row.pricePence,
    validityDays: row.validityDays,
    bedTypes: row.bedTypes,
    highlight: row.highlight,
    onSale: row.active,
    sortOrder: row.sortOrder,
    sold,
  }
}

function promoOut(row: ManagedPromoCodeRow, uses: number, timeZone: string): StaffPromoCode {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind === 'percent' ? 'percent' : 'fixed',
    amount: row.amount,
    validFrom: localDateOf(row.validFrom.getTime(), timeZone),
    // valid_until is the first instant the code no longer works: its last day is the day before.
    validUntil: localDateOf(row.validUntil.getTime() - 1, timeZone),
    startsAt: toIsoWithOffset(row.validFrom.getTime(), timeZone),
    endsAt: toIsoWithOffset(row.validUntil.getTime(), timeZone),
    maxUses: row.maxUses,
    maxUsesPerCustomer: row.maxUsesPerCustomer,
    packageIds: row.packageIds,
    active: row.active,
    uses,
  }
}

/**
 * The owner's management of what the salon sells (docs/product.md §10.4). Each change is one transaction with its
 * audit entry; the rows it changes are locked first, so two owners saving at once are one after the other. Prices
 * and packages are public content: the database's triggers announce each change (salon_content), and every server
 * process drops what it kept.
 */
export function createCatalogueManagement(deps: { db: Db }) {
  const read = createManageRepository(deps.db)
  const inTransaction = <T>(work: (repo: ManageRepository, audit: ReturnType<typeof createAuditLog>) => Promise<T>) =>
    deps.db.transaction((tx) => work(createManageRepository(tx), createAuditLog(tx)))

  async function prices(shopId: string) {
    const [bedTypes, extras] = await Promise.all([read.bedTypes(shopId), read.extras(shopId)])
    return { bedTypes, extras }
  }

  /** The package's bed types must be the salon's, each once. */
  function checkBedTypes(given: string[], known: string[]) {
    const seen = new Set<string>()
    for (const code of given) {
      if (!known.includes(code)) throw new HttpError(400, MANAGE_MESSAGES.unknownBedType(code), { field: 'bedTypes' })
      if (seen.has(code)) throw new HttpError(400, MANAGE_MESSAGES.bedTypeTwice(code), { field: 'bedTypes' })
      seen.add(code)
    }
  }

  async function promoValues(repo: ManageRepository, shopId: string, input: PromoCodeInput) {
    if (input.kind === 'percent' && input.amount > 100) throw new HttpError(400, MANAGE_MESSAGES.percentTooBig, { field: 'amount' })
    if (input.validUntil < input.validFrom) throw new HttpError(400, MANAGE_MESSAGES.promoDates, { field: 'validUntil' })
    if (input.packageIds) {
      const known = await repo.packageIdsOf(shopId, input.packageIds)
      const unknown = input.packageIds.filter((id) => !known.includes(id))
      if (unknown.length) throw new HttpError(400, MANAGE_MESSAGES.unknownPackages(unknown), { field: 'packageIds' })
    }
    const timeZone = await repo.timeZone(shopId)
    return {
      timeZone,
      values: {
        code: input.code,
        kind: input.kind,
        amount: input.amount,
        validFrom: startOfDay(input.validFrom, timeZone),
        validUntil: startOfDay(addDays(input.validUntil, 1), timeZone),
        maxUses: input.maxUses,
        maxUsesPerCustomer: input.maxUsesPerCustomer,
        packageIds: input.packageIds ? [...new Set(input.packageIds)] : null,
        active: input.active,
      },
    }
  }

  return {
    prices,

    async setPrices(actor: StaffActor, input: PricesInput) {
      await inTransaction(async (repo, audit) => {
        const types = await repo.bedTypes(actor.shopId, true)
        const extras = await repo.extras(actor.shopId, true)
        const codes = types.map((t) => t.code)
        checkBedTypes(
          input.bedTypes.map((b) => b.code),
          codes,
        )
        const extraIds = new Set<string>()
        for (const extra of input.extras) {
          if (!extra.id) continue
          if (!extras.some((e) => e.id === extra.id)) throw new HttpError(400, MANAGE_MESSAGES.unknownExtra(extra.id), { field: 'extras' })
          if (extraIds.has(extra.id)) throw new HttpError(400, MANAGE_MESSAGES.extraTwice(extra.id), { field: 'extras' })
          extraIds.add(extra.id)
        }
        for (const price of input.bedTypes) await repo.setBedTypePrice(actor.shopId, price.code, price.perMinutePence)
        await repo.replaceExtras(
          actor.shopId,
          input.extras.map((e) => ({ ...e, id: e.id ?? randomUUID() })),
        )
        const after = { bedTypes: await repo.bedTypes(actor.shopId), extras: await repo.extras(actor.shopId) }
        await audit.record(actor, { action: 'prices.changed', subjectType: 'price-list', subjectId: actor.shopId, before: { bedTypes: types, extras }, after })
      })
      return prices(actor.shopId)
    },

    async packages(shopId: string) {
      return (await read.packages(shopId)).map(({ row, sold }) => packageOut(row, Number(sold)))
    },

    async createPackage(actor: StaffActor, input: PackageInput) {
      return inTransaction(async (repo, audit) => {
        checkBedTypes(
          input.bedTypes,
          (await repo.bedTypes(actor.shopId)).map((t) => t.code),
        )
        const row = await repo.insertPackage({ id: randomUUID(), shopId: actor.shopId, ...packageColumns(input) })
        const out = packageOut(row, 0)
        await audit.record(actor, { action: 'package.created', subjectType: 'package', subjectId: row.id, after: out })
        return out
      })
    },

    async updatePackage(actor: StaffActor, id: string, input: PackageInput) {
      return inTransaction(async (repo, audit) => {
        const before = await repo.lockPackage(actor.shopId, id)
        if (!before) throw new HttpError(404, MANAGE_MESSAGES.noPackage)
        checkBedTypes(
          input.bedTypes,
          (await repo.bedTypes(actor.shopId)).map((t) => t.code),
        )
        const sold = await repo.packageSold(actor.shopId, id)
        const row = await repo.updatePackage(actor.shopId, id, packageColumns(input))
        const out = packageOut(row, sold)
        await audit.record(actor, { action: 'package.changed', subjectType: 'package', subjectId: id, before: packageOut(before, sold), after: out })
        return out
      })
    },

    /**
     * Takes a package off sale. Never deleted: payments copy what they bought, and the package stays in the list
     * (withdrawn) with what it sold; it can be put on sale again.
     */
    async withdrawPackage(actor: StaffActor, id: string) {
      return inTransaction(async (repo, audit) => {
        const before = await repo.lockPackage(actor.shopId, id)
        if (!before) throw new HttpError(404, MANAGE_MESSAGES.noPackage)
        const sold = await repo.packageSold(actor.shopId, id)
        if (!before.active) return packageOut(before, sold)
        const row = await repo.updatePackage(actor.shopId, id, { active: false })
        await audit.record(actor, { action: 'package.withdrawn', subjectType: 'package', subjectId: id, before: { onSale: true }, after: { onSale: false } })
        return packageOut(row, sold)
      })
    },

    async promoCodes(shopId: string) {
      const [rows, timeZone] = await Promise.all([read.promoCodes(shopId), read.timeZone(shopId)])
      return rows.map(({ row, uses }) => promoOut(row, Number(uses), timeZone))
    },

    async createPromoCode(actor: StaffActor, input: PromoCodeInput) {
      return inTransaction(async (repo, audit) => {
        const { timeZone, values } = await promoValues(repo, actor.shopId, input)
        const row = await repo.insertPromoCode({ id: randomUUID(), shopId: actor.shopId, ...values })
        if (!row) throw new HttpError(409, MANAGE_MESSAGES.promoTaken(values.code), { field: 'code' })
        const out = promoOut(row, 0, timeZone)
        await audit.record(actor, { action: 'promo-code.created', subjectType: 'promo-code', subjectId: row.id, after: out })
        return out
      })
    },

    async updatePromoCode(actor: StaffActor, id: string, input: PromoCodeInput) {
      return refusingTakenCode(input.code, () =>
        inTransaction(async (repo, audit) => {
          const before = await repo.lockPromoCode(actor.shopId, id)
          if (!before) throw new HttpError(404, MANAGE_MESSAGES.noPromoCode)
          const { timeZone, values } = await promoValues(repo, actor.shopId, input)
          const uses = await repo.promoUses(id)
          const row = await repo.updatePromoCode(actor.shopId, id, values)
          const out = promoOut(row, uses, timeZone)
          await audit.record(actor, {
            action: 'promo-code.changed',
            subjectType: 'promo-code',
            subjectId: id,
            before: promoOut(before, uses, timeZone),
            after: out,
          })
          return out
        }),
      )
    },

    /** The code stops working at once; checkouts already paid keep their discount. */
    async deactivatePromoCode(actor: StaffActor, id: string) {
      return inTransaction(async (repo, audit) => {
        const before = await repo.lockPromoCode(actor.shopId, id)
        if (!before) throw new HttpError(404, MANAGE_MESSAGES.noPromoCode)
        const timeZone = await repo.timeZone(actor.shopId)
        const uses = await repo.promoUses(id)
        if (!before.active) return promoOut(before, uses, timeZone)
        const row = await repo.updatePromoCode(actor.shopId, id, { active: false })
        await audit.record(actor, {
          action: 'promo-code.deactivated',
          subjectType: 'promo-code',
          subjectId: id,
          before: { active: true },
          after: { active: false },
        })
        return promoOut(row, uses, timeZone)
      })
    },

    /** A shop without settings gives no referral rewards (0 minutes). */
    async referralReward(shopId: string): Promise<ReferralReward> {
      return (await read.settings(shopId)) ?? { minutes: 0, validityDays: 90 }
    },

    async setReferralReward(actor: StaffActor, input: ReferralReward) {
      return inTransaction(async (repo, audit) => {
        const before = await repo.settings(actor.shopId, true)
        await repo.saveReferralReward(actor.shopId, input)
        await audit.record(actor, { action: 'referral-reward.changed', subjectType: 'referral-reward', subjectId: actor.shopId, before, after: input })
        return input
      })
    },
  }
}
export type CatalogueManagement = ReturnType<typeof createCatalogueManagement>

function packageColumns(input: PackageInput) {
  return {
    name: input.name,
    description: input.description,
    minutes: input.minutes,
    pricePence: input.pricePence,
    validityDays: input.validityDays,
    bedTypes: [...input.bedTypes],
    highlight: input.highlight,
    active: input.onSale,
    sortOrder: input.sortOrder,
  }
}

/** A second code spelt the same is refused by the unique index; the owner is told which. */
async function refusingTakenCode<T>(code: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    const problem = databaseError(error)
    if (problem?.code === '23505' && problem.constraint === 'promo_codes_code') throw new HttpError(409, MANAGE_MESSAGES.promoTaken(code), { field: 'code' })
    throw error
  }
}
