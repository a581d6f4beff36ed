import { and, desc, eq, schema, sql, type Db } from '@salon/db'

export interface OutboxEntry {
  /** What became of a message to a customer about their bookings (docs/product.md §4.14); null for codes and other mail. */
  state: string | null
  channel: 'sms' | 'email'
  to: string
  subject: string | null
  body: string
  sentAt: string
}

export function createOutboxRepository(db: Db) {
  return {
    /** Answers the entry's id. */
    async add(entry: { channel: 'sms' | 'email'; to: string; subject?: string; body: string; shopId?: string }): Promise<number> {
      const [row] = await db
        .insert(schema.outbox)
        .values({
          channel: entry.channel,
          recipient: entry.to,
          subject: entry.subject ?? null,
          body: entry.body,
          shopId: entry.shopId ?? null,
        })
        .returning({ id: schema.outbox.id })
      return row!.id
    },
    /** The ids of the entries with exactly these words to this recipient, for a send whose answer never came. */
    async matching(channel: 'sms' | 'email', to: string, body: string): Promise<number[]> {
      const rows = await db
        .select({ id: schema.outbox.id })
        .from(schema.outbox)
        .where(and(eq(schema.outbox.channel, channel), eq(schema.outbox.recipient, to), eq(schema.outbox.body, body)))
      return rows.map((r) => r.id)
    },
    async list(limit = 200): Promise<OutboxEntry[]> {
      const rows = await db
        .select({
          state: schema.customerMessages.status,
          channel: schema.outbox.channel,
          to: schema.outbox.recipient,
          subject: schema.outbox.subject,
          body: schema.outbox.body,
          sentAt: schema.outbox.sentAt,
        })
        .from(schema.outbox)
        .leftJoin(schema.customerMessages, sql`${schema.customerMessages.providerRef} = 'outbox:' || ${schema.outbox.id}`)
        .orderBy(desc(schema.outbox.sentAt), desc(schema.outbox.id))
        .limit(limit)
      return rows.map((r) => ({ ...r, channel: r.channel as OutboxEntry['channel'], sentAt: r.sentAt.toISOString() }))
    },
  }
}
export type OutboxRepository = ReturnType<typeof createOutboxRepository>
