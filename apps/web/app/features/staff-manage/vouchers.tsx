import type { StaffVoucher, StaffVouchersResponse, VoucherSettings } from '@salon/contracts/vouchers'
import { VOUCHER_MAX_AMOUNTS, VOUCHER_MAX_EXPIRY_MONTHS, VOUCHER_MAX_POUNDS, VOUCHER_MIN_EXPIRY_MONTHS } from '@salon/contracts/rules/vouchers'
import { useState } from 'react'
import { Field } from '../../components/ui/field.tsx'
import { formatAmount, formatPence } from '../../lib/format.ts'
import { Badge, dateTime, Empty, FormFooter, longDate, onSubmitted, Panel, SubmitButton, Toggle, useFormAction } from '../staff/public.ts'
import { manageCalls } from './manage-calls.ts'
import { wholeOf } from './money.ts'

export const AMOUNTS_REFUSED = `Please give up to ${VOUCHER_MAX_AMOUNTS} whole amounts in pounds from £1 to ${formatPence(VOUCHER_MAX_POUNDS * 100)}, separated by commas, for example 10, 20, 25, 50.`
export const MONTHS_REFUSED = `Please give a whole number of months from ${VOUCHER_MIN_EXPIRY_MONTHS} to ${VOUCHER_MAX_EXPIRY_MONTHS}.`

/** "10, 20, £25" → [1000, 2000, 2500], sorted, without repeats; null when any part is not a whole number of pounds in range. */
export function amountsOf(text: string): number[] | null {
  const parts = text
    .split(/[,\s]+/)
    .map((part) => part.replace(/^£/, '').replace(/\.00$/, ''))
    .filter(Boolean)
  const pounds = parts.map((part) => wholeOf(part))
  if (pounds.length === 0 || pounds.some((p) => p === null || p < 1 || p > VOUCHER_MAX_POUNDS)) return null
  const pence = [...new Set(pounds.map((p) => p! * 100))].sort((a, b) => a - b)
  return pence.length > VOUCHER_MAX_AMOUNTS ? null : pence
}

/** The owner's gift voucher settings: the amounts offered online, packages as gifts, and how many months a voucher lasts. */
export function VoucherSettingsForm({ settings }: { settings: VoucherSettings }) {
  const [amounts, setAmounts] = useState(settings.amountsPence.map((p) => String(p / 100)).join(', '))
  const [months, setMonths] = useState(String(settings.expiryMonths))
  const [packagesAsGifts, setPackagesAsGifts] = useState(settings.packagesAsGifts)
  const [local, setLocal] = useState<Record<string, string>>({})
  const action = useFormAction()
  const errors = { ...action.errors, ...local }

  async function save() {
    const amountsPence = amountsOf(amounts)
    const expiryMonths = wholeOf(months)
    const monthsOk = expiryMonths !== null && expiryMonths >= VOUCHER_MIN_EXPIRY_MONTHS && expiryMonths <= VOUCHER_MAX_EXPIRY_MONTHS
    const found = { ...(amountsPence ? {} : { amountsPence: AMOUNTS_REFUSED }), ...(monthsOk ? {} : { expiryMonths: MONTHS_REFUSED }) }
    setLocal(found)
    if (!amountsPence || !monthsOk) return action.setNotice({ kind: 'error', text: 'Please check the fields marked in red.' })
    const answer = await action.run(
      () => manageCalls.saveVoucherSettings({ amountsPence, expiryMonths: expiryMonths!, packagesAsGifts }),
      'Gift voucher settings saved. Vouchers sold from now follow them.',
    )
    if (answer) {
      setAmounts(answer.amountsPence.map((p) => String(p / 100)).join(', '))
      setMonths(String(answer.expiryMonths))
      setPackagesAsGifts(answer.packagesAsGifts)
    }
  }

  return (
    <Panel
      variant="section"
      id="voucher-settings"
      title="Selling gift vouchers"
      description="What customers may buy a gift voucher for on the gift voucher page, and how long a voucher lasts. At the desk you may sell any whole amount."
    >
      <form onSubmit={onSubmitted(save)} noValidate className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Amounts (£)"
            inputMode="numeric"
            autoComplete="off"
            value={amounts}
            onChange={(e) => setAmounts(e.target.value)}
            error={errors.amountsPence}
            hint={`Whole pounds, separated by commas: at most ${VOUCHER_MAX_AMOUNTS}.`}
          />
          <Field
            label="A voucher lasts (months)"
            inputMode="numeric"
            autoComplete="off"
            value={months}
            onChange={(e) => setMonths(e.target.value)}
            error={errors.expiryMonths}
            hint={`From ${VOUCHER_MIN_EXPIRY_MONTHS} to ${VOUCHER_MAX_EXPIRY_MONTHS} months after it is issued.`}
          />
        </div>
        <Toggle
          label="Sell packages as gifts"
          hint="A package's price becomes the voucher's value."
          checked={packagesAsGifts}
          onChange={setPackagesAsGifts}
          error={errors.packagesAsGifts}
        />
        <FormFooter notice={action.notice}>
          <SubmitButton pending={action.pending}>Save voucher settings</SubmitButton>
        </FormFooter>
      </form>
    </Panel>
  )
}

