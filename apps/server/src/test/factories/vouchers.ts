import { randomUUID } from 'node:crypto'
import { eq, schema } from '@salon/db'
import { outboxMessages } from './customers.ts'
import { newAddress } from './doubles.ts'
import { payWithCard } from './payments.ts'
import type { TestApp } from '../harness.ts'
import { hashVoucherCode, newVoucherCode } from '../../modules/commerce/vouchers.service.ts'

/** The app's today in the UK (the shop's zone), from its clock. */
const todayOf = (t: TestApp) => new Date(t.now()).toLocaleDateString('en-CA', { timeZone: 'Europe/London' })

/** A voucher sold and issued, as if paid: answers its code as the recipient would type it, and its row. */
export async function issuedVoucher(t: TestApp, valuePence: number, lastsMs = 365 * 24 * 3600_000) {
  const code = newVoucherCode()
  const at = new Date(t.now())
  const [row] = await t.db
    .insert(schema.giftVouchers)
    .values({
      id: randomUUID(),
      shopId: t.shop.id,
      codeHash: hashVoucherCode(code),
      codeEnd: code.slice(-4),
      status: 'issued',
      valuePence,
      remainingPence: valuePence,
      fromName: 'The salon',
      recipientName: 'A friend',
      createdAt: at,
      issuedAt: at,
      expiresAt: new Date(at.getTime() + lastsMs),
    })
    .returning()
  return { code, voucher: row! }
}

/** A visitor (no account) buys a voucher by card, from a network of their own: answers the checkout and the code sent. */
export async function buyVoucher(t: TestApp, body: Record<string, unknown> = {}) {
  const email = `gift-${randomUUID()}@example.com`
  const started = await t.api('gift_vouchers', {
    body: { amountPence: 2500, fromName: 'Sam', recipientName: 'Alex', recipientEmail: email, message: 'Happy birthday!', sendOn: todayOf(t), ...body },
    headers: { 'idempotency-key': randomUUID(), 'x-forwarded-for': newAddress() },
  })
  if (started.status !== 201) throw new Error(`the checkout did not start: ${started.status} ${JSON.stringify(started.json)}`)
  const paid = await payWithCard(t, started.json.payment)
  if (paid.json.status !== 'succeeded') throw new Error(`the card was not taken: ${JSON.stringify(paid.json)}`)
  return { started, email, paymentId: started.json.payment.id as string }
}

export const voucherOf = async (t: TestApp, paymentId: string) =>
  (await t.db.select().from(schema.giftVouchers).where(eq(schema.giftVouchers.paymentId, paymentId)))[0]!

/** The code in the voucher's message, as the recipient reads it. */
export async function codeSentTo(t: TestApp, to: string) {
  const messages = await outboxMessages(t.app, to)
  const code = messages.map((m) => /Your code: ([0-9A-Z-]+)/.exec(m.body)?.[1]).find(Boolean)
  if (!code) throw new Error(`no voucher reached ${to}`)
  return code
}

/**
 * Gift voucher credit on a customer's account: a voucher of `pence` issued and redeemed by them online, lasting
 * `lastsMs` from the app's now. Answers the credit lot.
 */
export async function creditOnAccount(t: TestApp, customer: { sub: string; headers: Record<string, string> }, pence: number, lastsMs?: number) {
  const { code, voucher } = await issuedVoucher(t, pence, lastsMs)
  const redeemed = await t.api('p_account/vouchers', { body: { code }, headers: { ...customer.headers, 'x-forwarded-for': newAddress() } })
  if (redeemed.status !== 200) throw new Error(`the voucher was not redeemed: ${redeemed.status} ${JSON.stringify(redeemed.json)}`)
  const [lot] = await t.db.select().from(schema.creditLots).where(eq(schema.creditLots.voucherId, voucher.id))
  return lot!
}

/** What is left of a customer's gift voucher credit, as their balance page reads it. */
export const creditLeft = async (t: TestApp, customer: { headers: Record<string, string> }) =>
  (await t.api('p_account/credit', { headers: customer.headers })).json.creditPence as number
