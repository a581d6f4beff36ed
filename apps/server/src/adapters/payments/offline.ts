import { randomBytes, timingSafeEqual } from 'node:crypto'
import { OpenAPIHono } from '@hono/zod-openapi'
import { TestAuthenticateRequest, TestConfirmRequest, type TestIntentResponse } from '@salon/contracts/commerce'
import { CARD_REFUSALS, cardDigits, cardProblem, testCardOutcome } from '@salon/contracts/rules/test-cards'
import { eq, schema, sql, type Db } from '@salon/db'
import { HttpError, validationHook } from '../../lib/errors.ts'
import type { IntentStatus, PaymentProviderAdapter, ProviderIntent } from './payments.ts'

const { testPaymentIntents: intents, testKeptCards: keptCards } = schema

/** Stripe's message when the customer does not confirm a payment their card asked them to. */
export const AUTHENTICATION_FAILED = 'We are unable to authenticate your payment method. Please choose a different payment method and try again.'

const REFUSAL_MESSAGES: Record<string, string> = {
  card_declined: CARD_REFUSALS.declined,
  insufficient_funds: CARD_REFUSALS.insufficient_funds,
  payment_intent_authentication_failure: AUTHENTICATION_FAILED,
}

type IntentRow = typeof intents.$inferSelect

const toIntent = (row: IntentRow): ProviderIntent => ({
  ref: row.id,
  clientSecret: row.clientSecret,
  status: row.status as IntentStatus,
  amountPence: row.amountPence,
  currency: row.currency,
  metadata: row.metadata as Record<string, string>,
  cardLast4: row.cardLast4,
})

const toResponse = (row: IntentRow): TestIntentResponse => ({
  id: row.id,
  status: row.status as TestIntentResponse['status'],
  amountPence: row.amountPence,
  error: row.lastError ? { code: row.lastError, message: REFUSAL_MESSAGES[row.lastError] ?? CARD_REFUSALS.declined } : null,
})

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/**
 * The offline test processor: a card processor of its own, kept in the database, that behaves as Stripe does
 * with Stripe's published test cards and refuses every other number. It takes no real payment, ever. The
 * browser confirms an intent with its client secret at /test-payments/v1/payment_intents/{id}/…, as it would
 * at Stripe; a success is reported to `onSucceeded` at once, as Stripe's webhook would report it.
 */
