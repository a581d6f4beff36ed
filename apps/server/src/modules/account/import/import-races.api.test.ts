import { eq, schema, sql } from '@salon/db'
import { beforeAll, expect, it } from 'vitest'
import { fastPasswords } from '../../../test/factories/doubles.ts'
import { staffUser, type StaffUser } from '../../../test/factories/staff.ts'
import { describeApi } from '../../../test/harness.ts'

/** Numbers of their own for this suite: 07700 8xxxxx (the drama range, 900xxx, is the factories'). */
const phoneOf = (i: number) => `07700 8${String(i).padStart(5, '0')}`

const fileOf = (indexes: number[]) =>
  ['First name,Last name,Mobile,Minutes left', ...indexes.map((i) => `Race,Row ${i},${phoneOf(i)},${5 + (i % 20)}`)].join('\r\n') + '\r\n'

describeApi(
  'importing customers: the same rows sent at once by several owners’ calls',
  (get) => {
    let owner: StaffUser
    beforeAll(async () => {
      owner = await staffUser(get(), { role: 'owner', passwords: fastPasswords })
    })

    it('writes each customer and each balance once, whatever the order of the files and however many run at once', async () => {
      const rows = Array.from({ length: 1200 }, (_, i) => i)
      // Four imports at once: the same file twice, the rows in reverse, and every other row; their batches overlap in every order.
      const files = [fileOf(rows), fileOf(rows), fileOf([...rows].reverse()), fileOf(rows.filter((i) => i % 2 === 0))]
      const answers = await Promise.all(files.map((csv) => get().api('staff/customers/import', { body: { csv }, headers: owner.headers })))
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200])
      const counts = answers.map((a) => a.json.counts as { customers: number; alreadyImported: number; minutes: number; rejected: number })
      expect(counts.reduce((sum, c) => sum + c.customers, 0)).toBe(1200)
      expect(counts.reduce((sum, c) => sum + c.customers + c.alreadyImported, 0)).toBe(1200 * 3 + 600)
      expect(counts.every((c) => c.rejected === 0)).toBe(true)
      const minutes = rows.reduce((sum, i) => sum + 5 + (i % 20), 0)
      expect(counts.reduce((sum, c) => sum + c.minutes, 0)).toBe(minutes)

      const shopId = get().shop.id
      const one = async (query: ReturnType<typeof sql>) => ((await get().db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]!.n
      expect(await one(sql`select count(*)::int as n from customers where shop_id = ${shopId} and first_name = 'Race'`)).toBe(1200)
      expect(await one(sql`select count(distinct phone)::int as n from customers where shop_id = ${shopId} and first_name = 'Race'`)).toBe(1200)
      expect(await one(sql`select count(*)::int as n from minute_lots where shop_id = ${shopId} and source = 'import'`)).toBe(1200)
      expect(await one(sql`select coalesce(sum(minutes), 0)::int as n from balance_ledger where shop_id = ${shopId} and kind = 'adjustment'`)).toBe(minutes)
      // Each import that wrote has its one line in the audit log.
      const audits = await get().db.select().from(schema.staffAuditLog).where(eq(schema.staffAuditLog.action, 'customers.imported'))
      expect(audits.length).toBe(answers.filter((a) => a.json.importId !== null).length)
    })
  },
  { postgresOnly: true, deps: () => ({ passwords: fastPasswords }) },
)
