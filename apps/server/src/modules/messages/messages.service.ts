import type { EmailSender } from '../../adapters/email/email.ts'
import type { SmsSender } from '../../adapters/sms/sms.ts'
import { JobDeferred, type JobQueue } from '../../lib/job-queue.ts'
import { localDateOf, localTimeOf, outsideQuietHours } from '../../lib/local-time.ts'
import { addDays } from '@salon/contracts/dates'
import { formatPhone } from '@salon/contracts/rules/phone'
import { BOOKING_JOBS, bookingJobs, SKIN_REACTION_JOB, WAITLIST_JOBS } from '../booking/public.ts'
import { PAYMENT_JOBS, refusalMessage, VOUCHER_JOBS, type RefusedReason } from '../commerce/public.ts'
import { MEMBERSHIP_JOBS, RENEWAL_TEXTS } from '../memberships/public.ts'
import type { MessagesRepository, Recipient } from './messages.repository.ts'
import { createSendOnce, type SendResult } from './send-once.ts'
import {
  bookingCancelled,
  bookingConfirmed,
  bookingReminder,
  giftVoucher,
  minutesExpiring,
  paymentReceipt,
  paymentRefused,
  refundDone,
  purchaseRefundDone,
  skinReactionReported,
  waitlistOffer,
  type Message,
  type Payment,
  type Returned,
  type SalonWords,
} from './wording.ts'

/** The work the messages module does on the job queue, besides the booking module's kinds. */
export const MESSAGE_JOBS = {
  refundDone: 'payment.refund-done',
  minutesExpiring: 'lot.expiring',
  findExpiringMinutes: 'sweep.expiring-minutes',
} as const

const DAY = 24 * 3600_000
/** Minutes about to run out are told of this long before (docs/product.md §4.14). */
export const EXPIRY_NOTICE_MS = 7 * DAY

type Outcome = { sms?: SendResult | 'skipped' | 'none'; email?: SendResult | 'none' } | { skipped: string }

/**
 * The messages customers get about their bookings and money (docs/product.md §4.14), each a job on the shared queue:
 * the handler reads the booking or payment as it is now, writes the words (wording.ts), and sends each channel once
 * per key, never twice (send-once.ts). Texts respect the customer's booking-texts choice (STOP); what the customer
 * did not just ask for (reminders, expiring minutes) waits out the quiet hours.
 */
