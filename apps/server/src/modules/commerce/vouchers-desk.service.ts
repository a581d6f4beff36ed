import { randomUUID } from 'node:crypto'
import { poundsAndPence } from '@salon/contracts/rules/money'
import { formatVoucherCode, voucherCodeFrom } from '@salon/contracts/rules/vouchers'
import type { DeskVoucher, DeskVoucherRedeemResponse, DeskVoucherSale } from '@salon/contracts/vouchers'
import type { Db } from '@salon/db'
import { HttpError } from '../../lib/errors.ts'
import { describeDate, localDateOf } from '../../lib/local-time.ts'
import { createAuditLog, type StaffActor } from '../shop/public.ts'
import type { CommerceRepository } from './commerce.repository.ts'
import { lockTill } from './counter.repository.ts'
import type { VoucherRow, VouchersRepository } from './vouchers.repository.ts'
import { hashVoucherCode, newVoucherCode, VOUCHER_MESSAGES, type Vouchers } from './vouchers.service.ts'

const METHOD_WORDS = { cash: 'in cash', card_terminal: 'on the card terminal' } as const

export const DESK_VOUCHER_MESSAGES = {
  otherSale: 'This idempotency key was used for a different sale. Please send a new key.',
} as const

/** Gift vouchers at the desk: sold for cash or on the card terminal (in the day's takings), looked up, and spent in part or whole. */
export function createDeskVouchers(deps: {
  db: Db
  vouchers: VouchersRepository
  commerce: CommerceRepository
  service: Pick<Vouchers, 'expiryOf' | 'countGuess' | 'unusable'>
  shopOf: (shopId: string) => Promise<{ timeZone: string }>
  now: () => number
}) {
  const { vouchers: repo, now } = deps
  const lastDayOf = (v: VoucherRow, timeZone: string) => (v.expiresAt ? localDateOf(v.expiresAt.getTime() - 1, timeZone) : null)

  function deskView(v: VoucherRow, timeZone: string): DeskVoucher {
    const expired = v.status === 'issued' && v.expiresAt!.getTime() <= now()
    const status = expired ? 'expired' : v.status === 'issued' && v.remainingPence === 0 ? 'used' : (v.status as DeskVoucher['status'])
    return { voucherId: v.id, codeEnd: v.codeEnd, status, valuePence: v.valuePence, remainingPence: v.remainingPence, lastDay: lastDayOf(v, timeZone) }
  }

  async function codeOf(actor: StaffActor, address: string, typed: string) {
    await deps.service.countGuess(address, `staff:${actor.sub}`)
    const code = voucherCodeFrom(typed)
    if (!code) throw new HttpError(404, VOUCHER_MESSAGES.noSuchCode)
    return code
  }

  return {
    /** POST staff/vouchers/sales */
    async sell(
      actor: StaffActor,
      request: { method: 'cash' | 'card_terminal'; amountPence?: number; packageId?: string; recipientName?: string; idempotencyKey: string },
    ): Promise<{ sale: DeskVoucherSale; created: boolean }> {
      const shopId = actor.shopId
      const shop = await deps.shopOf(shopId)
      const pkg = request.packageId ? await deps.commerce.activePackage(shopId, request.packageId) : undefined
      if (request.packageId && !pkg) throw new HttpError(404, 'There is no such package on sale.')
      const valuePence = pkg?.pricePence ?? request.amountPence!
      const code = newVoucherCode()
      const outcome = await deps.db.transaction(async (tx) => {
        const at = new Date(now())
        await lockTill(tx, shopId)
        const again = await deps.commerce.paymentByKeyWithoutCustomer(shopId, request.idempotencyKey, tx)
        if (again) {
          const voucher = await repo.byPayment(again.id, tx)
          if (!voucher || again.provider !== request.method || voucher.valuePence !== valuePence) throw new HttpError(409, DESK_VOUCHER_MESSAGES.otherSale)
          return { voucher, created: false }
        }
        const payment = await deps.commerce.insertPaymentWithoutCustomer(
          {
            id: randomUUID(),
            shopId,
            sub: null,
            idempotencyKey: request.idempotencyKey,
            provider: request.method,
            recordedBy: actor.sub,
            status: 'succeeded',
            succeededAt: at,
            createdAt: at,
            purpose: 'voucher',
            packageId: pkg?.id ?? null,
            description: pkg ? `Gift voucher: ${pkg.name}` : `${poundsAndPence(valuePence)} gift voucher`,
            pricePence: valuePence,
            amountPence: valuePence,
          },
          tx,
        )
        const voucher = await repo.insert(
          {
            id: randomUUID(),
            shopId,
            codeHash: hashVoucherCode(code),
            codeEnd: code.slice(-4),
            status: 'issued',
            valuePence,
            remainingPence: valuePence,
            packageId: pkg?.id ?? null,
            paymentId: payment!.id,
            fromName: '',
            recipientName: request.recipientName ?? '',
            soldBy: actor.sub,
            createdAt: at,
            issuedAt: at,
            expiresAt: await deps.service.expiryOf(shopId, at, shop.timeZone, tx),
          },
          tx,
        )
        await createAuditLog(tx).record(actor, {
          action: 'voucher.sell',
          subjectType: 'payment',
          subjectId: payment!.id,
          after: { paymentId: payment!.id, voucherId: voucher.id, method: request.method, amountPence: valuePence },
        })
        return { voucher, created: true }
      })
      const { voucher } = outcome
      const lastDay = lastDayOf(voucher, shop.timeZone)!
      return {
        created: outcome.created,
        sale: {
          paymentId: voucher.paymentId!,
          voucherId: voucher.id,
          code: outcome.created ? formatVoucherCode(code) : null,
          valuePence,
          lastDay,
          recipientName: voucher.recipientName,
          message: `${poundsAndPence(valuePence)} taken ${METHOD_WORDS[request.method]}. The gift voucher is ready to print, to use by ${describeDate(lastDay)}.`,
        },
      }
    },

    /** POST staff/vouchers/lookup: a voucher handed over at the desk, as it stands (the code counts as a guess). */
    async lookup(actor: StaffActor, address: string, typed: string): Promise<DeskVoucher> {
      const code = await codeOf(actor, address, typed)
      const voucher = await repo.byCode(actor.shopId, hashVoucherCode(code))
      if (!voucher) throw new HttpError(404, VOUCHER_MESSAGES.noSuchCode)
      return deskView(voucher, (await deps.shopOf(actor.shopId)).timeZone)
    },

    /** POST staff/vouchers/redemptions: part or all of what is left, against a sale; the rest stays on the voucher. */
    async redeem(actor: StaffActor, address: string, request: { code: string; amountPence: number; sub?: string }): Promise<DeskVoucherRedeemResponse> {
      const code = await codeOf(actor, address, request.code)
      const shop = await deps.shopOf(actor.shopId)
      const voucher = await deps.db.transaction(async (tx) => {
        const at = new Date(now())
        const found = await repo.lockByCode(actor.shopId, hashVoucherCode(code), tx)
        const refused = deps.service.unusable(found, at)
        if (refused || !found) throw refused
        if (request.amountPence > found.remainingPence) {
          throw new HttpError(409, `This gift voucher has only ${poundsAndPence(found.remainingPence)} left.`)
        }
        const spent = await repo.spend(found.id, request.amountPence, at, tx)
        if (!spent) throw new HttpError(409, VOUCHER_MESSAGES.used)
        await repo.addRedemption(
          {
            id: randomUUID(),
            shopId: actor.shopId,
            voucherId: found.id,
            amountPence: request.amountPence,
            sub: request.sub ?? null,
            recordedBy: actor.sub,
            at,
          },
          tx,
        )
        await createAuditLog(tx).record(actor, {
          action: 'voucher.redeem',
          subjectType: 'voucher',
          subjectId: found.id,
          after: { voucherId: found.id, amountPence: request.amountPence, remainingPence: spent.remainingPence },
        })
        return spent
      })
      const view = deskView(voucher, shop.timeZone)
      return {
        ...view,
        message: `${poundsAndPence(request.amountPence)} taken from the gift voucher. ${poundsAndPence(voucher.remainingPence)} is left on it.`,
      }
    },
  }
}
export type DeskVouchers = ReturnType<typeof createDeskVouchers>
