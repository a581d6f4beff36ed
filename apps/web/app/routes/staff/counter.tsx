import { todayInUk } from '@salon/contracts/dates'
import type { CounterSale } from '@salon/contracts/staff-counter'
import type { CounterProduct, ProductSale } from '@salon/contracts/staff-retail'
import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import type { DeskVoucherSale } from '@salon/contracts/vouchers'
import {
  CounterSaleForm,
  CustomerPicker,
  deskCalls,
  ProductSaleForm,
  RefundDialog,
  Takings,
  VoucherLookup,
  VoucherSaleForm,
  VoucherSold,
} from '../../features/staff-desk/public.ts'
import { Panel, StaffPage, staffMeta, staffParts, useStaff } from '../../features/staff/public.ts'
import type { Route } from './+types/counter'

export const meta: Route.MetaFunction = () => staffMeta('Counter')

/** The packages and products on sale and the day's takings; loaded again after each sale or refund. */
export const clientLoader = ({ request }: Route.ClientLoaderArgs) => {
  // ?date= shows another day's takings and cash-up (a day not closed yet can still be cashed up), ?from=&to= a range's; today by default.
  const params = new URL(request.url).searchParams
  const today = todayInUk()
  const day = (name: string) => {
    const asked = params.get(name)
    return asked && /^\d{4}-\d{2}-\d{2}$/.test(asked) && asked <= today ? asked : null
  }
  const [from, to] = [day('from'), day('to')]
  const days = from && to && from < to ? { from, to } : { date: day('date') ?? today }
  return staffParts(request, { packages: deskCalls.packages(), products: deskCalls.products(), takings: deskCalls.takings(days) })
}

/** A sale just made, of a package or minutes (with its lot) or of products alone. */
type Sold = { kind: 'minutes'; sale: CounterSale } | { kind: 'products'; sale: ProductSale }

function SoldCard({ sold, onNext, onRefund }: { sold: Sold; onNext: () => void; onRefund: (() => void) | null }) {
  const { sale } = sold
  const low: CounterProduct[] = sold.kind === 'products' ? sold.sale.lowStock : []
  return (
    <div role="status" className="card flex flex-col gap-3 border-emerald-200 bg-emerald-50 p-4 sm:p-5" data-testid="counter-sold">
      <p className="text-lg font-semibold text-emerald-950">{sale.status === 'refunded' ? 'Sale refunded' : 'Sale recorded'}</p>
      <p className="text-emerald-950">{sale.message}</p>
      {low.length > 0 && (
        <p className="rounded-xl bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
          Low on stock: {low.map((p) => `${p.name} (${p.stock} left)`).join(', ')}.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-primary" onClick={onNext}>
          Next sale
        </button>
        <Link to={`/staff/receipts/${sale.paymentId}/`} className="btn-outline">
          Print the receipt
        </Link>
        {sale.sub && (
          <Link to={`/staff/customers/${sale.sub}/`} className="btn-outline">
            Open the customer
          </Link>
        )}
        {onRefund && sale.status === 'succeeded' && (
          <button type="button" className="btn-outline" onClick={onRefund}>
            Refund this sale
          </button>
        )}
      </div>
    </div>
  )
}

/** Products at or below their low-stock mark, for the owner to reorder. */
function LowStock({ products }: { products: CounterProduct[] }) {
  const low = products.filter((p) => p.low)
  if (low.length === 0) return null
  return (
    <Panel title="Low on stock">
      <div className="flex flex-col gap-2 p-4 sm:p-5">
        <ul className="flex flex-col gap-1" aria-label="Low on stock">
          {low.map((p) => (
            <li key={p.id} className="flex justify-between gap-3">
              <span className="font-medium text-cocoa-900">{p.name}</span>
              <span className="font-semibold text-amber-800 tabular-nums">{p.stock === 0 ? 'None left' : `${p.stock} left`}</span>
            </li>
          ))}
        </ul>
        <Link to="/staff/manage/prices/" className="text-sm font-semibold text-brand-teal-dark underline">
          Add a delivery under Manage → Prices
        </Link>
      </div>
    </Panel>
  )
}

/**
 * docs/product.md §10.3: the counter: packages, minutes, products and gift vouchers sold for cash or on the card
 * terminal, receipts, gift vouchers looked up and spent, and the day's takings.
 */
export default function StaffCounter({ loaderData }: Route.ComponentProps) {
  const { isOwner, me } = useStaff()
  const navigate = useNavigate()
  const [sold, setSold] = useState<Sold | null>(null)
  const [voucher, setVoucher] = useState<DeskVoucherSale | null>(null)
  const [refunding, setRefunding] = useState(false)
  const products = loaderData.products
  if (voucher) {
    // The voucher alone, as the receipt page shows a receipt: printing leaves out everything else.
    return (
      <div className="flex flex-col gap-5">
        <h1 className="font-sans text-2xl font-bold tracking-tight text-cocoa-950 sm:text-3xl print:hidden">Counter</h1>
        <VoucherSold sale={voucher} salonName={me.shopName} onNext={() => setVoucher(null)} />
      </div>
    )
  }
  return (
    <StaffPage title="Counter" subtitle="Packages, minutes, products and gift vouchers paid for in the salon.">
      <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex flex-col gap-5">
          {sold && <SoldCard sold={sold} onNext={() => setSold(null)} onRefund={isOwner ? () => setRefunding(true) : null} />}
          {!sold && (
            <>
              <CounterSaleForm packages={loaderData.packages} products={products} onSold={(sale) => setSold({ kind: 'minutes', sale })} />
              <ProductSaleForm products={products} onSold={(sale) => setSold({ kind: 'products', sale })} />
              <VoucherSaleForm packages={loaderData.packages} onSold={(sale) => setVoucher(sale)} />
              <VoucherLookup />
            </>
          )}
        </div>
        <div className="flex flex-col gap-5">
          <Takings takings={loaderData.takings} />
          {isOwner && products.status === 'ready' && <LowStock products={products.data.products} />}
          {isOwner && (
            <Panel title="Refunds and corrections">
              <div className="flex flex-col gap-3 p-4 sm:p-5">
                <p className="text-sm text-cocoa-700">
                  To refund a counter sale or correct a balance, open the customer: their purchases and balance are there. A sale to someone with no record is
                  refunded from its receipt&apos;s sale, here, straight after it is made.
                </p>
                <CustomerPicker onPick={(customer) => void navigate(`/staff/customers/${customer.sub}/`)} />
              </div>
            </Panel>
          )}
        </div>
      </div>
      <RefundDialog
        sale={
          refunding && sold
            ? {
                paymentId: sold.sale.paymentId,
                description: sold.sale.description,
                amountPence: sold.sale.amountPence,
                method: sold.sale.method,
                minutes: sold.kind === 'minutes' && sold.sale.lines.length === 0,
              }
            : null
        }
        onClose={() => setRefunding(false)}
        onRefunded={() => setSold((current) => current && ({ ...current, sale: { ...current.sale, status: 'refunded' } } as Sold))}
      />
    </StaffPage>
  )
}
