import type { PromoCodeRequest, StaffPackage, StaffPromoCode } from '@salon/contracts/staff-catalogue'
import { todayInUk } from '@salon/contracts/dates'
import { useState } from 'react'
import { Checkbox, Field, SelectField } from '../../components/ui/field.tsx'
import { formatPence } from '../../lib/format.ts'
import { manageCalls } from './manage-calls.ts'
import { dayText } from './dates.ts'
import { NOT_POUNDS, NOT_WHOLE, penceOf, poundsText, wholeOf } from './money.ts'
import { Badge, FormFooter, ListEditPanel, onSubmitted, SubmitButton, Toggle, useFormAction } from '../staff/public.ts'

interface PromoValues {
  code: string
  kind: 'percent' | 'fixed'
  amount: string
  validFrom: string
  validUntil: string
  maxUses: string
  maxUsesPerCustomer: string
  allPackages: boolean
  packageIds: string[]
  active: boolean
}

const valuesOf = (p: StaffPromoCode | null): PromoValues => ({
  code: p?.code ?? '',
  kind: p?.kind ?? 'percent',
  amount: p ? (p.kind === 'percent' ? String(p.amount) : poundsText(p.amount)) : '',
  validFrom: p?.validFrom ?? todayInUk(),
  validUntil: p?.validUntil ?? '',
  maxUses: p?.maxUses ? String(p.maxUses) : '',
  maxUsesPerCustomer: p ? String(p.maxUsesPerCustomer) : '1',
  allPackages: !p?.packageIds,
  packageIds: p?.packageIds ?? [],
  active: p?.active ?? true,
})

/** Whether a code works today: switched off, not started, ended, or active. */
function PromoStatus({ promo }: { promo: StaffPromoCode }) {
  const today = todayInUk()
  if (!promo.active) return <Badge tone="neutral">Off</Badge>
  if (promo.validUntil < today) return <Badge tone="neutral">Ended</Badge>
  if (promo.validFrom > today) return <Badge tone="info">Starts {dayText(promo.validFrom)}</Badge>
  return <Badge tone="good">Active</Badge>
}

const amountText = (p: Pick<StaffPromoCode, 'kind' | 'amount'>) => (p.kind === 'percent' ? `${p.amount}% off` : `${formatPence(p.amount)} off`)

function requestOf(values: PromoValues): PromoCodeRequest {
  return {
    code: values.code,
    kind: values.kind,
    amount: (values.kind === 'percent' ? wholeOf(values.amount) : penceOf(values.amount)) ?? 0,
    validFrom: values.validFrom,
    validUntil: values.validUntil,
    maxUses: values.maxUses.trim() ? (wholeOf(values.maxUses) ?? 0) : null,
    maxUsesPerCustomer: wholeOf(values.maxUsesPerCustomer) ?? 0,
    packageIds: values.allPackages ? null : values.packageIds,
    active: values.active,
  }
}

/** Promo codes: make one, change one, switch one off; with how many purchases used each so far. */
export function PromoCodesPanel({ promoCodes, packages }: { promoCodes: StaffPromoCode[]; packages: StaffPackage[] }) {
  return (
    <ListEditPanel
      id="promo-codes"
      title="Promo codes"
      description="Discounts customers type when they buy a package."
      newLabel="+ New promo code"
      empty="No promo codes yet."
      items={promoCodes}
      keyOf={(p) => p.id}
      editInPlace={{
        form: (p, onDone) => <PromoForm promo={p} packages={packages} onDone={onDone} />,
        editLabel: (p) => `Edit ${p.code}`,
        itemSwitch: (p) => ({
          isOn: p.active,
          set: (active) => (active ? manageCalls.savePromoCode(p.id, { ...requestOf(valuesOf(p)), active }) : manageCalls.deletePromoCode(p.id)),
          off: {
            label: 'Switch off',
            title: `Switch off ${p.code}?`,
            message: 'Customers who type it are told it cannot be used. You can switch it on again later.',
            confirmLabel: 'Switch off',
            done: `${p.code} is switched off.`,
          },
          on: { label: 'Switch on', done: `${p.code} works again.` },
        }),
      }}
    >
      {(p) => (
        <>
          <p className="flex flex-wrap items-center gap-2">
            <span className="rounded-md bg-cocoa-900 px-2 py-0.5 font-mono text-sm font-semibold tracking-wider text-cream">{p.code}</span>
            <span className="font-semibold">{amountText(p)}</span>
            <PromoStatus promo={p} />
          </p>
          <p className="mt-1 text-sm text-cocoa-600">
            {dayText(p.validFrom)} to {dayText(p.validUntil)} · used {p.uses}
            {p.maxUses ? ` of ${p.maxUses}` : ''} {p.uses === 1 ? 'time' : 'times'} · {p.maxUsesPerCustomer} per customer
            {p.packageIds ? ` · ${p.packageIds.length} ${p.packageIds.length === 1 ? 'package' : 'packages'}` : ' · every package'}
          </p>
        </>
      )}
    </ListEditPanel>
  )
}

