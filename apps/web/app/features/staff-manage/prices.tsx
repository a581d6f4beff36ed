import { VAT_RATES, type VatRateBps } from '@salon/contracts/rules/vat'
import type { PricesRequest, PricesResponse } from '@salon/contracts/staff-catalogue'
import { useId, useState, type ReactNode } from 'react'
import { Checkbox, Field, SelectField } from '../../components/ui/field.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { manageCalls } from './manage-calls.ts'
import { NOT_POUNDS, penceOf, poundsText, wholeOf } from './money.ts'
import { NOT_STOCK_CHANGE, stockChangeOf, stockWords, type StockChangeKind } from './stock.ts'
import { Badge, FormFooter, type Notice, NoticeLine, onSubmitted, Panel, StaffDialog, SubmitButton, useConfirm, useFormAction } from '../staff/public.ts'

interface ExtraRow {
  key: string
  id?: string
  name: string
  detail: string
  price: string
  vatRateBps: VatRateBps
  countStock: boolean
  lowStockAt: string
}

const VAT_CHOICES: Record<VatRateBps, string> = { 2000: '20% standard', 500: '5% reduced', 0: '0% zero-rated' }
const NOT_LOW_STOCK_MARK = 'Please give a whole number from 0 to 10,000, or leave it empty for no warning.'
const vatRateOf = (bps: number): VatRateBps => VAT_RATES.find((rate) => rate === bps) ?? 2000

let newKey = 0
const rowsOf = (prices: PricesResponse) => ({
  bedTypes: Object.fromEntries(prices.bedTypes.map((t) => [t.code, poundsText(t.perMinutePence)])),
  extras: prices.extras.map((e): ExtraRow => ({
    key: e.id,
    id: e.id,
    name: e.name,
    detail: e.detail,
    price: poundsText(e.pricePence),
    vatRateBps: vatRateOf(e.vatRateBps),
    countStock: e.stock !== null,
    lowStockAt: e.lowStockAt === null ? '' : String(e.lowStockAt),
  })),
})

type Extra = PricesResponse['extras'][number]

/**
 * The price list: a price a minute for each kind of bed, and the products and extras (goggles, lotions…) with their
 * VAT rate and, for those counted, their stock; saved together. Deliveries and corrections of stock go one product
 * at a time, straight away.
 */
export function PricesForm({ prices }: { prices: PricesResponse }) {
  const [values, setValues] = useState(() => rowsOf(prices))
  const [local, setLocal] = useState<Record<string, string>>({})
  const [stocking, setStocking] = useState<Extra | null>(null)
  const [stockNotice, setStockNotice] = useState<{ id: string; notice: Notice } | null>(null)
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
      const lowStockAt = row.countStock && row.lowStockAt.trim() !== '' ? wholeOf(row.lowStockAt) : null
      if (row.countStock && row.lowStockAt.trim() !== '' && (lowStockAt === null || lowStockAt > 10_000))
        found[`extras.${index}.lowStockAt`] = NOT_LOW_STOCK_MARK
      return {
        ...(row.id ? { id: row.id } : {}),
        name: row.name,
        detail: row.detail,
        pricePence: pence ?? 0,
        vatRateBps: row.vatRateBps,
        countStock: row.countStock,
        lowStockAt,
      }
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

        <h3 className="mt-8 font-sans text-sm font-semibold tracking-wide text-cocoa-600 uppercase">Products and extras</h3>
        <ul className="mt-3 flex flex-col gap-3">
          {values.extras.map((row, index) => {
            const saved = row.id ? prices.extras.find((e) => e.id === row.id) : undefined
            return (
              <li key={row.key} className="rounded-xl border border-cocoa-100 p-3">
                <div className="grid grid-cols-[1fr_auto] items-end gap-3 sm:grid-cols-[2fr_3fr_1fr_auto]">
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
                </div>
                <StockLine
                  row={row}
                  saved={saved}
                  lowError={errors[`extras.${index}.lowStockAt`]}
                  notice={saved && stockNotice?.id === saved.id ? stockNotice.notice : null}
                  onChange={(change) => setExtra(row.key, change)}
                  onAddStock={() => {
                    setStockNotice(null)
                    setStocking(saved ?? null)
                  }}
                >
                  <SelectField
                    label="VAT rate"
                    value={row.vatRateBps}
                    onChange={(e) => setExtra(row.key, { vatRateBps: vatRateOf(Number(e.target.value)) })}
                    error={errors[`extras.${index}.vatRateBps`]}
                  >
                    {VAT_RATES.map((rate) => (
                      <option key={rate} value={rate}>
                        {VAT_CHOICES[rate]}
                      </option>
                    ))}
                  </SelectField>
                </StockLine>
              </li>
            )
          })}
        </ul>
        <button
          type="button"
          className="btn-outline mt-3"
          onClick={() =>
            setValues((v) => ({
              ...v,
              extras: [...v.extras, { key: `new-${++newKey}`, name: '', detail: '', price: '', vatRateBps: 2000, countStock: false, lowStockAt: '' }],
            }))
          }
        >
          + Add an item
        </button>
        <FormFooter notice={action.notice}>
          <SubmitButton pending={action.pending}>Save prices</SubmitButton>
        </FormFooter>
      </form>
      {confirm.element}
      <StockDialog
        product={stocking}
        onClose={() => setStocking(null)}
        onDone={(id, message) => {
          setStocking(null)
          setStockNotice({ id, notice: { kind: 'success', text: message } })
        }}
      />
    </Panel>
  )
}

