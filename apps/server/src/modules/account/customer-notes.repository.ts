import { and, desc, eq, schema, type Db } from '@salon/db'

const { customerNotes } = schema

export type CustomerNoteRow = typeof customerNotes.$inferSelect

/** The notes staff keep about a customer (docs/product.md §10.5). */
export function createCustomerNotesRepository(db: Db) {
  return {
    /** A customer's notes, newest first. */
    of(shopId: string, sub: string) {
      return db
        .select()
        .from(customerNotes)
        .where(and(eq(customerNotes.shopId, shopId), eq(customerNotes.sub, sub)))
        .orderBy(desc(customerNotes.createdAt), desc(customerNotes.id))
    },

    async add(row: CustomerNoteRow) {
      await db.insert(customerNotes).values(row)
    },
  }
}
