import type { VoucherCheckoutRequest, VoucherOptions } from '@salon/contracts/vouchers'
import { useState, type FormEvent } from 'react'
import { Field, TextAreaField } from '../../components/ui/field.tsx'
import { formatAmount } from '../../lib/format.ts'
import {
  emptyGiftVoucherForm,
  giftChoices,
  giftVoucherRequest,
  lastSendDay,
  longDay,
  MESSAGE_MAX,
  NAME_MAX,
  NO_RECIPIENT_CONTACT,
  type GiftChoice,
  type GiftVoucherField,
  type GiftVoucherForm,
} from './gift-voucher.ts'

export interface ChosenGift {
  request: VoucherCheckoutRequest
  choice: GiftChoice
}

/**
 * The gift voucher's details: an amount or a package as a gift, the buyer's and the recipient's names, the
 * recipient's mobile number or email address, a message and the day to send it. Checked here first; the salon
 * checks them again when the payment starts.
 */
export function GiftVoucherDetails({
  options,
  today,
  initial,
  onContinue,
}: {
  options: VoucherOptions
  today: string
  initial: GiftVoucherForm | null
  onContinue: (form: GiftVoucherForm, chosen: ChosenGift) => void
}) {
  const choices = giftChoices(options)
  const [form, setForm] = useState<GiftVoucherForm>(initial ?? emptyGiftVoucherForm(today))
  const [errors, setErrors] = useState<Partial<Record<GiftVoucherField, string>>>({})

  const set = (field: GiftVoucherField) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }))
    // An email address answers "mobile number or email address" beside the mobile number too.
    const answered: GiftVoucherField[] = field === 'recipientEmail' && errors.recipientPhone === NO_RECIPIENT_CONTACT ? [field, 'recipientPhone'] : [field]
    if (answered.some((f) => errors[f])) setErrors((e) => ({ ...e, ...Object.fromEntries(answered.map((f) => [f, undefined])) }))
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const checked = giftVoucherRequest(form, today)
    if (!checked.ok) {
      setErrors(checked.errors)
      const first = event.currentTarget.querySelector<HTMLElement>('[aria-invalid="true"], [data-choice-error]')
      first?.focus()
      return
    }
    const choice = choices.find((c) => c.value === form.choice)
    if (choice) onContinue(form, { request: checked.request, choice })
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Gift voucher" className="card flex max-w-2xl flex-col gap-5 p-5 sm:p-6">
      <fieldset className="flex flex-col gap-3" aria-describedby={errors.choice ? 'gift-choice-error' : undefined}>
        <legend className="mb-2 text-lg font-semibold text-cocoa-900">Value</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {choices
            .filter((c) => c.value.startsWith('amount:'))
            .map((c) => (
              <ChoiceOption key={c.value} choice={c} checked={form.choice === c.value} onChange={set('choice')} />
            ))}
        </div>
        {choices.some((c) => c.value.startsWith('package:')) && (
          <>
            <p className="text-sm font-semibold text-cocoa-800">Or a package as a gift</p>
            <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
              {choices
                .filter((c) => c.value.startsWith('package:'))
                .map((c) => (
                  <ChoiceOption key={c.value} choice={c} checked={form.choice === c.value} onChange={set('choice')} />
                ))}
            </div>
          </>
        )}
        {errors.choice && (
          <p id="gift-choice-error" className="text-sm font-medium text-coral-700" tabIndex={-1} data-choice-error>
            {errors.choice}
          </p>
        )}
      </fieldset>

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field
          label="Your name"
          autoComplete="name"
          maxLength={NAME_MAX}
          value={form.fromName}
          onChange={(e) => set('fromName')(e.target.value)}
          error={errors.fromName}
        />
        <Field
          label="Recipient's name"
          autoComplete="off"
          maxLength={NAME_MAX}
          value={form.recipientName}
          onChange={(e) => set('recipientName')(e.target.value)}
          error={errors.recipientName}
        />
        <Field
          label="Recipient's mobile number"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          value={form.recipientPhone}
          onChange={(e) => set('recipientPhone')(e.target.value)}
          error={errors.recipientPhone}
        />
        <Field
          label="Recipient's email address"
          type="email"
          autoComplete="off"
          value={form.recipientEmail}
          onChange={(e) => set('recipientEmail')(e.target.value)}
          error={errors.recipientEmail}
        />
      </div>
      <p className="-mt-2 text-sm text-cocoa-600">We send the voucher by text, by email, or both: give at least one.</p>
      <TextAreaField
        label="Message (optional)"
        rows={3}
        maxLength={MESSAGE_MAX}
        value={form.message}
        onChange={(e) => set('message')(e.target.value)}
        hint={`${form.message.length} of ${MESSAGE_MAX} characters`}
        error={errors.message}
      />
      <Field
        label="Day to send it"
        type="date"
        min={today}
        max={lastSendDay(today)}
        value={form.sendOn}
        onChange={(e) => set('sendOn')(e.target.value)}
        hint={form.sendOn === today ? 'Today: it is sent as soon as you have paid.' : 'It is sent at 9am on that day.'}
        error={errors.sendOn}
      />
      <p className="text-sm text-cocoa-600">A voucher can be used for {options.expiryMonths} months from the day it is paid for, online or at the salon.</p>
      <button type="submit" className="btn-primary w-full sm:w-auto sm:self-start">
        Continue to payment
      </button>
    </form>
  )
}

function ChoiceOption({ choice, checked, onChange }: { choice: GiftChoice; checked: boolean; onChange: (value: string) => void }) {
  return (
    <label
      className={`flex min-h-12 cursor-pointer items-center gap-2 rounded-xl border px-3 py-2 font-semibold ${
        checked ? 'border-brand-teal bg-brand-teal/10 text-cocoa-900' : 'border-cocoa-200 bg-white text-cocoa-800'
      }`}
    >
      <input
        type="radio"
        name="gift-choice"
        value={choice.value}
        checked={checked}
        onChange={() => onChange(choice.value)}
        className="size-5 accent-brand-teal"
      />
      {choice.label}
    </label>
  )
}

/** The voucher being paid for, beside the payment. */
export function GiftVoucherSummary({ chosen, onChange }: { chosen: ChosenGift; onChange: () => void }) {
  const { request, choice } = chosen
  const to = [request.recipientPhone, request.recipientEmail].filter(Boolean).join(' and ')
  return (
    <>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2">
        <dt className="text-cocoa-600">Gift voucher</dt>
        <dd className="font-semibold">{choice.value.startsWith('package:') ? choice.label : formatAmount(choice.pricePence)}</dd>
        <dt className="text-cocoa-600">From</dt>
        <dd className="break-words">{request.fromName}</dd>
        <dt className="text-cocoa-600">For</dt>
        <dd className="break-words">{request.recipientName}</dd>
        <dt className="text-cocoa-600">Sent to</dt>
        <dd className="break-words">{to}</dd>
        <dt className="text-cocoa-600">On</dt>
        <dd>{longDay(request.sendOn)}</dd>
        {request.message && (
          <>
            <dt className="text-cocoa-600">Message</dt>
            <dd className="break-words">“{request.message}”</dd>
          </>
        )}
      </dl>
      <button type="button" onClick={onChange} className="self-start text-sm font-semibold text-brand-teal underline underline-offset-2">
        Change the details
      </button>
    </>
  )
}
