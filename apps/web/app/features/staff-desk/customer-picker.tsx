import type { CustomerSearchResponse, CustomerSummary } from '@salon/contracts/staff-customers'
import { useEffect, useId, useState } from 'react'
import { Spinner } from '../../components/ui/spinner.tsx'
import { localPhone, lookupAnswer, query, useStaffLookup, type LookupAnswer } from '../staff/public.ts'
import { deskCalls } from './desk-calls.ts'

/** A customer as the search finds them (GET /api/staff/customers?query=): enough to pick the right one at the desk. */
export type CustomerHit = CustomerSummary

/** Typing settles for this long before the search is asked. */
const SETTLE_MS = 250

const searchable = (text: string) => (text.trim().length >= 2 ? text.trim() : null)

/** The search box's text once typing has settled, when it is long enough to search by. */
export function useSettledSearch(text: string): string | null {
  const [settled, setSettled] = useState<string | null>(() => searchable(text))
  useEffect(() => {
    const handle = setTimeout(() => setSettled(searchable(text)), SETTLE_MS)
    return () => clearTimeout(handle)
  }, [text])
  return settled
}

/** The page that lists the customers matching ?q=, and answers the picker's search. */
const CUSTOMERS_PAGE = '/staff/customers/'

/** The customers page's loader: the customers matching ?q= (none asked: null). */
export async function customerSearchOf(request: Request): Promise<LookupAnswer<CustomerSearchResponse> | { part: null }> {
  const text = searchable(new URL(request.url).searchParams.get('q') ?? '')
  return text === null ? { part: null } : lookupAnswer(request, deskCalls.searchCustomers(text))
}

/** The customers whose name or mobile number matches the text, asked of the customers page once typing settles. */
export function useCustomerSearch(text: string) {
  const settled = useSettledSearch(text)
  return useStaffLookup<CustomerSearchResponse>(settled === null ? null : `${CUSTOMERS_PAGE}${query({ q: settled })}`)
}

export const skinTypeText = (skinType: number | null) =>
  skinType ? `Skin type ${['I', 'II', 'III', 'IV', 'V', 'VI'][skinType - 1]}` : 'Skin type not recorded'

/** Find a customer by mobile number or name, and choose one. */
export function CustomerPicker({ onPick, autoFocus }: { onPick: (customer: CustomerHit) => void; autoFocus?: boolean }) {
  const [text, setText] = useState('')
  const search = useCustomerSearch(text)
  const id = useId()
  const found = text.trim().length >= 2 && search.part?.status === 'ready' ? search.part.data : undefined
  const hits = found?.customers ?? []
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-semibold text-cocoa-800">
        Find a customer
      </label>
      <div className="relative">
        <input
          id={id}
          type="search"
          className="field-input pr-10"
          placeholder="Mobile number or name"
          autoComplete="off"
          value={text}
          onChange={(event) => setText(event.target.value)}
          autoFocus={autoFocus}
          maxLength={100}
        />
        {search.loading && (
          <span className="absolute inset-y-0 right-3 flex items-center text-cocoa-600">
            <Spinner label="Searching" />
          </span>
        )}
      </div>
      {search.part?.status === 'error' && (
        <p role="alert" className="text-sm font-medium text-red-800">
          {search.part.message}
        </p>
      )}
      {found && hits.length === 0 && <p className="text-sm text-cocoa-600">No customer matches “{text.trim()}”.</p>}
      {found?.more && <p className="text-sm text-cocoa-600">More customers match: type more of the name or number.</p>}
      {hits.length > 0 && (
        <ul className="flex max-h-72 flex-col gap-1 overflow-y-auto rounded-xl border border-cocoa-100 p-1" aria-label="Customers found">
          {hits.map((customer) => (
            <li key={customer.sub}>
              <button
                type="button"
                onClick={() => onPick(customer)}
                className="flex w-full items-center justify-between gap-3 rounded-lg px-3 py-2.5 text-left hover:bg-cocoa-50 focus-visible:bg-cocoa-50"
              >
                <span className="min-w-0">
                  <span className="block truncate font-semibold text-cocoa-950">{customer.name}</span>
                  <span className="block text-sm text-cocoa-600">
                    {localPhone(customer.phone) || 'No mobile number'} · {skinTypeText(customer.skinType)}
                  </span>
                </span>
                <span className="shrink-0 text-right text-sm text-cocoa-700">
                  {customer.blocked ? <span className="font-semibold text-red-700">On hold</span> : customer.account === 'in_salon' ? 'In salon only' : ''}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

/** The customer chosen, with a button to choose another. */
export function PickedCustomer({ customer, onChange }: { customer: { name: string; phone: string | null; skinType: number | null }; onChange: () => void }) {
  return (
    <div className="flex items-center justify-between gap-3 rounded-xl border border-brand-teal/40 bg-brand-teal/5 px-4 py-3">
      <span className="min-w-0">
        <span className="block truncate font-semibold text-cocoa-950">{customer.name}</span>
        <span className="block text-sm text-cocoa-600">
          {localPhone(customer.phone) || 'No mobile number'} · {skinTypeText(customer.skinType)}
        </span>
      </span>
      <button type="button" className="shrink-0 text-sm font-semibold text-brand-teal underline-offset-2 hover:underline" onClick={onChange}>
        Change
      </button>
    </div>
  )
}
