import { normaliseVatNumber, VAT_NUMBER_MESSAGE } from '@salon/contracts/rules/vat'
import type { OpeningDay, SalonDetails, SalonSettings } from '@salon/contracts/staff-manage'
import { WEEKDAYS } from '@salon/contracts/uk-calendar'
import { useState } from 'react'
import { Field } from '../../components/ui/field.tsx'
import { manageCalls } from './manage-calls.ts'
import { FormFooter, onSubmitted, Panel, SubmitButton, useFormAction } from '../staff/public.ts'

/** A VAT number as typed, checked as the server checks it: empty is fine (not VAT-registered). */
export function vatNumberProblem(typed: string): string | undefined {
  return typed.trim() === '' || normaliseVatNumber(typed) !== null ? undefined : `${VAT_NUMBER_MESSAGE.charAt(0).toUpperCase()}${VAT_NUMBER_MESSAGE.slice(1)}.`
}

/**
 * The salon's name, tagline, address and how customers reach it, as the website shows them; and its VAT number, which
 * its receipts show.
 */
export function SalonDetailsForm({ settings }: { settings: SalonSettings }) {
  const [values, setValues] = useState<SalonDetails>(settings.details)
  const [vatProblem, setVatProblem] = useState<string | undefined>()
  const action = useFormAction()
  const set = (field: keyof SalonDetails) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value }))

  async function save() {
    // Sent as typed (the server keeps it as GB and its digits); empty clears it.
    const vatNumber = values.vatNumber?.trim() ?? ''
    const problem = vatNumberProblem(vatNumber)
    setVatProblem(problem)
    if (problem) {
      action.setNotice({ kind: 'error', text: 'Please check the VAT number.' })
      return
    }
    const saved = await action.run(() => manageCalls.saveSalon({ ...values, vatNumber }), 'Salon details saved. The website shows them now.')
    if (saved) {
      setValues(saved.details)
    }
  }

  const e = action.errors
  return (
    <Panel variant="section" id="details" title="Salon details" description="Your salon's name, address and contact details on every page of the website.">
      <form onSubmit={onSubmitted(save)} noValidate>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Salon name" value={values.name} onChange={set('name')} error={e.name} maxLength={100} autoComplete="organization" />
          <Field label="Tagline" value={values.tagline} onChange={set('tagline')} error={e.tagline} maxLength={200} />
          <Field
            label="Address"
            value={values.addressLine1}
            onChange={set('addressLine1')}
            error={e.addressLine1}
            maxLength={100}
            autoComplete="address-line1"
          />
          <Field
            label="Address, second line"
            value={values.addressLine2}
            onChange={set('addressLine2')}
            error={e.addressLine2}
            maxLength={100}
            autoComplete="address-line2"
          />
          <Field label="Town" value={values.town} onChange={set('town')} error={e.town} maxLength={60} autoComplete="address-level2" />
          <Field label="Postcode" value={values.postcode} onChange={set('postcode')} error={e.postcode} maxLength={20} autoComplete="postal-code" />
          <Field label="Phone" type="tel" value={values.phone} onChange={set('phone')} error={e.phone} maxLength={20} autoComplete="tel" />
          <Field label="Email" type="email" value={values.email} onChange={set('email')} error={e.email} maxLength={254} autoComplete="email" />
          <Field
            label="VAT number"
            value={values.vatNumber ?? ''}
            onChange={set('vatNumber')}
            error={vatProblem ?? e.vatNumber}
            maxLength={30}
            autoCapitalize="characters"
            spellCheck={false}
            hint="Set it if the salon is VAT-registered: receipts then show the VAT at each rate. Leave it empty if not."
          />
        </div>
        <FormFooter notice={action.notice}>
          <SubmitButton pending={action.pending}>Save details</SubmitButton>
        </FormFooter>
      </form>
    </Panel>
  )
}

interface DayRow {
  open: boolean
  opensAt: string
  closesAt: string
}

