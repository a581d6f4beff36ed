import type { CounterMethod } from '@salon/contracts/staff-counter'
import type { CounterProduct, CounterProductsResponse, ProductSale, ProductSaleRequest } from '@salon/contracts/staff-retail'
import { useState, type FormEvent } from 'react'
import { Spinner } from '../../components/ui/spinner.tsx'
import { formatAmount, formatPence } from '../../lib/format.ts'
import { messageOf, Panel, useStaffAction, type Part } from '../staff/public.ts'
import { MethodChoice, newKey } from './counter-parts.tsx'
import { CustomerPicker, PickedCustomer, type CustomerHit } from './customer-picker.tsx'
import { deskCalls } from './desk-calls.ts'

/** Products chosen for a sale: how many of each, by id. */
export type Basket = Record<string, number>

/** The basket as a sale's items, in the price list's order; none when it is empty. */
export const itemsOf = (basket: Basket, products: CounterProduct[]) =>
  products.filter((p) => (basket[p.id] ?? 0) > 0).map((p) => ({ extraId: p.id, quantity: basket[p.id]! }))

/** What the basket comes to at the price list's prices. */
export const basketPence = (basket: Basket, products: CounterProduct[]) => products.reduce((sum, p) => sum + (basket[p.id] ?? 0) * p.pricePence, 0)

/** "12 in stock", "Out of stock", or nothing for a product whose stock the salon does not count. */
export function stockText(product: Pick<CounterProduct, 'stock'>): string | null {
  if (product.stock === null) return null
  return product.stock === 0 ? 'Out of stock' : `${product.stock} in stock`
}

/** The price list's products, each with − and + to choose how many; never more than the stock counted. */
export function ProductPicker({ products, basket, onChange }: { products: CounterProduct[]; basket: Basket; onChange: (basket: Basket) => void }) {
  const set = (id: string, quantity: number) => onChange({ ...basket, [id]: Math.max(0, quantity) })
  if (products.length === 0) return <p className="text-cocoa-600">The price list has no products yet. The owner adds them under Manage → Prices.</p>
  return (
    <ul className="flex flex-col divide-y divide-cocoa-100 rounded-xl border border-cocoa-200 bg-white" aria-label="Products">
      {products.map((product) => {
        const quantity = basket[product.id] ?? 0
        const most = product.stock ?? 100
        const stock = stockText(product)
        return (
          <li key={product.id} className="flex items-center gap-3 px-3 py-2.5 sm:px-4">
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-cocoa-950">{product.name}</p>
              <p className="text-sm text-cocoa-600">
                {formatPence(product.pricePence)}
                {stock && (
                  <>
                    {' · '}
                    <span className={product.low ? 'font-semibold text-amber-800' : undefined}>{stock}</span>
                  </>
                )}
              </p>
            </div>
            <div className="flex items-center gap-1" role="group" aria-label={`How many ${product.name}`}>
              <button
                type="button"
                className="flex size-11 items-center justify-center rounded-full border border-cocoa-200 text-xl font-semibold text-cocoa-800 disabled:opacity-40"
                aria-label={`One fewer ${product.name}`}
                disabled={quantity === 0}
                onClick={() => set(product.id, quantity - 1)}
              >
                −
              </button>
              <output className="w-8 text-center text-lg font-bold tabular-nums" aria-live="polite" aria-label={`${product.name} in the sale`}>
                {quantity}
              </output>
              <button
                type="button"
                className="flex size-11 items-center justify-center rounded-full border border-cocoa-200 text-xl font-semibold text-cocoa-800 disabled:opacity-40"
                aria-label={`One more ${product.name}`}
                disabled={quantity >= Math.min(most, 100)}
                onClick={() => set(product.id, quantity + 1)}
              >
                +
              </button>
            </div>
          </li>
        )
      })}
    </ul>
  )
}

/**
 * Products sold alone at the counter (docs/product.md §10.3): to a customer of the salon (whose receipt is emailed
 * when they have an email address) or to someone with no record; each at the price list's price.
 */
export function ProductSaleForm({ products, onSold }: { products: Part<CounterProductsResponse>; onSold: (sale: ProductSale) => void }) {
  const action = useStaffAction()
  const [customer, setCustomer] = useState<CustomerHit | null>(null)
  const [basket, setBasket] = useState<Basket>({})
  const [method, setMethod] = useState<CounterMethod>('cash')
  const [key, setKey] = useState(newKey)
  const [problem, setProblem] = useState<string | null>(null)
  if (products.status === 'error') return <p role="alert">{products.message}</p>
  const list = products.data.products
  const items = itemsOf(basket, list)
  const total = basketPence(basket, list)
  const change = (next: () => void) => {
    next()
    setKey(newKey())
    setProblem(null)
  }
  async function sell(event: FormEvent) {
    event.preventDefault()
    if (items.length === 0) return setProblem('Please choose what they are buying.')
    const body: ProductSaleRequest = { items, method, idempotencyKey: key, ...(customer ? { sub: customer.sub } : {}) }
    try {
      const sale = await action.run(() => deskCalls.sellProducts(body), { rethrow: true })
      if (sale) {
        setBasket({})
        setCustomer(null)
        setKey(newKey())
        onSold(sale)
      }
    } catch (error) {
      setProblem(messageOf(error))
    }
  }
  return (
    <Panel title="Sell products">
      <form onSubmit={(event) => void sell(event)} className="flex flex-col gap-4 p-4 sm:p-5" aria-label="Sell products">
        <ProductPicker products={list} basket={basket} onChange={(next) => change(() => setBasket(next))} />
        <div className="flex flex-col gap-2">
          <p className="text-sm font-semibold text-cocoa-800">Customer (optional)</p>
          {customer ? (
            <PickedCustomer customer={customer} onChange={() => change(() => setCustomer(null))} />
          ) : (
            <CustomerPicker onPick={(picked) => change(() => setCustomer(picked))} />
          )}
          <p className="text-sm text-cocoa-600">Leave it empty for someone who is not a customer. A customer with an email address is emailed the receipt.</p>
        </div>
        <MethodChoice value={method} onChange={(next) => change(() => setMethod(next))} />
        {problem && (
          <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 font-medium text-red-800">
            {problem}
          </p>
        )}
        <button type="submit" className="btn-primary" disabled={action.busy}>
          {action.busy && <Spinner label="Recording the sale" />}
          {total > 0 ? `Record the sale: ${formatAmount(total)}` : 'Record the sale'}
        </button>
      </form>
    </Panel>
  )
}
