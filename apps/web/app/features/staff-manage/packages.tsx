import type { PackageRequest, StaffPackage } from '@salon/contracts/staff-catalogue'
import { useState } from 'react'
import { Checkbox, Field, TextAreaField } from '../../components/ui/field.tsx'
import { formatPence } from '../../lib/format.ts'
import { manageCalls } from './manage-calls.ts'
import { NOT_POUNDS, NOT_WHOLE, penceOf, poundsText, wholeOf } from './money.ts'
import { Badge, FormFooter, ListEditPanel, onSubmitted, SubmitButton, Toggle, useFormAction } from '../staff/public.ts'

interface BedTypeName {
  code: string
  name: string
}

interface PackageValues {
  name: string
  description: string
  minutes: string
  price: string
  validityDays: string
  bedTypes: string[]
  highlight: boolean
  onSale: boolean
}

const valuesOf = (p: StaffPackage | null, bedTypes: BedTypeName[]): PackageValues => ({
  name: p?.name ?? '',
  description: p?.description ?? '',
  minutes: p ? String(p.minutes) : '',
  price: p ? poundsText(p.pricePence) : '',
  validityDays: p ? String(p.validityDays) : '90',
  bedTypes: p?.bedTypes ?? bedTypes.map((t) => t.code),
  highlight: p?.highlight ?? false,
  onSale: p?.onSale ?? true,
})

/** Minute packages: make one, change one, withdraw one from sale (one that was bought is never deleted). */
export function PackagesPanel({ packages, bedTypes }: { packages: StaffPackage[]; bedTypes: BedTypeName[] }) {
  return (
    <ListEditPanel
      id="packages"
      title="Packages"
      description="Minutes customers buy in advance. A package that was bought is withdrawn, never deleted."
      newLabel="+ New package"
      empty="No packages yet. Make the first one for customers to buy."
      items={packages}
      keyOf={(p) => p.id}
      editInPlace={{
        form: (p, onDone) => <PackageForm pkg={p} bedTypes={bedTypes} sortOrder={p ? p.sortOrder : packages.length} onDone={onDone} />,
        editLabel: (p) => `Edit ${p.name}`,
        itemSwitch: (p) => ({
          isOn: p.onSale,
          set: (onSale) =>
            onSale ? manageCalls.savePackage(p.id, { ...requestOf(valuesOf(p, bedTypes), p.sortOrder), onSale }) : manageCalls.deletePackage(p.id),
          off: {
            label: 'Withdraw',
            title: `Withdraw ${p.name}?`,
            message: 'Customers can no longer buy it. Minutes already bought keep working until they expire.',
            confirmLabel: 'Withdraw',
            done: `${p.name} is withdrawn: customers can no longer buy it.`,
          },
          on: { label: 'Put on sale', done: `${p.name} is on sale again.` },
        }),
      }}
    >
      {(p) => (
        <>
          <p className="flex flex-wrap items-center gap-2 font-semibold text-cocoa-900">
            {p.name}
            {p.onSale ? <Badge tone="good">On sale</Badge> : <Badge tone="neutral">Withdrawn</Badge>}
            {p.highlight && <Badge tone="warn">Highlighted</Badge>}
          </p>
          <p className="text-sm text-cocoa-600">
            {p.minutes} minutes · {formatPence(p.pricePence)} · valid {p.validityDays} days · {p.sold} sold
          </p>
        </>
      )}
    </ListEditPanel>
  )
}

function requestOf(values: PackageValues, sortOrder: number): PackageRequest {
  return {
    name: values.name,
    description: values.description,
    minutes: wholeOf(values.minutes) ?? 0,
    pricePence: penceOf(values.price) ?? 0,
    validityDays: wholeOf(values.validityDays) ?? 0,
    bedTypes: values.bedTypes,
    highlight: values.highlight,
    onSale: values.onSale,
    sortOrder,
  }
}

interface PackageFormProps {
  pkg: StaffPackage | null
  bedTypes: BedTypeName[]
  sortOrder: number
  onDone: (notice?: string) => void
}

function PackageForm({ pkg, bedTypes, sortOrder, onDone }: PackageFormProps) {
  const [values, setValues] = useState(() => valuesOf(pkg, bedTypes))
  const [local, setLocal] = useState<Record<string, string>>({})
  const action = useFormAction()
  const errors = { ...action.errors, ...local }
  const set = (change: Partial<PackageValues>) => setValues((v) => ({ ...v, ...change }))

  async function save() {
    const found: Record<string, string> = {}
    if (wholeOf(values.minutes) === null) found.minutes = NOT_WHOLE
    if (penceOf(values.price) === null) found.pricePence = NOT_POUNDS
    if (wholeOf(values.validityDays) === null) found.validityDays = NOT_WHOLE
    if (values.bedTypes.length === 0) found.bedTypes = 'Please choose at least one kind of sunbed.'
    setLocal(found)
    if (Object.keys(found).length > 0) return action.setNotice({ kind: 'error', text: 'Please check the fields marked in red.' })
    const request = requestOf(values, sortOrder)
    const done = await action.run(() => (pkg ? manageCalls.savePackage(pkg.id, request) : manageCalls.addPackage(request)))
    if (done !== undefined) onDone(pkg ? `${values.name} saved.` : `${values.name} created.`)
  }

  return (
    <form onSubmit={onSubmitted(save)} noValidate className="mb-4 rounded-2xl border-2 border-brand-teal/40 bg-white p-4">
      <h3 className="font-sans text-base font-semibold">{pkg ? `Edit ${pkg.name}` : 'New package'}</h3>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <Field label="Name" value={values.name} onChange={(e) => set({ name: e.target.value })} error={errors.name} maxLength={80} required />
        <div className="grid grid-cols-3 gap-3">
          <Field label="Minutes" inputMode="numeric" value={values.minutes} onChange={(e) => set({ minutes: e.target.value })} error={errors.minutes} />
          <Field label="Price (£)" inputMode="decimal" value={values.price} onChange={(e) => set({ price: e.target.value })} error={errors.pricePence} />
          <Field
            label="Valid (days)"
            inputMode="numeric"
            value={values.validityDays}
            onChange={(e) => set({ validityDays: e.target.value })}
            error={errors.validityDays}
          />
        </div>
        <div className="sm:col-span-2">
          <TextAreaField
            label="Description"
            value={values.description}
            onChange={(e) => set({ description: e.target.value })}
            error={errors.description}
            maxLength={500}
            className="min-h-20"
          />
        </div>
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-semibold text-cocoa-800">For these sunbeds</legend>
          {bedTypes.map((t) => (
            <Checkbox
              key={t.code}
              label={t.name}
              checked={values.bedTypes.includes(t.code)}
              onChange={(e) => set({ bedTypes: e.target.checked ? [...values.bedTypes, t.code] : values.bedTypes.filter((c) => c !== t.code) })}
            />
          ))}
          {errors.bedTypes && <p className="text-sm font-medium text-red-700">{errors.bedTypes}</p>}
        </fieldset>
        <div className="flex flex-col gap-2">
          <Toggle label="Highlight it" hint="Shown as the recommended package." checked={values.highlight} onChange={(highlight) => set({ highlight })} />
          <Toggle label="On sale" hint="Customers can buy it on the website." checked={values.onSale} onChange={(onSale) => set({ onSale })} />
        </div>
      </div>
      <FormFooter notice={action.notice}>
        <button type="button" className="btn-outline" onClick={() => onDone()}>
          Cancel
        </button>
        <SubmitButton pending={action.pending}>{pkg ? 'Save package' : 'Create package'}</SubmitButton>
      </FormFooter>
    </form>
  )
}
