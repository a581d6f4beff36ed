import type { Package, PackagesResponse } from '@salon/contracts/content'
import type { CounterMethod, CounterMinutesRequest, CounterSale, CounterSaleRequest } from '@salon/contracts/staff-counter'
import type { CounterProduct, CounterProductsResponse } from '@salon/contracts/staff-retail'
import { useId, useState, type FormEvent } from 'react'
import { SegmentedControl } from '../../components/ui/segmented-control.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { formatPence } from '../../lib/format.ts'
import type { PhotoIdDocument } from '@salon/contracts/rules/photo-id'
import { messageOf, Panel, useStaffAction, type Part } from '../staff/public.ts'
import { CustomerPicker, PickedCustomer, type CustomerHit } from './customer-picker.tsx'
import { deskCalls } from './desk-calls.ts'
import { idCheckOf, PhotoIdField } from './photo-id.tsx'
import { MethodChoice, newKey } from './counter-parts.tsx'
import { basketPence, itemsOf, ProductPicker, type Basket } from './product-sale.tsx'

/** The counter's sale: choose the customer, then a package (with an optional promo code) or loose minutes, and how they paid. */
/** The counter's sale form; `packages` is the counter page's loaded list of the packages on sale. */
export function CounterSaleForm({
  packages,
  products,
  onSold,
}: {
  packages: Part<PackagesResponse>
  products: Part<CounterProductsResponse>
  onSold: (sale: CounterSale) => void
}) {
  const [customer, setCustomer] = useState<CustomerHit | null>(null)
  const [kind, setKind] = useState<'package' | 'minutes'>('package')
  // The photo ID seen, for a customer whose date of birth no check has confirmed: sent with the sale, which records it.
  const [idDocument, setIdDocument] = useState<PhotoIdDocument | ''>('')
  const choose = (picked: CustomerHit | null) => {
    setCustomer(picked)
    setIdDocument('')
  }
  return (
    <Panel title="Sell">
      <div className="flex flex-col gap-5 p-4 sm:p-5">
        <div className="flex flex-col gap-2">
          <h3 className="font-sans text-sm font-bold tracking-wide text-cocoa-600 uppercase">1. Customer</h3>
          {customer ? <PickedCustomer customer={customer} onChange={() => choose(null)} /> : <CustomerPicker onPick={choose} />}
          {customer && <PhotoIdField key={customer.sub} sub={customer.sub} value={idDocument} onChange={setIdDocument} />}
        </div>
        {customer && (
          <div className="flex flex-col gap-3">
            <h3 className="font-sans text-sm font-bold tracking-wide text-cocoa-600 uppercase">2. What they buy</h3>
            <SegmentedControl
              label="What they buy"
              wide
              segments={[
                { value: 'package', label: 'A package' },
                { value: 'minutes', label: 'Minutes' },
              ]}
              value={kind}
              onChange={setKind}
            />
            {kind === 'package' ? (
              <PackageSale
                packages={packages}
                products={products.status === 'ready' ? products.data.products : []}
                customer={customer}
                idDocument={idDocument}
                onSold={(sale) => {
                  choose(null)
                  onSold(sale)
                }}
              />
            ) : (
              <MinutesSale
                customer={customer}
                idDocument={idDocument}
                onSold={(sale) => {
                  choose(null)
                  onSold(sale)
                }}
              />
            )}
          </div>
        )}
      </div>
    </Panel>
  )
}

