import { schema, sql, type Db } from '@salon/db'

const { payments, customerMessages } = schema

export interface CountRow {
  labels: Record<string, string>
  value: number
}

/**
 * What the server's operator watches (GET /metrics, docs/operations.md): every salon's messages and payments
 * counted by how they stand, across the database. Counts only: never a recipient, an amount or a customer.
 */
export function createOperationsRepository(db: Db) {
  return {
    async messageCounts(): Promise<CountRow[]> {
      const rows = await db
        .select({ channel: customerMessages.channel, status: customerMessages.status, count: sql<number>`count(*)`.mapWith(Number) })
        .from(customerMessages)
        .groupBy(customerMessages.channel, customerMessages.status)
      return rows.map(({ channel, status, count }) => ({ labels: { channel, status }, value: count }))
    },

    async paymentCounts(): Promise<CountRow[]> {
      const rows = await db
        .select({ provider: payments.provider, purpose: payments.purpose, status: payments.status, count: sql<number>`count(*)`.mapWith(Number) })
        .from(payments)
        .groupBy(payments.provider, payments.purpose, payments.status)
      return rows.map(({ provider, purpose, status, count }) => ({ labels: { provider, purpose, status }, value: count }))
    },
  }
}
