import { todayInUk } from '@salon/contracts/dates'
import type { CounterSale } from '@salon/contracts/staff-counter'
import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { CounterSaleForm, CustomerPicker, deskCalls, RefundDialog, Takings } from '../../features/staff-desk/public.ts'
import { Panel, StaffPage, staffMeta, staffParts, useStaff } from '../../features/staff/public.ts'
import type { Route } from './+types/counter'

export const meta: Route.MetaFunction = () => staffMeta('Counter')

/** The packages on sale and the day's takings; loaded again after each sale or refund. */
export const clientLoader = ({ request }: Route.ClientLoaderArgs) => {
  // ?date= shows another day's takings and cash-up (a day not closed yet can still be cashed up); today by default.
  const asked = new URL(request.url).searchParams.get('date')
  const date = asked && /^\d{4}-\d{2}-\d{2}$/.test(asked) && asked <= todayInUk() ? asked : todayInUk()
  return staffParts(request, { packages: deskCalls.packages(), takings: deskCalls.takings(date) })
}

/** docs/product.md §10.3: the counter: packages and minutes sold for cash or on the card terminal, and today's takings. */
export default function StaffCounter({ loaderData }: Route.ComponentProps) {
  const { isOwner } = useStaff()
  const navigate = useNavigate()
  const [sold, setSold] = useState<CounterSale | null>(null)
  const [refunding, setRefunding] = useState(false)
  return (
    <StaffPage title="Counter" subtitle="Packages and minutes paid for in the salon.">
      <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex flex-col gap-5">
          {sold && (
            <div role="status" className="card flex flex-col gap-3 border-emerald-200 bg-emerald-50 p-4 sm:p-5" data-testid="counter-sold">
              <p className="text-lg font-semibold text-emerald-950">Sale recorded</p>
              <p className="text-emerald-950">{sold.message}</p>
              <div className="flex flex-wrap gap-2">
                <button type="button" className="btn-primary" onClick={() => setSold(null)}>
                  Next sale
                </button>
                <Link to={`/staff/customers/${sold.sub}/`} className="btn-outline">
                  Open the customer
                </Link>
                {isOwner && sold.status === 'succeeded' && (
                  <button type="button" className="btn-outline" onClick={() => setRefunding(true)}>
                    Refund this sale
                  </button>
                )}
              </div>
            </div>
          )}
          {!sold && <CounterSaleForm packages={loaderData.packages} onSold={setSold} />}
        </div>
        <div className="flex flex-col gap-5">
          <Takings takings={loaderData.takings} />
          {isOwner && (
            <Panel title="Refunds and corrections">
              <div className="flex flex-col gap-3 p-4 sm:p-5">
                <p className="text-sm text-cocoa-700">
                  To refund a counter sale or correct a balance, open the customer: their purchases and balance are there.
                </p>
                <CustomerPicker onPick={(customer) => void navigate(`/staff/customers/${customer.sub}/`)} />
              </div>
            </Panel>
          )}
        </div>
      </div>
      <RefundDialog
        sale={refunding && sold ? sold : null}
        onClose={() => setRefunding(false)}
        onRefunded={() => setSold((current) => current && { ...current, status: 'refunded' })}
      />
    </StaffPage>
  )
}
