import { healthQuestionsVersion } from '@salon/contracts/rules/health-questions'
import { dutiesOf, publishingRuleOf, sunbedLawOf, type SunbedLaw } from '@salon/contracts/rules/sunbed-law'
import type { SunbedLawView, SunbedSettings, SunbedSettingsRequest } from '@salon/contracts/sunbed-safety'
import type { Db } from '@salon/db'
import { HttpError } from '../../lib/errors.ts'
import { createAuditLog } from './audit-log.repository.ts'
import type { StaffActor } from './staff-route.ts'
import { sunbedSettingsRow, updateSunbedSettings } from './sunbed-law.repository.ts'

/** The salon's sunbed safety settings as the booking checks and the blog's publishing check read them. */
export interface SunbedSafetySettings {
  law: SunbedLaw
  reactionPauseDays: number
  yearlySessionLimit: number
  /** The version of the health questions the salon asks now. */
  questionsVersion: string
}

const NOT_FOUND = 'This shop does not exist.'

/** The shop's nation and sunbed settings; `db` may be a transaction (the booking's, holding the customer's lock). */
export async function sunbedSettingsOf(db: Db, shopId: string): Promise<SunbedSafetySettings> {
  const row = await sunbedSettingsRow(db, shopId)
  if (!row) throw new HttpError(404, NOT_FOUND)
  return {
    law: sunbedLawOf(row.nation),
    reactionPauseDays: row.reactionPauseDays,
    yearlySessionLimit: row.yearlySessionLimit,
    questionsVersion: healthQuestionsVersion(row.revision),
  }
}

/** A nation's law as the pages show it: its duties with their citations, the leaflet, the blog's rule. */
export function lawView(law: SunbedLaw): SunbedLawView {
  return {
    nation: law.nation,
    name: law.name,
    duties: dutiesOf(law),
    officialLeaflet: law.officialLeaflet,
    healthMaterialBanned: law.otherHealthMaterialBanned !== null,
    publishingRule: publishingRuleOf(law),
  }
}

const view = (s: SunbedSafetySettings): SunbedSettings => ({
  nation: s.law.nation,
  reactionPauseDays: s.reactionPauseDays,
  yearlySessionLimit: s.yearlySessionLimit,
  healthQuestionsVersion: s.questionsVersion,
  law: lawView(s.law),
})

/** GET and PUT /api/staff/sunbed-law (docs/product.md §10.4): staff read the settings, the owner changes them, audited. */
export function createSunbedLawSettings(db: Db) {
  return {
    read: async (shopId: string) => view(await sunbedSettingsOf(db, shopId)),

    async change(actor: StaffActor, request: SunbedSettingsRequest): Promise<SunbedSettings> {
      return db.transaction(async (tx) => {
        const before = await sunbedSettingsOf(tx, actor.shopId)
        await updateSunbedSettings(tx, actor.shopId, request)
        const after = await sunbedSettingsOf(tx, actor.shopId)
        const plain = (s: SunbedSafetySettings) => ({
          nation: s.law.nation,
          reactionPauseDays: s.reactionPauseDays,
          yearlySessionLimit: s.yearlySessionLimit,
          healthQuestionsVersion: s.questionsVersion,
        })
        await createAuditLog(tx).record(actor, {
          action: 'salon.sunbed-settings-changed',
          subjectType: 'shop',
          subjectId: actor.shopId,
          before: plain(before),
          after: plain(after),
        })
        return view(after)
      })
    },
  }
}
export type SunbedLawSettings = ReturnType<typeof createSunbedLawSettings>
