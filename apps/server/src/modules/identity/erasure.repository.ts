import { and, eq, inArray, isNull, or, schema, sql, type Db } from '@salon/db'

const { customers, customerMessages, outbox, contactMessages, popupLeads, jobs, referralCodes, bookings, payments, minuteLots, giftVouchers } = schema
const audit = schema.staffAuditLog

/** What the staff wrote of a customer in an audit entry's record before and after, besides the entry's reason. */
const STAFF_NOTES_IN_AUDIT = ['blockedReason']
const staffNotes = sql`array[${sql.join(
  STAFF_NOTES_IN_AUDIT.map((key) => sql`${key}`),
  sql`, `,
)}]::text[]`

/** The customer, and the shops whose records of them are being erased. */
export interface ErasureTarget {
  sub: string
  shopIds: string[]
}

/** A contact message or offer request left with a number or an address, as typed. */
export interface LeadContact {
  kind: 'contact' | 'popup'
  id: number
  email: string | null
  phone: string | null
}

/**
 * The writes of a customer's erasure (erasure.service.ts), table by table, in the caller's transaction. Erasure is the one
 * purpose for which this repository writes other modules' tables: everything it removes or blanks is in one place,
 * beside the list of every table and what erasure does with it.
 */
export function createErasureRepository(db: Db) {
  return {
    /**
     * The customer's records not yet erased (at one shop, or at every shop), locked until the erasure commits: a
     * message being claimed for them waits for it and then writes nothing (migration 0020).
     */
    async lockRecords(sub: string, shopId?: string) {
      return db
        .select({ shopId: customers.shopId, phone: customers.phone, email: customers.email })
        .from(customers)
        .where(and(eq(customers.sub, sub), isNull(customers.erasedAt), shopId === undefined ? undefined : eq(customers.shopId, shopId)))
        .orderBy(customers.shopId)
        .for('update')
    },

    /** The account's number, address and whether it was ever confirmed (a sign-up nobody confirmed is no account). */
    async account(sub: string) {
      const [row] = await db
        .select({ phone: schema.identityUsers.phone, email: schema.identityUsers.email, status: schema.identityUsers.status })
        .from(schema.identityUsers)
        .where(eq(schema.identityUsers.sub, sub))
      return row
    },

    /** Removes the messages sent to them or about them; answers the outbox entries the local adapters made of them. */
    async removeMessages({ sub, shopIds }: ErasureTarget): Promise<number[]> {
      const removed = await db
        .delete(customerMessages)
        .where(and(eq(customerMessages.sub, sub), inArray(customerMessages.shopId, shopIds)))
        .returning({ providerRef: customerMessages.providerRef })
      return removed.flatMap(({ providerRef }) => (providerRef?.startsWith('outbox:') ? [Number(providerRef.slice('outbox:'.length))] : []))
    },

    /**
     * The contact messages and offer requests at the shops that may be theirs: the same address in any case, or a
     * number ending in the same digits (the caller compares the numbers as the forms take them).
     */
    async leadsLike(shopIds: string[], emails: string[], phoneEndings: string[]): Promise<LeadContact[]> {
      if (!emails.length && !phoneEndings.length) return []
      const matching = (table: typeof contactMessages | typeof popupLeads) =>
        or(
          emails.length ? inArray(sql`lower(trim(${table.email}))`, emails) : undefined,
          ...phoneEndings.map((ending) => sql`regexp_replace(${table.phone}, '[^0-9]', '', 'g') like ${`%${ending}`}`),
        )
      const [contacts, popups] = await Promise.all([
        db
          .select({ id: contactMessages.id, email: contactMessages.email, phone: contactMessages.phone })
          .from(contactMessages)
          .where(and(inArray(contactMessages.shopId, shopIds), matching(contactMessages))),
        db
          .select({ id: popupLeads.id, email: popupLeads.email, phone: popupLeads.phone })
          .from(popupLeads)
          .where(and(inArray(popupLeads.shopId, shopIds), matching(popupLeads))),
      ])
      return [...contacts.map((row) => ({ kind: 'contact' as const, ...row })), ...popups.map((row) => ({ kind: 'popup' as const, ...row }))]
    },

    async removeLeads(leads: LeadContact[]) {
      const ids = (kind: LeadContact['kind']) => leads.filter((lead) => lead.kind === kind).map((lead) => lead.id)
      if (ids('contact').length) await db.delete(contactMessages).where(inArray(contactMessages.id, ids('contact')))
      if (ids('popup').length) await db.delete(popupLeads).where(inArray(popupLeads.id, ids('popup')))
    },

    /**
     * Removes what the local text and email adapters kept (the outbox, docs/decisions/008) of messages to them or
     * about them: the entries given, those sent to their number or address, and those whose subject or text names
     * one of `mentions`. At the shops given, or anywhere (shopIds undefined) once their account is gone.
     */
    async removeOutbox(ids: number[], recipients: string[], mentions: string[], shopIds: string[] | undefined) {
      const about = or(
        ids.length ? inArray(outbox.id, ids) : undefined,
        recipients.length
          ? inArray(
              sql`lower(${outbox.recipient})`,
              recipients.map((r) => r.toLowerCase()),
            )
          : undefined,
        ...mentions.map((text) => sql`strpos(lower(coalesce(${outbox.subject}, '') || ' ' || ${outbox.body}), ${text.toLowerCase()}) > 0`),
      )
      if (!about) return
      await db.delete(outbox).where(and(about, shopIds ? inArray(outbox.shopId, shopIds) : undefined))
    },

    /** Removes the notes the salon's staff kept about them, and their waitlist entries (their offers go with them). */
    async removeNotes({ sub, shopIds }: ErasureTarget) {
      await db.delete(schema.customerNotes).where(and(eq(schema.customerNotes.sub, sub), inArray(schema.customerNotes.shopId, shopIds)))
      await db.delete(schema.waitlistEntries).where(and(eq(schema.waitlistEntries.sub, sub), inArray(schema.waitlistEntries.shopId, shopIds)))
    },

    /**
     * Jobs keep only ids, but a provider's error may quote the number or address a message went to: the errors of the
     * jobs about their sessions, payments and minutes are cleared. The jobs themselves stay (a refund owed still goes
     * back to the card; a message finds the record erased and sends nothing). A skin reaction's job emails the salon.
     */
    async clearJobErrors({ sub, shopIds }: ErasureTarget) {
      const theirs = (table: typeof bookings | typeof payments | typeof minuteLots, key: string) =>
        sql`${jobs.payload}->>${key} in (select ${table.id}::text from ${table} where ${table.sub} = ${sub} and ${table.shopId} in ${shopIds})`
      await db
        .update(jobs)
        .set({ lastError: null })
        .where(and(sql`${jobs.lastError} is not null`, or(theirs(bookings, 'bookingId'), theirs(payments, 'paymentId'), theirs(minuteLots, 'lotId'))))
    },

    async removeReferralCode({ sub, shopIds }: ErasureTarget) {
      await db.delete(referralCodes).where(and(eq(referralCodes.sub, sub), inArray(referralCodes.shopId, shopIds)))
    },

    /** The owner's reason for letting a session past a sunbed rule is their note about the customer; the session stays. */
    /** Gift vouchers they bought online: the name they signed and their message to the recipient go. */
    async blankVoucherBuyer({ sub, shopIds }: ErasureTarget) {
      await db
        .update(giftVouchers)
        .set({ fromName: '', message: null })
        .where(and(eq(giftVouchers.buyerSub, sub), inArray(giftVouchers.shopId, shopIds)))
    },

    async clearBookingNotes({ sub, shopIds }: ErasureTarget) {
      await db
        .update(bookings)
        .set({ overrideReason: null })
        .where(and(eq(bookings.sub, sub), inArray(bookings.shopId, shopIds), sql`${bookings.overrideReason} is not null`))
    },

    /**
     * Redacts the audit log's entries about them (their record, their sessions, their payments): the staff's notes
     * go, the facts stay. The log's trigger allows this one change, once per entry (migration 0020).
     */
    async redactAudit({ sub, shopIds }: ErasureTarget, at: Date) {
      const withoutNotes = (column: typeof audit.before | typeof audit.after) =>
        sql`case when jsonb_typeof(${column}) = 'object' then ${column} - ${staffNotes} else ${column} end`
      const subjectOf = (table: typeof bookings | typeof payments) =>
        sql`${audit.subjectId} in (select ${table.id}::text from ${table} where ${table.sub} = ${sub} and ${table.shopId} in ${shopIds})`
      await db
        .update(audit)
        .set({ reason: null, before: withoutNotes(audit.before), after: withoutNotes(audit.after), redactedAt: at })
        .where(
          and(
            inArray(audit.shopId, shopIds),
            isNull(audit.redactedAt),
            or(
              and(eq(audit.subjectType, 'customer'), eq(audit.subjectId, sub)),
              and(eq(audit.subjectType, 'booking'), subjectOf(bookings)),
              and(eq(audit.subjectType, 'payment'), subjectOf(payments)),
            ),
          ),
        )
    },

    /**
     * Blanks their records: no personal field, no consent, no note of the salon's or of a block (the block's time
     * stays). Setting erased_at also removes their health answers and skin reactions (the trigger
     * customers_sunbed_safety_erase).
     */
    async blankRecords({ sub, shopIds }: ErasureTarget, at: Date) {
      await db
        .update(customers)
        .set({
          firstName: null,
          lastName: null,
          email: null,
          phone: null,
          dob: null,
          skinType: null,
          status: 'deleted',
          appMarketing: false,
          masterMarketing: false,
          appTimestamp: null,
          masterTimestamp: null,
          blockedReason: null,
          note: null,
          erasedAt: at,
          updatedAt: at,
        })
        .where(and(eq(customers.sub, sub), inArray(customers.shopId, shopIds)))
    },

    /**
     * Sign-ins through the hosted page that name the account (they hold what the social provider said of them), which
     * goes next: its codes, sessions, refresh tokens, devices and social links go with it by their foreign keys.
     */
    async removeHostedSignIns(sub: string) {
      await db
        .delete(schema.hostedSignInRequests)
        .where(or(eq(schema.hostedSignInRequests.sub, sub), sql`${schema.hostedSignInRequests.pending}->>'sub' = ${sub}`))
    },
  }
}
export type ErasureRepository = ReturnType<typeof createErasureRepository>
