import { shortDate } from '@salon/contracts/dates'
import { poundsAndPence } from '@salon/contracts/rules/money'
import { formatVoucherCode } from '@salon/contracts/rules/vouchers'
import { describeDate } from '../../lib/local-time.ts'
import { vatRateWords } from '@salon/contracts/rules/vat'
import type { Receipt } from '@salon/contracts/staff-retail'

/**
 * The words of every message the salon sends a customer about their bookings and money (docs/product.md §8.10),
 * in one place. Dates are the shop's local dates (YYYY-MM-DD) and times its local HH:MM; money is in pence.
 */

export interface SalonWords {
  name: string
  phone: string
}

/** How a session is paid, as the messages say it. */
export type Payment =
  | { with: 'balance'; minutes: number }
  | { with: 'card'; pence: number }
  | { with: 'in_salon'; pence: number }
  | { with: 'membership' }
  | { with: 'credit'; pence: number }

export interface SessionWords {
  date: string
  time: string
  endTime: string
  bed: string
  minutes: number
  payment: Payment
}

export interface Message {
  sms: string
  email: { subject: string; text: string }
}

const minutesWord = (n: number) => `${n} minute${n === 1 ? '' : 's'}`

function paidLine(payment: Payment): string {
  switch (payment.with) {
    case 'balance':
      return `${minutesWord(payment.minutes)} from your balance`
    case 'card':
      return `${poundsAndPence(payment.pence)}, paid by card`
    case 'in_salon':
      return `${poundsAndPence(payment.pence)}, to pay in the salon`
    case 'membership':
      return 'with your membership'
    case 'credit':
      return `${poundsAndPence(payment.pence)}, paid with your gift voucher credit`
  }
}

const when = (s: Pick<SessionWords, 'date' | 'time'>) => `${shortDate(s.date)} at ${s.time}`

function email(salon: SalonWords, subject: string, firstName: string | null, lines: string[]) {
  return { subject, text: [`Hello${firstName ? ` ${firstName}` : ''},`, '', ...lines, '', salon.name, salon.phone].join('\n') }
}

export function bookingConfirmed(salon: SalonWords, session: SessionWords, link: string, firstName: string | null): Message {
  const what = `${session.bed}, ${minutesWord(session.minutes)}, ${paidLine(session.payment)}`
  return {
    sms: `${salon.name}: you're booked for ${when(session)} (${what}). Your bookings: ${link}`,
    email: email(salon, `Your sunbed session on ${shortDate(session.date)} at ${session.time}`, firstName, [
      `You're booked for ${when(session)} to ${session.endTime}.`,
      `Sunbed: ${session.bed}`,
      `Session: ${minutesWord(session.minutes)}`,
      `Payment: ${paidLine(session.payment)}`,
      '',
      `Your upcoming bookings: ${link}`,
    ]),
  }
}

export function bookingReminder(salon: SalonWords, session: SessionWords, link: string, firstName: string | null): Message {
  return {
    sms: `${salon.name}: a reminder of your sunbed session on ${when(session)} (${session.bed}, ${minutesWord(session.minutes)}). Can't make it? Cancel or see your bookings: ${link}`,
    email: email(salon, `Reminder: your sunbed session on ${shortDate(session.date)} at ${session.time}`, firstName, [
      `A reminder of your sunbed session on ${when(session)} to ${session.endTime}.`,
      `Sunbed: ${session.bed}`,
      `Session: ${minutesWord(session.minutes)}`,
      `Payment: ${paidLine(session.payment)}`,
      '',
      `Can't make it? Cancel or see your bookings: ${link}`,
    ]),
  }
}

/** Where what was paid for a cancelled session went. */
export type Returned =
  { to: 'balance'; minutes: number } | { to: 'card'; pence: number } | { to: 'membership' } | { to: 'credit'; pence: number } | { to: 'nothing' }

function returnedLine(returned: Returned): string {
  switch (returned.to) {
    case 'balance':
      return `The ${minutesWord(returned.minutes)} are back on your balance.`
    case 'card':
      return `Your card payment of ${poundsAndPence(returned.pence)} is being refunded: we will text you when it is done.`
    case 'membership':
      return 'It no longer counts against your membership.'
    case 'credit':
      return `${poundsAndPence(returned.pence)} is back on your account as gift voucher credit.`
    case 'nothing':
      return 'Nothing was paid for it.'
  }
}

