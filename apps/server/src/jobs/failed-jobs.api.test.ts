import { eq, schema } from '@salon/db'
import { expect, it } from 'vitest'
import { SendRefused } from '../adapters/send-refused.ts'
import { createOutboxSmsSender } from '../adapters/sms/outbox.ts'
import type { SmsSender } from '../adapters/sms/sms.ts'
import { createLogger } from '../lib/logger.ts'
import { outboxMessages, shopCustomer } from '../test/factories/customers.ts'
import { testClock } from '../test/factories/doubles.ts'
import { buyPackage } from '../test/factories/payments.ts'
import { createShop } from '../test/factories/shop.ts'
import { staffUser } from '../test/factories/staff.ts'
import { describeApi, type TestApp } from '../test/harness.ts'
import { PAYMENT_JOBS } from '../modules/commerce/public.ts'
import { FAILED_WORK_MESSAGES, WORK_IN_WORDS } from './failed-jobs.ts'
import { createWorker } from './worker.ts'

const logger = createLogger('silent')
const clock = testClock('2026-11-23T10:00:00Z')
let appOf: (() => TestApp) | undefined
/** While true, the text provider refuses every receipt. */
let providerDown = true

const flakySms = (): SmsSender => ({
  kind: 'outbox',
  async send(message) {
    if (providerDown && /thank you\. /.test(message.body)) throw new SendRefused('The provider refused the message.')
    return createOutboxSmsSender(appOf!().outbox, logger, false).send(message)
  },
})

describeApi(
  'work that failed for good, shown to the salon’s owner and tried again',
  (t) => {
    appOf = t
    const worker = () => createWorker({ ...t().app.jobs, logger, now: clock.now })
    const receiptJob = async (paymentId: string) =>
      (
        await t()
          .db.select()
          .from(schema.jobs)
          .where(eq(schema.jobs.key, `receipt:${paymentId}`))
      )[0]!

    /** A customer buys a package with a texted receipt, and the provider refuses it on every try until the job gives up. */
    async function failedReceipt() {
      const customer = await shopCustomer(t())
      await t().db.update(schema.customers).set({ email: null }).where(eq(schema.customers.sub, customer.sub))
      const paymentId = (await buyPackage(t(), customer, t().shop.packages[0]!.id)).payment.id as string
      for (let tries = 0; (await receiptJob(paymentId)).status !== 'failed'; tries++) {
        expect(tries).toBeLessThan(20)
        await worker().runDue()
        clock.advance(24 * 3600_000)
      }
      return { customer, paymentId, job: await receiptJob(paymentId) }
    }

    it('the owner sees the salon’s failed work in words, with why and how often it was tried; staff and other salons do not', async () => {
      providerDown = true
      const { job } = await failedReceipt()
      const owner = await staffUser(t(), { role: 'owner' })
      expect(job.shopId).toBe(t().shop.id)

      const listed = await t().api('staff/jobs/failed', { headers: owner.headers })
      expect(listed.status).toBe(200)
      expect(listed.headers.get('cache-control')).toBe('private, no-store')
      expect(listed.json.jobs).toContainEqual({
        id: job.id,
        kind: PAYMENT_JOBS.receipt,
        what: 'A receipt to a customer',
        failedAt: job.finishedAt!.toISOString(),
        tries: job.maxAttempts,
        error: expect.stringContaining('The provider refused the message.'),
      })

      const staff = await staffUser(t(), { role: 'staff' })
      expect((await t().api('staff/jobs/failed', { headers: staff.headers })).status).toBe(403)
      expect((await t().api(`staff/jobs/${job.id}/retry`, { method: 'POST', headers: staff.headers })).status).toBe(403)

      const other = await createShop(t().db)
      const theirOwner = await staffUser(t(), { role: 'owner', shopId: other.id })
      const theirs = await t().api('staff/jobs/failed', { headers: { ...other.headers, ...theirOwner.headers } })
      expect(theirs.json.jobs ?? []).not.toContainEqual(expect.objectContaining({ id: job.id }))
      const stolen = await t().api(`staff/jobs/${job.id}/retry`, { method: 'POST', headers: { ...other.headers, ...theirOwner.headers } })
      expect(stolen.status).not.toBe(200)
      expect((await t().db.select().from(schema.jobs).where(eq(schema.jobs.id, job.id)))[0]!.status).toBe('failed')
    })

    it('tried again, sixty times at once: queued once, audited once, and sent once when the provider is back', async () => {
      providerDown = true
      const { customer, paymentId, job } = await failedReceipt()
      const owner = await staffUser(t(), { role: 'owner' })
      providerDown = false

      const answers = await Promise.all(Array.from({ length: 60 }, () => t().api(`staff/jobs/${job.id}/retry`, { method: 'POST', headers: owner.headers })))
      const statuses = answers.map((a) => a.status).sort()
      expect(statuses.filter((s) => s === 200)).toHaveLength(1)
      expect(statuses.filter((s) => s === 409)).toHaveLength(59)
      expect(answers.find((a) => a.status === 200)!.json.message).toBe('A receipt to a customer: it will be tried again in a moment.')
      expect(answers.find((a) => a.status === 409)!.json.message).toBe(FAILED_WORK_MESSAGES.notFailed)
      const audit = await t().db.select().from(schema.staffAuditLog).where(eq(schema.staffAuditLog.subjectId, job.id))
      expect(audit.map((a) => a.action)).toEqual(['work.retried'])

      await Promise.all([worker().runDue(), worker().runDue()])
      expect((await receiptJob(paymentId)).status).toBe('done')
      const receipts = (await outboxMessages(t().app, customer.phone)).filter((m) => m.body.includes(': thank you. '))
      expect(receipts).toHaveLength(1)
      expect((await t().api('staff/jobs/failed', { headers: owner.headers })).json.jobs).not.toContainEqual(expect.objectContaining({ id: job.id }))
    })

    it('an unknown job, or one that is not a uuid, is refused with a message and changes nothing', async () => {
      const owner = await staffUser(t(), { role: 'owner' })
      const unknown = await t().api('staff/jobs/00000000-0000-4000-8000-000000000000/retry', { method: 'POST', headers: owner.headers })
      expect(unknown).toMatchObject({ status: 404, json: { message: FAILED_WORK_MESSAGES.notFound } })
      expect((await t().api('staff/jobs/not-a-job/retry', { method: 'POST', headers: owner.headers })).status).toBe(400)
    })

    it('every kind of work the server does for a salon is named in words; the installation’s own work is not the salon’s', async () => {
      const kinds = Object.keys(t().app.jobs.handlers).filter((kind) => !kind.startsWith('sweep.') && !kind.startsWith('backup.'))
      expect(kinds.filter((kind) => !WORK_IN_WORDS[kind])).toEqual([])
      expect(Object.keys(WORK_IN_WORDS).filter((kind) => !kinds.includes(kind))).toEqual([])
    })
  },
  () => ({ now: clock.now, sms: flakySms() }),
)