const STATUS: Record<StaffVoucher['status'], { label: string; tone: 'good' | 'warn' | 'bad' | 'neutral' }> = {
  issued: { label: 'Valid', tone: 'good' },
  used: { label: 'Used in full', tone: 'neutral' },
  expired: { label: 'Expired', tone: 'warn' },
  void: { label: 'Refunded', tone: 'bad' },
  awaiting_payment: { label: 'Not paid for yet', tone: 'warn' },
}

/** The vouchers issued, the newest first: when and where sold, value, what is left, last day and status; never the code. */
export function VouchersList({ list }: { list: StaffVouchersResponse }) {
  const { vouchers } = list
  const outstanding = vouchers.filter((v) => v.status === 'issued').reduce((sum, v) => sum + v.remainingPence, 0)
  return (
    <Panel
      variant="section"
      id="vouchers"
      title="Vouchers sold"
      description={
        vouchers.length === list.limit
          ? `The latest ${list.limit}. The vouchers report under Reports covers them all.`
          : 'Each voucher is known by the last four characters of its code: the code itself is never kept.'
      }
    >
      {vouchers.length === 0 ? (
        <Empty title="No gift vouchers yet">Vouchers bought online or sold at the counter are listed here.</Empty>
      ) : (
        <div className="flex flex-col gap-3">
          <p className="text-cocoa-800">
            Still to be spent on valid vouchers: <strong className="tabular-nums">{formatAmount(outstanding)}</strong>
          </p>
          <ul className="flex flex-col divide-y divide-cocoa-100 rounded-xl border border-cocoa-200 bg-white" aria-label="Gift vouchers">
            {vouchers.map((v) => (
              <li key={v.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3">
                <div className="min-w-0">
                  <p className="font-semibold text-cocoa-950">
                    <span className="font-mono">…{v.codeEnd}</span> · {formatAmount(v.valuePence)}
                    {v.recipientName && <span className="font-normal text-cocoa-700"> for {v.recipientName}</span>}
                  </p>
                  <p className="text-sm text-cocoa-600">
                    {v.soldAt === 'desk' ? 'Sold at the desk' : 'Bought online'} {dateTime(v.issuedAt)}
                    {v.lastDay && ` · use by ${longDate(v.lastDay)}`}
                  </p>
                </div>
                <div className="flex items-center gap-3">
                  <span className="text-sm text-cocoa-800 tabular-nums">{formatAmount(v.remainingPence)} left</span>
                  <Badge tone={STATUS[v.status].tone}>{STATUS[v.status].label}</Badge>
                </div>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Panel>
  )
}