interface PromoFormProps {
  promo: StaffPromoCode | null
  packages: StaffPackage[]
  onDone: (notice?: string) => void
}

function PromoForm({ promo, packages, onDone }: PromoFormProps) {
  const [values, setValues] = useState(() => valuesOf(promo))
  const [local, setLocal] = useState<Record<string, string>>({})
  const action = useFormAction()
  const errors = { ...action.errors, ...local }
  const set = (change: Partial<PromoValues>) => setValues((v) => ({ ...v, ...change }))

  async function save() {
    const found: Record<string, string> = {}
    if ((values.kind === 'percent' ? wholeOf(values.amount) : penceOf(values.amount)) === null) {
      found.amount = values.kind === 'percent' ? 'Please give a whole percentage, from 1 to 100.' : NOT_POUNDS
    }
    if (!values.validUntil) found.validUntil = 'Please choose the last day the code works.'
    if (values.maxUses.trim() && wholeOf(values.maxUses) === null) found.maxUses = NOT_WHOLE
    if (wholeOf(values.maxUsesPerCustomer) === null) found.maxUsesPerCustomer = NOT_WHOLE
    if (!values.allPackages && values.packageIds.length === 0) found.packageIds = 'Please choose at least one package, or every package.'
    setLocal(found)
    if (Object.keys(found).length > 0) return action.setNotice({ kind: 'error', text: 'Please check the fields marked in red.' })
    const request = requestOf(values)
    const done = await action.run(() => (promo ? manageCalls.savePromoCode(promo.id, request) : manageCalls.addPromoCode(request)))
    if (done !== undefined) onDone(promo ? `${values.code.toUpperCase()} saved.` : `${values.code.toUpperCase()} created. Customers can use it now.`)
  }

  return (
    <form onSubmit={onSubmitted(save)} noValidate className="mb-4 rounded-2xl border-2 border-brand-teal/40 bg-white p-4">
      <h3 className="font-sans text-base font-semibold">{promo ? `Edit ${promo.code}` : 'New promo code'}</h3>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <Field
          label="Code"
          value={values.code}
          onChange={(e) => set({ code: e.target.value.toUpperCase() })}
          error={errors.code}
          hint="3 to 32 letters, digits or dashes."
          autoCapitalize="characters"
          maxLength={32}
        />
        <div className="grid grid-cols-2 gap-3">
          <SelectField label="Discount" value={values.kind} onChange={(e) => set({ kind: e.target.value as PromoValues['kind'] })} error={errors.kind}>
            <option value="percent">Percentage</option>
            <option value="fixed">Amount in £</option>
          </SelectField>
          <Field
            label={values.kind === 'percent' ? 'Percent off' : 'Pounds off'}
            inputMode="decimal"
            value={values.amount}
            onChange={(e) => set({ amount: e.target.value })}
            error={errors.amount}
          />
        </div>
        <Field label="First day" type="date" value={values.validFrom} onChange={(e) => set({ validFrom: e.target.value })} error={errors.validFrom} />
        <Field
          label="Last day"
          type="date"
          value={values.validUntil}
          onChange={(e) => set({ validUntil: e.target.value })}
          error={errors.validUntil}
          hint="It stops working at the end of this day."
        />
        <Field
          label="Uses in all"
          inputMode="numeric"
          value={values.maxUses}
          onChange={(e) => set({ maxUses: e.target.value })}
          error={errors.maxUses}
          hint="Leave empty for no limit."
        />
        <Field
          label="Uses per customer"
          inputMode="numeric"
          value={values.maxUsesPerCustomer}
          onChange={(e) => set({ maxUsesPerCustomer: e.target.value })}
          error={errors.maxUsesPerCustomer}
        />
        <fieldset className="flex flex-col gap-2 sm:col-span-2">
          <legend className="text-sm font-semibold text-cocoa-800">Packages</legend>
          <Checkbox label="Every package" checked={values.allPackages} onChange={(e) => set({ allPackages: e.target.checked })} />
          {!values.allPackages && (
            <div className="grid gap-2 pl-8 sm:grid-cols-2">
              {packages.map((p) => (
                <Checkbox
                  key={p.id}
                  label={p.name}
                  checked={values.packageIds.includes(p.id)}
                  onChange={(e) => set({ packageIds: e.target.checked ? [...values.packageIds, p.id] : values.packageIds.filter((id) => id !== p.id) })}
                />
              ))}
            </div>
          )}
          {errors.packageIds && <p className="text-sm font-medium text-red-700">{errors.packageIds}</p>}
        </fieldset>
        <div className="sm:col-span-2">
          <Toggle label="Active" hint="Customers can use it between its first and last day." checked={values.active} onChange={(active) => set({ active })} />
        </div>
      </div>
      <FormFooter notice={action.notice}>
        <button type="button" className="btn-outline" onClick={() => onDone()}>
          Cancel
        </button>
        <SubmitButton pending={action.pending}>{promo ? 'Save promo code' : 'Create promo code'}</SubmitButton>
      </FormFooter>
    </form>
  )
}