export function bookingCancelled(
  salon: SalonWords,
  session: Pick<SessionWords, 'date' | 'time'>,
  by: 'customer' | 'salon',
  returned: Returned,
  firstName: string | null,
): Message {
  const what = by === 'salon' ? 'has been cancelled by the salon' : 'is cancelled'
  const rebook = by === 'salon' ? `Call us on ${salon.phone} to rebook.` : ''
  const sentence = `Your sunbed session on ${when(session)} ${what}. ${returnedLine(returned)}`
  return {
    sms: `${salon.name}: ${sentence}${rebook ? ` ${rebook}` : ''}`,
    email: email(salon, `Your sunbed session on ${shortDate(session.date)} is cancelled`, firstName, [sentence, ...(rebook ? [rebook] : [])]),
  }
}

export function refundDone(salon: SalonWords, pence: number, session: Pick<SessionWords, 'date' | 'time'>, firstName: string | null): Message {
  const sentence = `Your refund of ${poundsAndPence(pence)} for the session on ${when(session)} has been made to your card. It can take 5 to 10 working days to show on your statement.`
  return { sms: `${salon.name}: ${sentence}`, email: email(salon, `Your refund of ${poundsAndPence(pence)}`, firstName, [sentence]) }
}

/** A package bought online, given back to the card by the salon (docs/product.md §10.3): told once the card provider confirms. */
export function purchaseRefundDone(salon: SalonWords, pence: number, description: string, firstName: string | null): Message {
  const sentence = `Your refund of ${poundsAndPence(pence)} for ${description} has been made to your card. It can take 5 to 10 working days to show on your statement.`
  return { sms: `${salon.name}: ${sentence}`, email: email(salon, `Your refund of ${poundsAndPence(pence)}`, firstName, [sentence]) }
}

export function minutesExpiring(
  salon: SalonWords,
  lot: { label: string; remaining: number; lastDate: string },
  link: string,
  firstName: string | null,
): Message {
  const sentence = `${minutesWord(lot.remaining)} of your ${lot.label} can be used until ${shortDate(lot.lastDate)}.`
  return {
    sms: `${salon.name}: ${sentence} Book a session: ${link}`,
    email: email(salon, `Your minutes run out on ${shortDate(lot.lastDate)}`, firstName, [sentence, '', `Book a session: ${link}`]),
  }
}

const hello = (firstName: string | null) => `Hello${firstName ? ` ${firstName}` : ''},`

/** How a receipt says it was paid: "Paid in cash", "Paid by the card ending 4242". */
function paidWords(paidBy: string): string {
  if (paidBy === 'Cash') return 'Paid in cash'
  if (paidBy === 'Card terminal') return 'Paid on the card terminal'
  const card = /^Card ending (\d{4})$/.exec(paidBy)
  return card ? `Paid by the card ending ${card[1]}` : 'Paid'
}

/**
 * A sale's receipt (commerce's receiptOf, the one the desk prints): by email, else, for a card payment made online,
 * by text. Each line, the discount, how it was paid and, for a VAT-registered salon, the VAT at each rate and its number.
 */
export function paymentReceipt(salon: Pick<SalonWords, 'name'>, receipt: Receipt, firstName: string | null): Message {
  const lineWords = (line: Receipt['lines'][number]) =>
    `${line.description}${line.quantity > 1 ? ` ×${line.quantity}` : ''}: ${poundsAndPence(line.totalPence)}`
  const vat = receipt.vat
    ? [
        '',
        ...receipt.vat.lines.map((line) => `VAT at ${vatRateWords(line.rateBps)}: ${poundsAndPence(line.vatPence)} of ${poundsAndPence(line.grossPence)}`),
        `VAT number: ${receipt.vat.number}`,
      ]
    : []
  const text = [
    hello(firstName),
    '',
    `Thank you for your purchase at ${salon.name}.`,
    '',
    ...receipt.lines.map(lineWords),
    ...(receipt.discountPence ? [`Discount: -${poundsAndPence(receipt.discountPence)}`] : []),
    `${paidWords(receipt.paidBy)}: ${poundsAndPence(receipt.totalPence)}`,
    ...vat,
    `Payment reference: ${receipt.paymentId}`,
    ...(receipt.test ? ['', 'This was a test payment: no real payment was taken.'] : []),
  ].join('\n')
  const what = receipt.lines.map((line) => line.description).join(', ')
  return {
    sms: `${salon.name}: thank you. ${what}, paid ${poundsAndPence(receipt.totalPence)}. Ref ${receipt.paymentId.slice(0, 8)}.`,
    email: { subject: `Your receipt from ${salon.name}`, text },
  }
}