// Monday first, as a salon's week reads.
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0]

const rowsOf = (hours: OpeningDay[]): DayRow[] =>
  WEEKDAYS.map((_, weekday) => {
    const day = hours.find((h) => h.weekday === weekday)
    return { open: Boolean(day), opensAt: day?.opensAt ?? '09:00', closesAt: day?.closesAt ?? '18:00' }
  })

/** The whole week's opening hours; a day switched off is closed. */
export function OpeningHoursForm({ settings }: { settings: SalonSettings }) {
  const [rows, setRows] = useState(() => rowsOf(settings.openingHours))
  const action = useFormAction()
  const set = (weekday: number, change: Partial<DayRow>) => setRows((all) => all.map((row, i) => (i === weekday ? { ...row, ...change } : row)))

  // The server's messages name the place of a day in the list it was sent.
  const sent = rows.flatMap((row, weekday) => (row.open ? [{ weekday, opensAt: row.opensAt, closesAt: row.closesAt }] : []))
  const errorOf = (weekday: number, field: 'opensAt' | 'closesAt') => {
    const index = sent.findIndex((day) => day.weekday === weekday)
    return index >= 0 ? action.errors[`hours.${index}.${field}`] : undefined
  }

  async function save() {
    const saved = await action.run(() => manageCalls.saveHours(sent), 'Opening hours saved. Free times follow them now.')
    if (saved) {
      setRows(rowsOf(saved.openingHours))
    }
  }

  return (
    <Panel variant="section" id="hours" title="Opening hours" description="The whole week. Customers can book only while the salon is open.">
      <form onSubmit={onSubmitted(save)} noValidate>
        <ul className="flex flex-col divide-y divide-cocoa-100">
          {WEEK_ORDER.map((weekday) => {
            const row = rows[weekday]!
            const name = WEEKDAYS[weekday]!
            return (
              <li key={weekday} className="grid grid-cols-[7.5rem_1fr] items-center gap-3 py-3 sm:grid-cols-[9rem_8rem_1fr]">
                <span className="font-semibold text-cocoa-900">{name}</span>
                <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-cocoa-700">
                  <input
                    type="checkbox"
                    role="switch"
                    className="size-6 accent-brand-teal"
                    checked={row.open}
                    onChange={(event) => set(weekday, { open: event.target.checked })}
                    aria-label={`Open on ${name}`}
                  />
                  {row.open ? 'Open' : 'Closed'}
                </label>
                {row.open ? (
                  <div className="col-span-2 flex flex-wrap items-start gap-2 sm:col-span-1">
                    <TimeInput
                      label={`${name} opens at`}
                      value={row.opensAt}
                      onChange={(opensAt) => set(weekday, { opensAt })}
                      error={errorOf(weekday, 'opensAt')}
                    />
                    <span className="pt-3 text-cocoa-600" aria-hidden="true">
                      to
                    </span>
                    <TimeInput
                      label={`${name} closes at`}
                      value={row.closesAt}
                      onChange={(closesAt) => set(weekday, { closesAt })}
                      error={errorOf(weekday, 'closesAt')}
                    />
                  </div>
                ) : (
                  <span className="col-span-2 text-sm text-cocoa-600 sm:col-span-1">No bookings on {name}s.</span>
                )}
              </li>
            )
          })}
        </ul>
        <FormFooter notice={action.notice}>
          <SubmitButton pending={action.pending}>Save opening hours</SubmitButton>
        </FormFooter>
      </form>
    </Panel>
  )
}

function TimeInput({ label, value, onChange, error }: { label: string; value: string; onChange: (value: string) => void; error?: string }) {
  return (
    <div className="flex flex-col gap-1">
      <input
        type="time"
        step={300}
        aria-label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        className="field-input w-36"
      />
      {error && <p className="max-w-48 text-sm font-medium text-red-700">{error}</p>}
    </div>
  )
}