export function createOfflinePayments(db: Db, options: { now?: () => number } = {}) {
  const now = options.now ?? Date.now

  async function find(id: string) {
    const [row] = await db.select().from(intents).where(eq(intents.id, id))
    return row
  }

  const adapter: PaymentProviderAdapter = {
    kind: 'offline',
    publishableKey: null,

    async createIntent(intent) {
      const id = `pi_test_${randomBytes(12).toString('hex')}`
      await db
        .insert(intents)
        .values({
          id,
          clientSecret: `${id}_secret_${randomBytes(16).toString('hex')}`,
          amountPence: intent.amountPence,
          currency: intent.currency,
          idempotencyKey: intent.idempotencyKey,
          metadata: intent.keepCard ? { ...intent.metadata, keepCard: 'true' } : intent.metadata,
        })
        .onConflictDoNothing({ target: intents.idempotencyKey })
      const [row] = await db.select().from(intents).where(eq(intents.idempotencyKey, intent.idempotencyKey))
      return toIntent(row!)
    },

    async retrieveIntent(ref) {
      const row = await find(ref)
      if (!row) throw new HttpError(404, `There is no payment ${ref.slice(0, 40)} at the test processor.`)
      return toIntent(row)
    },

    async cancelIntent(ref) {
      await db
        .update(intents)
        .set({ status: 'canceled' })
        .where(sql`${intents.id} = ${ref} and ${intents.status} in ('requires_payment_method', 'requires_confirmation', 'requires_action')`)
      return adapter.retrieveIntent(ref)
    },

    /** The test processor keeps when an intent was refunded; a refund of part of it is recorded the same way. */
    async refund(ref) {
      await db
        .update(intents)
        .set({ refundedAt: new Date(now()) })
        .where(sql`${intents.id} = ${ref} and ${intents.status} = 'succeeded' and ${intents.refundedAt} is null`)
    },

    cards: {
      async keptCardOf(ref) {
        const [row] = await db
          .select({ ref: keptCards.id, last4: keptCards.last4 })
          .from(keptCards)
          .innerJoin(intents, eq(intents.id, keptCards.intentId))
          .where(sql`${keptCards.intentId} = ${ref} and ${intents.status} = 'succeeded'`)
        return row ?? null
      },

      /** Charges as the kept test card does: 4242 is taken, a card the bank now refuses (outcome changed) is declined. */
      async chargeKeptCard(charge) {
        const [card] = await db.select().from(keptCards).where(eq(keptCards.id, charge.cardRef))
        if (!card) throw new HttpError(404, `There is no kept card ${charge.cardRef.slice(0, 40)} at the test processor.`)
        const id = `pi_test_${randomBytes(12).toString('hex')}`
        const refused = card.outcome === 'succeeds' ? null : card.outcome === 'declined' ? 'card_declined' : 'insufficient_funds'
        await db
          .insert(intents)
          .values({
            id,
            clientSecret: `${id}_secret_${randomBytes(16).toString('hex')}`,
            amountPence: charge.amountPence,
            currency: charge.currency,
            idempotencyKey: charge.idempotencyKey,
            metadata: charge.metadata,
            status: refused ? 'requires_payment_method' : 'succeeded',
            lastError: refused,
            cardLast4: refused ? null : card.last4,
          })
          .onConflictDoNothing({ target: intents.idempotencyKey })
        const [row] = await db.select().from(intents).where(eq(intents.idempotencyKey, charge.idempotencyKey))
        const error = row!.lastError ? (REFUSAL_MESSAGES[row!.lastError] ?? CARD_REFUSALS.declined) : null
        return { ref: row!.id, status: row!.status === 'succeeded' ? 'succeeded' : 'failed', error }
      },
    },
  }

  /** Keeps the card of an intent made to keep it (a membership's), as the test card would charge later. */
  async function keepCard(row: IntentRow, number: string) {
    if ((row.metadata as Record<string, string>).keepCard !== 'true') return
    const outcome = testCardOutcome(number) === 'succeeds' ? 'succeeds' : 'declined'
    const last4 = cardDigits(number).slice(-4)
    await db
      .insert(keptCards)
      .values({ id: `pm_test_${randomBytes(12).toString('hex')}`, intentId: row.id, outcome, last4 })
      .onConflictDoUpdate({ target: keptCards.intentId, set: { outcome, last4 } })
  }

  /**
   * The browser's side of the processor. A refused card is reported to `onRefused`, as Stripe's webhook reports
   * payment_intent.payment_failed; what the processor answers is the intent as it stands after (cancelled, when the
   * refusal ended a payment holding gift voucher credit).
   */
  function routes(onSucceeded: (ref: string) => Promise<void>, onRefused?: (ref: string) => Promise<void>) {
    const app = new OpenAPIHono({ defaultHook: validationHook })

    async function intentFor(id: string, clientSecret: string) {
      const row = await find(id)
      // One answer for an unknown intent and a wrong secret: neither tells a prober which ids exist.
      if (!row || !sameSecret(row.clientSecret, clientSecret)) throw new HttpError(404, 'There is no such payment, or its client secret is wrong.')
      return row
    }

    /** Moves the intent on only from the status it was read in, so two confirmations of one intent cannot both count. */
    async function move(row: IntentRow, from: string, changes: Partial<IntentRow>) {
      const [moved] = await db
        .update(intents)
        .set(changes)
        .where(sql`${intents.id} = ${row.id} and ${intents.status} = ${from}`)
        .returning()
      if (!moved) throw new HttpError(409, 'This payment changed while you were paying. Please reload the page.')
      if (moved.status === 'succeeded') await onSucceeded(moved.id)
      if (moved.lastError && onRefused) {
        await onRefused(moved.id)
        return (await find(moved.id)) ?? moved
      }
      return moved
    }

    app.post('/:id/confirm', async (c) => {
      const parsed = TestConfirmRequest.safeParse(await c.req.json().catch(() => null))
      if (!parsed.success) throw new HttpError(400, 'Please send the client secret and the card: number, expiry (MM/YY) and security code.')
      const { clientSecret, card } = parsed.data
      const row = await intentFor(c.req.param('id'), clientSecret)
      if (row.status === 'succeeded') return c.json(toResponse(row))
      if (row.status === 'requires_action') throw new HttpError(409, 'This payment is waiting for you to confirm it.')
      if (row.status === 'canceled') throw new HttpError(409, 'This payment was cancelled. Please start again.')
      const today = new Date(now())
      const problem = cardProblem(card, { year: today.getUTCFullYear(), month: today.getUTCMonth() + 1 })
      if (problem) throw new HttpError(422, problem)
      const last4 = cardDigits(card.number).slice(-4)
      const outcome = testCardOutcome(card.number)!
      if (outcome === 'succeeds' || outcome === 'requires_action') await keepCard(row, card.number)
      const changes: Partial<IntentRow> =
        outcome === 'succeeds'
          ? { status: 'succeeded', lastError: null, cardLast4: last4 }
          : outcome === 'requires_action'
            ? { status: 'requires_action', lastError: null, cardLast4: last4 }
            : { lastError: outcome === 'declined' ? 'card_declined' : 'insufficient_funds', cardLast4: null }
      return c.json(toResponse(await move(row, 'requires_payment_method', changes)))
    })

    app.post('/:id/authenticate', async (c) => {
      const parsed = TestAuthenticateRequest.safeParse(await c.req.json().catch(() => null))
      if (!parsed.success) throw new HttpError(400, 'Please send the client secret and approve (true or false).')
      const row = await intentFor(c.req.param('id'), parsed.data.clientSecret)
      if (row.status === 'succeeded') return c.json(toResponse(row))
      if (row.status !== 'requires_action') throw new HttpError(409, 'This payment is not waiting for a confirmation.')
      const changes: Partial<IntentRow> = parsed.data.approve
        ? { status: 'succeeded', lastError: null }
        : { status: 'requires_payment_method', lastError: 'payment_intent_authentication_failure', cardLast4: null }
      return c.json(toResponse(await move(row, 'requires_action', changes)))
    })

    return app
  }

  return { adapter, routes }
}
export type OfflinePayments = ReturnType<typeof createOfflinePayments>