/** A product's VAT rate (the children), whether its stock is counted, its low-stock mark, and, once saved, its stock. */
function StockLine({
  row,
  saved,
  lowError,
  notice,
  onChange,
  onAddStock,
  children,
}: {
  row: ExtraRow
  saved: Extra | undefined
  lowError: string | undefined
  notice: Notice | null
  onChange: (change: Partial<ExtraRow>) => void
  onAddStock: () => void
  children: ReactNode
}) {
  const words = saved ? stockWords(saved.stock, saved.lowStockAt) : null
  const dropping = !row.countStock && saved?.stock != null
  return (
    <div className="mt-3 grid grid-cols-2 items-end gap-3 border-t border-cocoa-100 pt-3 sm:grid-cols-[11rem_8rem_11rem_1fr]">
      <div className="col-span-2 sm:col-span-1">{children}</div>
      <div className="flex min-h-12 items-center">
        <Checkbox label="Count stock" checked={row.countStock} onChange={(e) => onChange({ countStock: e.target.checked })} />
      </div>
      {row.countStock && (
        <Field
          label="Low-stock warning at"
          inputMode="numeric"
          placeholder="No warning"
          value={row.lowStockAt}
          onChange={(e) => onChange({ lowStockAt: e.target.value })}
          error={lowError}
        />
      )}
      {row.countStock && words && (
        <div className="col-span-2 flex min-h-12 flex-wrap items-center justify-between gap-2 sm:col-span-1 sm:justify-end sm:gap-3">
          <span className={`flex items-center gap-2 font-semibold ${words.out ? 'text-red-700' : 'text-cocoa-900'}`}>
            {words.text}
            {words.low && !words.out && <Badge tone="warn">Low</Badge>}
          </span>
          <button type="button" className="btn-outline min-h-11 px-4 text-sm" onClick={onAddStock} aria-label={`Add stock of ${saved?.name}`}>
            Add stock
          </button>
        </div>
      )}
      {row.countStock && !words && (
        <p className="col-span-2 self-center text-sm text-cocoa-600 sm:col-span-1">Counting starts at 0 when you save; then add the stock you have.</p>
      )}
      {dropping && <p className="col-span-2 self-center text-sm text-cocoa-600 sm:col-span-2">The count of {saved?.stock} is dropped when you save.</p>}
      {notice && (
        <div className="col-span-full">
          <NoticeLine notice={notice} />
        </div>
      )}
    </div>
  )
}

/** A delivery (added to the stock) or a correction (taken off), for one counted product. */
function StockDialog({ product, onClose, onDone }: { product: Extra | null; onClose: () => void; onDone: (id: string, message: string) => void }) {
  const formId = useId()
  const [kind, setKind] = useState<StockChangeKind>('delivered')
  const [count, setCount] = useState('')
  const [reason, setReason] = useState('')
  const [problem, setProblem] = useState<string | undefined>()
  const action = useFormAction()
  const close = () => {
    setKind('delivered')
    setCount('')
    setReason('')
    setProblem(undefined)
    action.clear()
    onClose()
  }

  async function submit() {
    if (!product) return
    const change = stockChangeOf(kind, count)
    setProblem(change === null ? NOT_STOCK_CHANGE : undefined)
    if (change === null) return
    const answer = await action.run(() => manageCalls.changeStock(product.id, { change, ...(reason.trim() ? { reason: reason.trim() } : {}) }))
    if (answer) {
      close()
      onDone(product.id, answer.message)
    }
  }

  const words = product ? stockWords(product.stock, product.lowStockAt) : null
  return (
    <StaffDialog
      open={product !== null}
      title={product ? `Stock of ${product.name}` : 'Stock'}
      onClose={close}
      footer={
        <>
          <button type="button" className="btn-outline" onClick={close}>
            Cancel
          </button>
          <button type="submit" form={formId} className="btn-primary" disabled={action.pending} aria-busy={action.pending || undefined}>
            {action.pending && <Spinner label="Saving" />}
            {kind === 'delivered' ? 'Add to stock' : 'Take off stock'}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmitted(submit)} noValidate className="flex flex-col gap-4">
        {words && <p className="text-cocoa-700">Now: {words.text}.</p>}
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1.5 text-sm font-semibold text-cocoa-800">What happened</legend>
          {(
            [
              ['delivered', 'Delivered', 'Stock came in: add it.'],
              ['correct', 'Correct', 'Fewer than the count says (broken, used, lost): take them off.'],
            ] as const
          ).map(([value, label, detail]) => (
            <label
              key={value}
              className={`flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border p-3 ${kind === value ? 'border-brand-teal bg-brand-teal/5' : 'border-cocoa-200'}`}
            >
              <input
                type="radio"
                name="kind"
                value={value}
                checked={kind === value}
                onChange={() => setKind(value)}
                className="mt-1 size-5 accent-brand-teal"
              />
              <span>
                <span className="block font-semibold text-cocoa-900">{label}</span>
                <span className="block text-sm text-cocoa-600">{detail}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <Field
          label={kind === 'delivered' ? 'How many came in' : 'How many to take off'}
          inputMode="numeric"
          value={count}
          onChange={(e) => setCount(e.target.value)}
          error={problem ?? action.errors.change}
        />
        <Field label="Reason (optional)" value={reason} onChange={(e) => setReason(e.target.value)} error={action.errors.reason} maxLength={200} />
        <NoticeLine notice={action.notice?.kind === 'error' ? action.notice : null} />
      </form>
    </StaffDialog>
  )
}
