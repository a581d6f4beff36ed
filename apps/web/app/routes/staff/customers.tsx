import { useEffect, useState } from 'react'
import { Link, useNavigation, useSearchParams } from 'react-router'
import { AddCustomerDialog, customerSearchOf, skinTypeText, useSettledSearch } from '../../features/staff-desk/public.ts'
import { Badge, Empty, LoadError, localPhone, Panel, StaffPage, staffMeta, useStaff } from '../../features/staff/public.ts'
import { Spinner } from '../../components/ui/spinner.tsx'
import type { Route } from './+types/customers'

export const meta: Route.MetaFunction = () => staffMeta('Customers')

/** The customers matching ?q= (at least 2 letters): this page's list, and the answer to the desk's customer picker. */
export const clientLoader = ({ request }: Route.ClientLoaderArgs) => customerSearchOf(request)

/** docs/product.md §10.5: find a customer by name, mobile number or email, and open their record. */
export default function StaffCustomers({ loaderData }: Route.ComponentProps) {
  const [params, setParams] = useSearchParams()
  const [text, setText] = useState(params.get('q') ?? '')
  const settled = useSettledSearch(text)
  const asked = params.get('q') ?? null
  // The address holds the search once typing settles, so the list is the loader's and Back returns to it.
  useEffect(() => {
    if (settled !== asked) setParams(settled ? { q: settled } : {}, { replace: true })
  }, [settled, asked, setParams])
  const searching = useNavigation().state === 'loading' || settled !== asked
  const typed = text.trim().length >= 2
  const search = typed && !searching ? loaderData.part : undefined
  const { isOwner } = useStaff()
  const [adding, setAdding] = useState(false)
  return (
    <StaffPage
      title="Customers"
      subtitle="Find a customer by name, mobile number or email address."
      actions={
        <>
          <button type="button" className="btn-primary" onClick={() => setAdding(true)}>
            Add a customer
          </button>
          <Link to="/staff/customers/reactions/" className="btn-outline">
            Skin reactions
          </Link>
          {isOwner && (
            <Link to="/staff/customers/import/" className="btn-outline">
              Import customers
            </Link>
          )}
        </>
      }
    >
      <div className="relative">
        <label htmlFor="customer-search" className="sr-only">
          Search customers
        </label>
        <svg
          viewBox="0 0 24 24"
          className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-cocoa-600"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" strokeLinecap="round" />
        </svg>
        <input
          id="customer-search"
          type="search"
          className="field-input py-3.5 pl-12 text-lg"
          placeholder="Name, mobile number or email"
          autoComplete="off"
          maxLength={100}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        {typed && searching && (
          <span className="absolute inset-y-0 right-4 flex items-center text-cocoa-600">
            <Spinner label="Searching" />
          </span>
        )}
      </div>
      {search?.status === 'error' && <LoadError message={search.message} />}
      {!typed && (
        <Panel>
          <Empty title="Search for a customer">Type at least 2 letters of a name, or 3 digits of a mobile number.</Empty>
        </Panel>
      )}
      {search?.status === 'ready' && (
        <Panel title={`${search.data.customers.length}${search.data.more ? '+' : ''} ${search.data.customers.length === 1 ? 'customer' : 'customers'}`}>
          {search.data.customers.length === 0 ? (
            <Empty title={`No customer matches “${text.trim()}”`}>Check the spelling, or search by mobile number.</Empty>
          ) : (
            <ul className="divide-y divide-cocoa-100">
              {search.data.customers.map((customer) => (
                <li key={customer.sub}>
                  <Link
                    to={`/staff/customers/${customer.sub}/`}
                    className="flex items-center gap-3 px-4 py-3 hover:bg-stone-50 sm:px-5"
                    data-testid="customer-result"
                  >
                    <span
                      className="flex size-10 shrink-0 items-center justify-center rounded-full bg-cocoa-100 text-sm font-bold text-cocoa-800"
                      aria-hidden="true"
                    >
                      {(customer.firstName?.[0] ?? customer.name[0] ?? '?').toUpperCase()}
                      {(customer.lastName?.[0] ?? '').toUpperCase()}
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="flex flex-wrap items-center gap-2">
                        <span className="truncate font-semibold text-cocoa-950">{customer.name}</span>
                        {customer.blocked && <Badge tone="bad">On hold</Badge>}
                        {customer.account === 'in_salon' && <Badge>In salon only</Badge>}
                      </span>
                      <span className="block truncate text-sm text-cocoa-600">
                        {[localPhone(customer.phone), customer.email, skinTypeText(customer.skinType)].filter(Boolean).join(' · ')}
                      </span>
                    </span>
                    <svg viewBox="0 0 24 24" className="size-5 shrink-0 text-cocoa-400" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                      <path d="m9 6 6 6-6 6" strokeLinecap="round" strokeLinejoin="round" />
                    </svg>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {search.data.more && (
            <p className="border-t border-cocoa-100 px-5 py-3 text-sm text-cocoa-600">More customers match: type more of the name or number.</p>
          )}
        </Panel>
      )}
      <AddCustomerDialog open={adding} onClose={() => setAdding(false)} />
    </StaffPage>
  )
}