/**
 * A card payment refused once the money came, as its promo code could no longer be used, and refunded in full:
 * `notice` is the commerce module's sentence of why, the one the checkout's answer gives too.
 */
export function paymentRefused(
  salon: Pick<SalonWords, 'name'>,
  payment: { id: string; amountPence: number },
  notice: string,
  firstName: string | null,
): Message {
  return {
    sms: `${salon.name}: your payment of ${poundsAndPence(payment.amountPence)} was refunded and nothing was bought, as its promo code could no longer be used. Ref ${payment.id.slice(0, 8)}.`,
    email: {
      subject: `Your payment was refunded: ${salon.name}`,
      text: [hello(firstName), '', notice, '', `Payment reference: ${payment.id}`].join('\n'),
    },
  }
}

/** What the customer reported after a session, for the salon's own notice. */
export interface ReactionWords {
  customerName: string
  /** As the salon dials it; null when the record has none. */
  mobile: string | null
  session: Pick<SessionWords, 'date' | 'time'>
  kinds: readonly string[]
  note: string
  /** The local date from which the customer may have a session again. */
  pausedUntil: string
  /** Itching after a first session: a member of staff must clear it before the next booking. */
  needsClearance: boolean
}

/** The email to the salon's own address when a customer reports a skin reaction (docs/product.md §4.14, §4.15). */
export function skinReactionReported(salon: SalonWords, reaction: ReactionWords, recordLink: string): { subject: string; text: string } {
  return {
    subject: `Skin reaction reported: ${reaction.customerName}`,
    text: [
      `${reaction.customerName} has reported a skin reaction after their session on ${when(reaction.session)}.`,
      '',
      `Mobile: ${reaction.mobile ?? 'not given'}`,
      `Reaction: ${reaction.kinds.join(', ')}`,
      `Note: ${reaction.note.trim() || 'none'}`,
      '',
      `Booking is paused until ${shortDate(reaction.pausedUntil)}.`,
      ...(reaction.needsClearance ? ['This was itching after their first session: a member of staff must clear it before their next booking.'] : []),
      '',
      `Their record: ${recordLink}`,
      '',
      salon.name,
    ].join('\n'),
  }
}

/** A freed time offered to a customer on the waitlist, held for them until `until` (docs/product.md "Waitlist"). */
export function waitlistOffer(
  salon: SalonWords,
  session: Pick<SessionWords, 'date' | 'time' | 'bed' | 'minutes'>,
  until: string,
  link: string,
  firstName: string | null,
): Message {
  return {
    sms: `${salon.name}: a sunbed time has come free: ${when(session)} (${session.bed}, ${minutesWord(session.minutes)}). It's held for you until ${until}. Book it: ${link}`,
    email: email(salon, `A sunbed time has come free: ${shortDate(session.date)} at ${session.time}`, firstName, [
      `A sunbed time you were waiting for has come free: ${when(session)} (${session.bed}, ${minutesWord(session.minutes)}).`,
      `It's held for you until ${until}. Book it: ${link}`,
    ]),
  }
}

export interface VoucherWords {
  code: string
  valuePence: number
  fromName: string
  recipientName: string
  message: string | null
  /** The last local date it can be used on. */
  lastDate: string
}

/** A gift voucher to its recipient, on the day its buyer chose (docs/product.md "Gift vouchers"). */
export function giftVoucher(salon: SalonWords, voucher: VoucherWords, link: string): Message {
  const value = poundsAndPence(voucher.valuePence)
  const code = formatVoucherCode(voucher.code)
  const from = voucher.fromName || 'Someone'
  const note = voucher.message ? ` "${voucher.message}"` : ''
  return {
    sms: `${salon.name}: ${from} has sent you a ${value} gift voucher.${note} Your code: ${code}. Use it by ${describeDate(voucher.lastDate)}: redeem it at ${link} or show it at the desk.`,
    email: email(salon, `A ${value} gift voucher from ${from}`, voucher.recipientName, [
      `${from} has sent you a ${value} gift voucher for ${salon.name}.`,
      ...(voucher.message ? ['', `"${voucher.message}"`, ''] : []),
      `Your code: ${code}`,
      `Value: ${value}`,
      `Use it by: ${describeDate(voucher.lastDate)}`,
      `Redeem it on your balance page (${link}) once you have an account, or show this code at the desk.`,
    ]),
  }
}
