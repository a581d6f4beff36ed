import { addDays } from '@salon/contracts/dates'
import { isEmailAddress } from '@salon/contracts/rules/email'
import { checkPhone } from '@salon/contracts/rules/phone'
import { MONTHS, WEEKDAYS } from '@salon/contracts/uk-calendar'
import type { BoughtVoucher, VoucherCheckoutRequest, VoucherOptions } from '@salon/contracts/vouchers'
import { formatAmount } from '../../lib/format.ts'

/** The gift voucher page's address; `?paid=PAYMENT` shows the buyer's confirmation. */
export const GIFT_VOUCHERS_PATH = '/gift-vouchers/'
export const giftVoucherPaidUrl = (paymentId: string) => `${GIFT_VOUCHERS_PATH}?${new URLSearchParams({ paid: paymentId })}`

/** What the buyer has typed and chosen. `choice` is "amount:2500" or "package:ID". */
export interface GiftVoucherForm {
  choice: string
  fromName: string
  recipientName: string
  recipientPhone: string
  recipientEmail: string
  message: string
  sendOn: string
}

export type GiftVoucherField = keyof GiftVoucherForm

export const MESSAGE_MAX = 300
export const NAME_MAX = 60

/** One choice of value: an amount the owner allows, or a package as a gift. */
export interface GiftChoice {
  value: string
  label: string
  pricePence: number
}

/** The amounts, then the packages when the salon sells them as gifts. */
export function giftChoices(options: VoucherOptions): GiftChoice[] {
  const amounts = options.amountsPence.map((pence) => ({ value: `amount:${pence}`, label: formatAmount(pence), pricePence: pence }))
  const packages = options.packagesAsGifts
    ? options.packages.map((pkg) => ({ value: `package:${pkg.id}`, label: `${pkg.name} (${formatAmount(pkg.pricePence)})`, pricePence: pkg.pricePence }))
    : []
  return [...amounts, ...packages]
}

export const emptyGiftVoucherForm = (today: string): GiftVoucherForm => ({
  choice: '',
  fromName: '',
  recipientName: '',
  recipientPhone: '',
  recipientEmail: '',
  message: '',
  sendOn: today,
})

export const NO_RECIPIENT_CONTACT = 'Please give the mobile number or the email address to send the voucher to.'

/** The form checked before anything is sent: the request to start the checkout, or what to correct beside each field. */
export function giftVoucherRequest(
  form: GiftVoucherForm,
  today: string,
): { ok: true; request: VoucherCheckoutRequest } | { ok: false; errors: Partial<Record<GiftVoucherField, string>> } {
  const errors: Partial<Record<GiftVoucherField, string>> = {}
  const [kind, value = ''] = form.choice.split(':')
  if (kind !== 'amount' && kind !== 'package') errors.choice = 'Please choose an amount or a package.'
  if (!form.fromName.trim()) errors.fromName = 'Please enter your name.'
  else if (form.fromName.trim().length > NAME_MAX) errors.fromName = `Please keep your name to ${NAME_MAX} characters.`
  if (!form.recipientName.trim()) errors.recipientName = "Please enter the recipient's name."
  else if (form.recipientName.trim().length > NAME_MAX) errors.recipientName = `Please keep the name to ${NAME_MAX} characters.`
  const phone = form.recipientPhone.trim()
  const email = form.recipientEmail.trim()
  if (!phone && !email) errors.recipientPhone = NO_RECIPIENT_CONTACT
  if (phone && !checkPhone(phone).ok) errors.recipientPhone = 'Please enter a UK mobile number, for example 07700 900123.'
  if (email && !isEmailAddress(email)) errors.recipientEmail = 'Please enter an email address, for example name@example.com.'
  if (form.message.trim().length > MESSAGE_MAX) errors.message = `Please keep the message to ${MESSAGE_MAX} characters.`
  if (!/^\d{4}-\d{2}-\d{2}$/.test(form.sendOn)) errors.sendOn = 'Please choose the day to send the voucher.'
  else if (form.sendOn < today) errors.sendOn = 'The day to send the voucher cannot be in the past.'
  else if (form.sendOn > lastSendDay(today)) errors.sendOn = 'The day to send the voucher must be within a year from today.'
  if (Object.keys(errors).length > 0) return { ok: false, errors }
  return {
    ok: true,
    request: {
      ...(kind === 'amount' ? { amountPence: Number(value) } : { packageId: value }),
      fromName: form.fromName.trim(),
      recipientName: form.recipientName.trim(),
      ...(phone ? { recipientPhone: phone } : {}),
      ...(email ? { recipientEmail: email } : {}),
      ...(form.message.trim() ? { message: form.message.trim() } : {}),
      sendOn: form.sendOn,
    },
  }
}

/** The last day a voucher may be sent on: a year from today. */
export const lastSendDay = (today: string) => addDays(today, 365)

/** A date written YYYY-MM-DD as "Monday 23 November 2026". */
export function longDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  return `${WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]} ${d} ${MONTHS[m - 1]} ${y}`
}

export const NOT_PAID_YET = 'This gift voucher has not been paid for yet.'

/** The buyer's confirmation (docs/product.md, Gift vouchers). */
export function giftVoucherConfirmation(voucher: BoughtVoucher): string {
  if (voucher.status === 'awaiting_payment') return NOT_PAID_YET
  const sent = voucher.sendOn ? ` will be sent on ${longDay(voucher.sendOn)}` : ' is ready'
  return `Thank you. Your ${formatAmount(voucher.valuePence)} gift voucher for ${voucher.recipientName}${sent}.`
}