function PackageSale({
  packages,
  products,
  customer,
  idDocument,
  onSold,
}: {
  packages: Part<PackagesResponse>
  products: CounterProduct[]
  customer: CustomerHit
  idDocument: PhotoIdDocument | ''
  onSold: (sale: CounterSale) => void
}) {
  const action = useStaffAction()
  const [chosen, setChosen] = useState<Package | null>(null)
  // Products sold with the package, on the same payment and receipt.
  const [basket, setBasket] = useState<Basket>({})
  const items = itemsOf(basket, products)
  const [method, setMethod] = useState<CounterMethod>('cash')
  const [promo, setPromo] = useState('')
  const [key, setKey] = useState(newKey)
  const [problem, setProblem] = useState<string | null>(null)
  const promoId = useId()
  async function sell(event: FormEvent) {
    event.preventDefault()
    if (!chosen) return setProblem('Please choose a package.')
    setProblem(null)
    const body: CounterSaleRequest = {
      sub: customer.sub,
      packageId: chosen.id,
      method,
      idempotencyKey: key,
      ...(promo.trim() ? { promoCode: promo.trim() } : {}),
      ...idCheckOf(idDocument),
      ...(items.length ? { items } : {}),
    }
    try {
      const sale = await action.run(() => deskCalls.sell(body), { rethrow: true })
      if (sale) {
        setKey(newKey())
        setBasket({})
        onSold(sale)
      }
    } catch (error) {
      setProblem(messageOf(error))
    }
  }
  if (packages.status === 'error') return <p role="alert">{packages.message}</p>
  const extra = basketPence(basket, products)
  return (
    <form onSubmit={(event) => void sell(event)} className="flex flex-col gap-4" aria-label="Sell a package">
      <ul className="grid gap-2 sm:grid-cols-2" aria-label="Packages">
        {packages.data.packages.map((pkg) => (
          <li key={pkg.id}>
            <label
              className={`flex h-full cursor-pointer flex-col rounded-xl border px-4 py-3 ${chosen?.id === pkg.id ? 'border-brand-teal bg-brand-teal/5 ring-1 ring-brand-teal' : 'border-cocoa-200 bg-white hover:border-cocoa-300'}`}
            >
              <input
                type="radio"
                name="package"
                value={pkg.id}
                checked={chosen?.id === pkg.id}
                onChange={() => {
                  setChosen(pkg)
                  setKey(newKey())
                }}
                className="sr-only"
              />
              <span className="flex items-baseline justify-between gap-2">
                <span className="font-semibold text-cocoa-950">{pkg.name}</span>
                <span className="font-bold text-cocoa-950 tabular-nums">{formatPence(pkg.pricePence)}</span>
              </span>
              <span className="text-sm text-cocoa-600">
                {pkg.minutes} minutes · {pkg.validityDays} days
              </span>
            </label>
          </li>
        ))}
      </ul>
      {products.length > 0 && (
        <details className="group rounded-xl border border-cocoa-200 bg-stone-50 px-4 py-3" open={items.length > 0}>
          <summary className="cursor-pointer font-semibold text-cocoa-800">
            Add products to this sale{items.length > 0 ? ` (${formatPence(extra)})` : ''}
          </summary>
          <div className="mt-3">
            <ProductPicker
              products={products}
              basket={basket}
              onChange={(next) => {
                setBasket(next)
                setKey(newKey())
              }}
            />
          </div>
        </details>
      )}
      <MethodChoice value={method} onChange={setMethod} />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={promoId} className="text-sm font-semibold text-cocoa-800">
          Promo code (optional)
        </label>
        <input
          id={promoId}
          className="field-input uppercase"
          value={promo}
          maxLength={32}
          autoComplete="off"
          onChange={(event) => {
            setPromo(event.target.value)
            setKey(newKey())
          }}
        />
      </div>
      {problem && (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 font-medium text-red-800">
          {problem}
        </p>
      )}
      <button type="submit" className="btn-primary" disabled={action.busy}>
        {action.busy && <Spinner label="Recording the sale" />}
        {chosen
          ? `Record the sale: ${chosen.name}${items.length ? ` and ${items.length === 1 ? 'a product' : `${items.length} products`}` : ''}`
          : 'Record the sale'}
      </button>
    </form>
  )
}

function MinutesSale({ customer, idDocument, onSold }: { customer: CustomerHit; idDocument: PhotoIdDocument | ''; onSold: (sale: CounterSale) => void }) {
  const action = useStaffAction()
  const [method, setMethod] = useState<CounterMethod>('cash')
  const [key, setKey] = useState(newKey)
  const [problem, setProblem] = useState<string | null>(null)
  const ids = { minutes: useId(), price: useId() }
  async function sell(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const minutes = Number(form.get('minutes'))
    const pricePence = Math.round(Number(String(form.get('price')).replace(/[£,\s]/g, '')) * 100)
    if (!Number.isInteger(minutes) || minutes < 1) return setProblem('Please give the minutes sold, a whole number.')
    if (!Number.isFinite(pricePence) || pricePence <= 0) return setProblem('Please give the price paid, in pounds, for example 6.50.')
    setProblem(null)
    const body: CounterMinutesRequest = { sub: customer.sub, minutes, pricePence, method, idempotencyKey: key, ...idCheckOf(idDocument) }
    try {
      const sale = await action.run(() => deskCalls.sellMinutes(body), { rethrow: true })
      if (sale) {
        setKey(newKey())
        onSold(sale)
      }
    } catch (error) {
      setProblem(messageOf(error))
    }
  }
  return (
    <form onSubmit={(event) => void sell(event)} onChange={() => setKey(newKey())} noValidate className="flex flex-col gap-4" aria-label="Sell minutes">
      <div className="grid grid-cols-2 gap-3">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={ids.minutes} className="text-sm font-semibold text-cocoa-800">
            Minutes
          </label>
          <input id={ids.minutes} name="minutes" type="number" inputMode="numeric" min={1} max={1000} className="field-input" required />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={ids.price} className="text-sm font-semibold text-cocoa-800">
            Price paid (£)
          </label>
          <input id={ids.price} name="price" inputMode="decimal" className="field-input" placeholder="6.50" required />
        </div>
      </div>
      <MethodChoice value={method} onChange={setMethod} />
      {problem && (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 font-medium text-red-800">
          {problem}
        </p>
      )}
      <button type="submit" className="btn-primary" disabled={action.busy}>
        {action.busy && <Spinner label="Recording the sale" />}
        Record the sale
      </button>
    </form>
  )
}
