import type { Lead, LeadKind, LeadsResponse } from '@salon/contracts/staff-reports'
import type { Db } from '@salon/db'
import { HttpError } from '../../lib/errors.ts'
import { createAuditLog, type StaffActor } from '../shop/public.ts'
import { createStaffLeadsRepository, type LeadCursor, type LeadRow } from './staff-leads.repository.ts'

/** Leads and messages shown at a time (docs/product.md §10.6). */
export const LEADS_PAGE = 50

export const LEAD_MESSAGES = {
  notFound: 'There is no such offer sign-up or message.',
} as const

const SUBJECT: Record<LeadKind, string> = { offer: 'popup_lead', message: 'contact_message' }

const toLead = (row: LeadRow): Lead => ({
  kind: row.kind,
  id: Number(row.id),
  at: row.at,
  name: row.name,
  email: row.email,
  phone: row.phone,
  message: row.message,
  consentText: row.consentText,
  consentAt: row.consentAt,
  handledAt: row.handledAt,
  handledBy: row.handledAt ? (row.handledBy ?? 'A former member of staff') : null,
})

const cursorOf = (row: LeadRow) => `${row.position}-${row.kind}-${Number(row.id)}`

function parseCursor(value: string): LeadCursor {
  const [position, kind, id] = value.split('-') as [string, LeadKind, string]
  return { position, kind, id: Number(id) }
}

/**
 * The offers popup's sign-ups and the contact form's messages for the salon's staff (docs/product.md §10.6): one
 * list, newest first, of those waiting or those handled; marking one handled (or waiting again) records who and
 * when, in the same transaction as its line in the audit log. Personal data: staff only, never kept or shared.
 */
export function createStaffLeads(deps: { db: Db; now?: () => number }) {
  const now = deps.now ?? Date.now
  return {
    async list(shopId: string, options: { handled: boolean; before?: string }): Promise<LeadsResponse> {
      const rows = await createStaffLeadsRepository(deps.db).page(shopId, {
        handled: options.handled,
        before: options.before ? parseCursor(options.before) : undefined,
        limit: LEADS_PAGE + 1,
      })
      const page = rows.slice(0, LEADS_PAGE)
      const last = page.at(-1)
      return { leads: page.map(toLead), nextBefore: rows.length > LEADS_PAGE && last ? cursorOf(last) : null }
    },

    async setHandled(actor: StaffActor, kind: LeadKind, id: number, handled: boolean): Promise<Lead> {
      return deps.db.transaction(async (tx) => {
        const leads = createStaffLeadsRepository(tx)
        const previous = await leads.setHandled(actor.shopId, kind, id, handled ? { by: actor.sub, at: new Date(now()) } : null)
        const lead = await leads.find(actor.shopId, kind, id)
        if (!lead) throw new HttpError(404, LEAD_MESSAGES.notFound)
        if (previous)
          await createAuditLog(tx).record(actor, {
            action: handled ? 'leads.handled' : 'leads.reopened',
            subjectType: SUBJECT[kind],
            subjectId: String(id),
            before: { handledAt: previous.handledAt, handledBy: previous.handledBy },
            after: { handledAt: lead.handledAt, handledBy: lead.handledBySub },
          })
        return toLead(lead)
      })
    },
  }
}
export type StaffLeads = ReturnType<typeof createStaffLeads>