export function createMessagesService(deps: {
  repository: MessagesRepository
  queue: JobQueue
  sms: SmsSender
  email: EmailSender
  /** The site's address, for the links in messages. */
  linkBase: string
  now: () => number
}) {
  const { repository: repo, now } = deps
  const sendOnce = createSendOnce(repo, now)
  const jobs = bookingJobs(deps.queue, now)
  const link = (path: string) => `${deps.linkBase.replace(/\/+$/, '')}${path}`
  const salonOf = (shop: { name: string; phone: string }): SalonWords => ({ name: shop.name, phone: shop.phone })

  /** The message's text to this number, once (`key` names the message; the row's key adds the channel). */
  function textOnce(key: string, kind: string, shopId: string, to: { sub: string | null; phone: string }, body: string) {
    const { sms } = deps
    const text = { to: to.phone, body, shopId }
    return sendOnce(
      { key: `${key}:sms`, shopId, sub: to.sub, kind, channel: 'sms', recipient: to.phone, body, status: 'sending' },
      { send: () => sms.send(text), lookup: sms.lookup ? (since) => sms.lookup!({ to: text.to, body: text.body, since }) : undefined },
    )
  }

  /** The message's email to this address, once. */
  function emailOnce(key: string, kind: string, shopId: string, to: { sub: string | null; email: string }, { subject, text }: Message['email']) {
    return sendOnce(
      { key: `${key}:email`, shopId, sub: to.sub, kind, channel: 'email', recipient: to.email, body: `${subject}\n\n${text}`, status: 'sending' },
      { send: () => deps.email.send({ to: to.email, subject, text, shopId }) },
    )
  }

  /** A booking's message: a text (unless the customer turned booking texts off) and an email, each where they have one. */
  async function deliver(key: string, kind: string, shopId: string, to: Recipient, message: Message): Promise<Outcome> {
    const outcome: { sms?: SendResult | 'skipped' | 'none'; email?: SendResult | 'none' } = { sms: 'none', email: 'none' }
    if (to.phone && !to.bookingTexts) {
      const row = { key: `${key}:sms`, shopId, sub: to.sub, kind, channel: 'sms', recipient: to.phone, body: message.sms } as const
      await repo.claim({ ...row, status: 'skipped' }, new Date(now()))
      outcome.sms = 'skipped'
    } else if (to.phone) outcome.sms = await textOnce(key, kind, shopId, { ...to, phone: to.phone }, message.sms)
    if (to.email) outcome.email = await emailOnce(key, kind, shopId, { ...to, email: to.email }, message.email)
    return outcome
  }

  /** A payment's message, as its receipt always went: by email, else by text (not a booking text: the choice of those does not stop it). */
  async function deliverOne(key: string, kind: string, shopId: string, to: Recipient, message: Message): Promise<Outcome> {
    if (to.email) return { email: await emailOnce(key, kind, shopId, { ...to, email: to.email }, message.email) }
    if (to.phone) return { sms: await textOnce(key, kind, shopId, { ...to, phone: to.phone }, message.sms) }
    return { skipped: 'no address or number' }
  }

  /** Work the customer did not just ask for waits until 08:00 in the shop's time zone. */
  function notInQuietHours(timeZone: string) {
    const allowed = outsideQuietHours(now(), timeZone)
    if (allowed > now()) throw new JobDeferred(new Date(allowed))
  }

  async function sessionOf(bookingId: string) {
    const facts = await repo.bookingFacts(bookingId)
    if (!facts || facts.customer.erasedAt) return undefined
    const { booking, shop } = facts
    const payment: Payment =
      booking.paidWith === 'balance'
        ? { with: 'balance', minutes: booking.minutes }
        : booking.paidWith === 'membership'
          ? { with: 'membership' }
          : booking.paidWith === 'credit'
            ? { with: 'credit', pence: booking.pricePence }
            : booking.paidWith === 'card'
              ? { with: 'card', pence: facts.cardPayment?.amountPence ?? booking.pricePence }
              : { with: 'in_salon', pence: booking.pricePence }
    const session = {
      date: localDateOf(booking.startsAt.getTime(), shop.timeZone),
      time: localTimeOf(booking.startsAt.getTime(), shop.timeZone),
      endTime: localTimeOf(booking.endsAt.getTime(), shop.timeZone),
      bed: facts.bedName,
      minutes: booking.minutes,
      payment,
    }
    return { ...facts, session }
  }

  const handlers = {
    async [BOOKING_JOBS.confirmed](payload: Record<string, unknown>) {
      const facts = await sessionOf(String(payload.bookingId))
      if (!facts) return { skipped: 'no such booking or customer' }
      if (!['booked', 'attended'].includes(facts.booking.status)) return { skipped: `the booking is ${facts.booking.status}` }
      // The reminder is asked for with the confirmation: none when the booking is made inside the reminder's time.
      await jobs.reminder(facts.booking, facts.reminderHoursBefore, facts.shop.timeZone)
      const message = bookingConfirmed(salonOf(facts.shop), facts.session, link('/upcoming-booking/'), facts.customer.firstName)
      return deliver(`confirmation:${facts.booking.id}`, 'booking-confirmed', facts.shop.id, facts.customer, message)
    },

    /** A booking moved to another time: the reminder for its new time (the one for the old time will find it moved). */
    async [BOOKING_JOBS.moved](payload: Record<string, unknown>) {
      const facts = await sessionOf(String(payload.bookingId))
      if (!facts || facts.booking.status !== 'booked') return { skipped: 'no booked session' }
      return { reminder: await jobs.reminder(facts.booking, facts.reminderHoursBefore, facts.shop.timeZone) }
    },

    async [BOOKING_JOBS.reminder](payload: Record<string, unknown>) {
      const facts = await sessionOf(String(payload.bookingId))
      if (!facts) return { skipped: 'no such booking or customer' }
      const { booking } = facts
      // A booking cancelled or moved since the reminder was asked for gets no stale reminder.
      if (booking.status !== 'booked') return { skipped: `the booking is ${booking.status}` }
      if (booking.startsAt.toISOString() !== payload.startsAt) return { skipped: 'the booking was moved' }
      if (booking.startsAt.getTime() <= now()) return { skipped: 'the session has started' }
      notInQuietHours(facts.shop.timeZone)
      const message = bookingReminder(salonOf(facts.shop), facts.session, link('/upcoming-booking/'), facts.customer.firstName)
      return deliver(`reminder:${booking.id}:${booking.startsAt.toISOString()}`, 'booking-reminder', facts.shop.id, facts.customer, message)
    },

    async [BOOKING_JOBS.cancelled](payload: Record<string, unknown>) {
      const bookingId = String(payload.bookingId)
      const facts = await sessionOf(bookingId)
      if (!facts) return { skipped: 'no such booking or customer' }
      const { booking } = facts
      const by = booking.cancelledBy ? 'salon' : 'customer'
      const returned: Returned =
        booking.paidWith === 'balance' && facts.minutesReturned > 0
          ? { to: 'balance', minutes: facts.minutesReturned }
          : booking.paidWith === 'card' && facts.cardPayment
            ? { to: 'card', pence: facts.cardPayment.amountPence }
            : booking.paidWith === 'membership'
              ? { to: 'membership' }
              : booking.paidWith === 'credit'
                ? { to: 'credit', pence: booking.pricePence }
                : { to: 'nothing' }
      const message = bookingCancelled(salonOf(facts.shop), facts.session, by, returned, facts.customer.firstName)
      return deliver(`cancellation:${bookingId}`, 'booking-cancelled', facts.shop.id, facts.customer, message)
    },

    /**
     * A freed time held for a customer on the waitlist (docs/decisions/044): a text with the offer's link, once, while
     * the hold stands. The hold was made outside the quiet hours, so the text goes at once; none after the hold.
     */
    async [WAITLIST_JOBS.offerText](payload: Record<string, unknown>) {
      const facts = await sessionOf(String(payload.bookingId))
      if (!facts) return { skipped: 'no such hold or customer' }
      const { booking, shop, customer } = facts
      const until = booking.holdUntil?.getTime() ?? 0
      if (booking.status !== 'pending' || until <= now()) return { skipped: 'the hold has gone' }
      if (!customer.phone) return { skipped: 'no mobile number' }
      const message = waitlistOffer(
        salonOf(shop),
        facts.session,
        localTimeOf(until, shop.timeZone),
        link(`/waitlist-offer/${String(payload.token)}/`),
        customer.firstName,
      )
      return { sms: await textOnce(`waitlist-offer:${booking.id}`, 'waitlist-offer', shop.id, { ...customer, phone: customer.phone }, message.sms) }
    },

    async [MESSAGE_JOBS.refundDone](payload: Record<string, unknown>) {
      const facts = await repo.paymentFacts(String(payload.paymentId))
      if (!facts || facts.customer.erasedAt) return { skipped: 'no such payment or customer' }
      if (facts.payment.status !== 'refunded') return { skipped: `the payment is ${facts.payment.status}` }
      const startsAt = facts.booking?.startsAt ?? facts.payment.createdAt
      const session = { date: localDateOf(startsAt.getTime(), facts.shop.timeZone), time: localTimeOf(startsAt.getTime(), facts.shop.timeZone) }
      const message =
        facts.payment.purpose === 'package'
          ? purchaseRefundDone(
              salonOf(facts.shop),
              facts.payment.refundedPence ?? facts.payment.amountPence,
              facts.payment.description,
              facts.customer.firstName,
            )
          : refundDone(salonOf(facts.shop), facts.payment.amountPence, session, facts.customer.firstName)
      return deliver(`refund-done:${facts.payment.id}`, 'refund-done', facts.shop.id, facts.customer, message)
    },

    /**
     * The receipt of a payment that bought what it paid for, asked for in the transaction that settled it: a card
     * payment online by email, else by text; a sale at the counter by email only (the desk prints one otherwise).
     */
    async [PAYMENT_JOBS.receipt](payload: Record<string, unknown>) {
      const facts = await repo.paymentFacts(String(payload.paymentId))
      if (!facts || facts.customer.erasedAt) return { skipped: 'no such payment or customer' }
      const { payment, shop } = facts
      if (payment.refusedReason || !['succeeded', 'refunded'].includes(payment.status)) return { skipped: `the payment is ${payment.status}` }
      const read = (await repo.receipt(payment.id))!
      if (read.counter && !facts.customer.email) return { skipped: 'a counter sale to a customer with no email address' }
      const message = paymentReceipt(salonOf(shop), read.receipt, facts.customer.firstName)
      const to = read.counter ? { ...facts.customer, phone: null } : facts.customer
      return deliverOne(`receipt:${payment.id}`, 'payment-receipt', shop.id, to, message)
    },

    /**
     * The notice of a payment refused as its promo code could no longer be used. It says the money went back, so it
     * waits for the refund: a try before it fails and is retried (the payment's next confirmation retries the refund).
     */
    async [PAYMENT_JOBS.refusedNotice](payload: Record<string, unknown>) {
      const facts = await repo.paymentFacts(String(payload.paymentId))
      if (!facts || facts.customer.erasedAt) return { skipped: 'no such payment or customer' }
      const { payment, shop, promo } = facts
      if (!payment.refusedReason || !promo) return { skipped: 'the payment was not refused' }
      if (payment.status !== 'refunded') throw new Error('The refused payment has not been refunded yet: its notice waits for the refund.')
      const notice = refusalMessage(payment.refusedReason as RefusedReason, promo, payment)
      const message = paymentRefused(salonOf(shop), payment, notice, facts.customer.firstName)
      return deliverOne(`refused-notice:${payment.id}`, 'payment-refused', shop.id, facts.customer, message)
    },

    /**
     * A gift voucher to its recipient on its day, by email and text where the buyer gave them; once, whatever the
     * retries (send-once.ts). A text not in the quiet hours; nothing once its payment was refunded.
     */
    async [VOUCHER_JOBS.send](payload: Record<string, unknown>) {
      const facts = await repo.voucherFacts(String(payload.voucherId))
      if (!facts) return { skipped: 'no such voucher' }
      const { voucher, shop } = facts
      if (voucher.status !== 'issued') return { skipped: `the voucher is ${voucher.status}` }
      if (!voucher.pendingCode) return { skipped: 'already sent' }
      // A text waits out the quiet hours; an email alone wakes nobody and goes at once.
      if (voucher.recipientPhone) notInQuietHours(shop.timeZone)
      const lastDate = localDateOf(voucher.expiresAt!.getTime() - 1, shop.timeZone)
      const message = giftVoucher(salonOf(shop), { ...voucher, code: voucher.pendingCode, lastDate }, link('/account/balance/'))
      const outcome: Outcome = {
        sms: voucher.recipientPhone
          ? await textOnce(`voucher:${voucher.id}`, 'gift-voucher', shop.id, { sub: null, phone: voucher.recipientPhone }, message.sms)
          : 'none',
        email: voucher.recipientEmail
          ? await emailOnce(`voucher:${voucher.id}`, 'gift-voucher', shop.id, { sub: null, email: voucher.recipientEmail }, message.email)
          : 'none',
      }
      await repo.voucherSent(voucher.id, new Date(now()), voucher.pendingCode)
      return outcome
    },

    async [MESSAGE_JOBS.minutesExpiring](payload: Record<string, unknown>) {
      const facts = await repo.lotFacts(String(payload.lotId))
      if (!facts || facts.customer.erasedAt) return { skipped: 'no such lot or customer' }
      const { lot, shop } = facts
      if (lot.remaining <= 0 || lot.expiresAt.getTime() <= now()) return { skipped: 'nothing left to use' }
      notInQuietHours(shop.timeZone)
      // expires_at is the first instant the minutes can no longer be used: the last day is the one before it.
      const lastDate = localDateOf(lot.expiresAt.getTime() - 1, shop.timeZone)
      const message = minutesExpiring(salonOf(shop), { label: lot.label, remaining: lot.remaining, lastDate }, link('/book/'), facts.customer.firstName)
      return deliver(`expiry-notice:${lot.id}`, 'minutes-expiring', shop.id, facts.customer, message)
    },

    /** The salon's own email when a customer reports a skin reaction (docs/product.md §4.15): once, to the shop's address. */
    async [SKIN_REACTION_JOB](payload: Record<string, unknown>) {
      const facts = await repo.reactionFacts(String(payload.reactionId))
      if (!facts || facts.customer.erasedAt) return { skipped: 'no such reaction or customer' }
      const { reaction, shop, customer } = facts
      const customerName = [customer.firstName, customer.lastName].filter(Boolean).join(' ') || 'A customer'
      const notice = skinReactionReported(
        salonOf(shop),
        {
          customerName,
          mobile: customer.phone ? formatPhone(customer.phone) : null,
          session: { date: localDateOf(facts.startsAt.getTime(), shop.timeZone), time: localTimeOf(facts.startsAt.getTime(), shop.timeZone) },
          kinds: reaction.kinds,
          note: reaction.note,
          pausedUntil: addDays(localDateOf(reaction.reportedAt.getTime(), shop.timeZone), shop.reactionPauseDays),
          needsClearance: reaction.needsClearance,
        },
        link(`/staff/customers/${customer.sub}/`),
      )
      const email = await sendOnce(
        {
          key: `skin-reaction:${reaction.id}:email`,
          shopId: shop.id,
          sub: customer.sub,
          kind: 'skin-reaction-reported',
          channel: 'email',
          recipient: shop.email,
          body: `${notice.subject}\n\n${notice.text}`,
          status: 'sending',
        },
        { send: () => deps.email.send({ to: shop.email, subject: notice.subject, text: notice.text, shopId: shop.id }) },
      )
      return { email }
    },

    /**
     * The text about a membership renewal that did not go through (docs/product.md "Memberships"): once per try,
     * outside the quiet hours, saying when it is tried again or that the membership is paused.
     */
    async [MEMBERSHIP_JOBS.paymentFailed](payload: Record<string, unknown>) {
      const facts = await repo.membershipPaymentFacts(String(payload.paymentId))
      if (!facts || facts.customer.erasedAt) return { skipped: 'no such payment or customer' }
      const { payment, shop, customer } = facts
      if (payment.status !== 'failed') return { skipped: `the payment is ${payment.status}` }
      if (!customer.phone) return { skipped: 'no mobile number' }
      notInQuietHours(shop.timeZone)
      const at = typeof payload.retryAt === 'string' ? Date.parse(payload.retryAt) : null
      const cardLink = link('/account/membership/')
      const body = at
        ? RENEWAL_TEXTS.retry(shop.name, facts.planName, payment.amountPence, localDateOf(at, shop.timeZone), cardLink)
        : RENEWAL_TEXTS.paused(shop.name, facts.planName, payment.amountPence, cardLink)
      const key = `membership-payment-failed:${payment.id}`
      return { sms: await textOnce(key, 'membership-payment-failed', shop.id, { ...customer, phone: customer.phone }, body) }
    },

    /** Asks, once per lot, for the notice of minutes that run out within a week (for lots that lasted longer than that). */
    async [MESSAGE_JOBS.findExpiringMinutes]() {
      const lots = await repo.lotsExpiringBetween(new Date(now()), new Date(now() + EXPIRY_NOTICE_MS))
      let asked = 0
      for (const lot of lots) {
        const added = await deps.queue.enqueue({
          kind: MESSAGE_JOBS.minutesExpiring,
          key: `expiry-notice:${lot.id}`,
          payload: { lotId: lot.id },
          runAt: new Date(outsideQuietHours(now(), lot.timeZone)),
        })
        if (added) asked++
      }
      return { asked }
    },
  }

  return {
    handlers,
    periodic: [{ kind: MESSAGE_JOBS.findExpiringMinutes, everyMs: 3600_000 }],
  }
}
export type MessagesService = ReturnType<typeof createMessagesService>
