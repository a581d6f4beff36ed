import type { PricesRequest, PricesResponse } from '@salon/contracts/staff-catalogue'
import { useState } from 'react'
import { Field } from '../../components/ui/field.tsx'
import { manageCalls } from './manage-calls.ts'
import { NOT_POUNDS, penceOf, poundsText } from './money.ts'
import { FormFooter, onSubmitted, Panel, SubmitButton, useConfirm, useFormAction } from '../staff/public.ts'

interface ExtraRow {
  key: string
  id?: string
  name: string
  detail: string
  price: string
}

let newKey = 0
const rowsOf = (prices: PricesResponse) => ({
  bedTypes: Object.fromEntries(prices.bedTypes.map((t) => [t.code, poundsText(t.perMinutePence)])),
  extras: prices.extras.map((e): ExtraRow => ({ key: e.id, id: e.id, name: e.name, detail: e.detail, price: poundsText(e.pricePence) })),
})

/** The price list: a price a minute for each kind of bed, and the extras (goggles, lotions…), saved together. */
export function PricesForm({ prices }: { prices: PricesResponse }) {
  const [values, setValues] = useState(() => rowsOf(prices))
  const [local, setLocal] = useState<Record<string, string>>({})
  const action = useFormAction()
  const confirm = useConfirm()
  const errors = { ...action.errors, ...local }

  const setExtra = (key: string, change: Partial<ExtraRow>) =>
    setValues((v) => ({ ...v, extras: v.extras.map((row) => (row.key === key ? { ...row, ...change } : row)) }))

  async function save() {
    const found: Record<string, string> = {}
    const bedTypes = prices.bedTypes.map((t) => {
      const pence = penceOf(values.bedTypes[t.code] ?? '')
      if (pence === null || pence < 1) found[`bedTypes.${t.code}`] = NOT_POUNDS
      return { code: t.code, perMinutePence: pence ?? 0 }
    })
    const extras = values.extras.map((row, index) => {
      const pence = penceOf(row.price)
      if (pence === null) found[`extras.${index}.pricePence`] = NOT_POUNDS
      if (!row.name.trim()) found[`extras.${index}.name`] = 'Please give the item a name.'
      return { ...(row.id ? { id: row.id } : {}), name: row.name, detail: row.detail, pricePence: pence ?? 0 }
    })
    setLocal(found)
    if (Object.keys(found).length > 0) {
      action.setNotice({ kind: 'error', text: 'Please check the prices marked in red.' })
      return
    }
    const request: PricesRequest = { bedTypes, extras }
    const saved = await action.run(() => manageCalls.savePrices(request), 'Prices saved. The website shows them now.')
    if (saved) setValues(rowsOf(saved))
  }

  // A bed type's error from the server is keyed by its place in the list.
  const bedTypeError = (code: string, index: number) => errors[`bedTypes.${code}`] ?? errors[`bedTypes.${index}.perMinutePence`]

  return (
    <Panel variant="section" id="prices" title="Prices" description="The price a minute on each kind of sunbed, and the other items on the price list.">
      <form onSubmit={onSubmitted(save)} noValidate>
        <h3 className="font-sans text-sm font-semibold tracking-wide text-cocoa-600 uppercase">Sunbeds, per minute</h3>
        <div className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {prices.bedTypes.map((type, index) => (
            <Field
              key={type.code}
              label={type.name}
              inputMode="decimal"
              value={values.bedTypes[type.code] ?? ''}
              onChange={(event) => setValues((v) => ({ ...v, bedTypes: { ...v.bedTypes, [type.code]: event.target.value } }))}
              error={bedTypeError(type.code, index)}
              hint="£ a minute"
            />
          ))}
        </div>

        <h3 className="mt-8 font-sans text-sm font-semibold tracking-wide text-cocoa-600 uppercase">Price list extras</h3>
        <ul className="mt-3 flex flex-col gap-3">
          {values.extras.map((row, index) => (
            <li key={row.key} className="grid grid-cols-[1fr_auto] items-end gap-3 rounded-xl border border-cocoa-100 p-3 sm:grid-cols-[2fr_3fr_1fr_auto]">
              <div className="col-span-2 self-start sm:col-span-1">
                <Field
                  label="Item"
                  value={row.name}
                  onChange={(e) => setExtra(row.key, { name: e.target.value })}
                  error={errors[`extras.${index}.name`]}
                  maxLength={80}
                />
              </div>
              <div className="col-span-2 self-start sm:col-span-1">
                <Field
                  label="Detail"
                  value={row.detail}
                  onChange={(e) => setExtra(row.key, { detail: e.target.value })}
                  error={errors[`extras.${index}.detail`]}
                  maxLength={200}
                />
              </div>
              <Field
                label="Price (£)"
                inputMode="decimal"
                value={row.price}
                onChange={(e) => setExtra(row.key, { price: e.target.value })}
                error={errors[`extras.${index}.pricePence`]}
              />
              <button
                type="button"
                className="btn-outline text-red-700"
                onClick={() =>
                  confirm.ask({
                    title: `Remove ${row.name || 'this item'}?`,
                    message: 'It leaves the price list when you save the prices.',
                    confirmLabel: 'Remove',
                    onConfirm: () => setValues((v) => ({ ...v, extras: v.extras.filter((r) => r.key !== row.key) })),
                  })
                }
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
        <button
          type="button"
          className="btn-outline mt-3"
          onClick={() => setValues((v) => ({ ...v, extras: [...v.extras, { key: `new-${++newKey}`, name: '', detail: '', price: '' }] }))}
        >
          + Add an item
        </button>
        <FormFooter notice={action.notice}>
          <SubmitButton pending={action.pending}>Save prices</SubmitButton>
        </FormFooter>
      </form>
      {confirm.element}
    </Panel>
  )
}
