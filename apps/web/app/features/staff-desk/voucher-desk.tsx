import type { Package, PackagesResponse } from '@salon/contracts/content'
import type { CounterMethod } from '@salon/contracts/staff-counter'
import type { CreditResponse, DeskVoucher, DeskVoucherSale } from '@salon/contracts/vouchers'
import { useId, useState, type FormEvent } from 'react'
import { Field, SelectField } from '../../components/ui/field.tsx'
import { SegmentedControl } from '../../components/ui/segmented-control.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { formatAmount, penceOf } from '../../lib/format.ts'
import { Badge, longDate, messageOf, Panel, useStaff, useStaffAction, type Part } from '../staff/public.ts'
import { MethodChoice, newKey } from './counter-parts.tsx'
import { deskCalls } from './desk-calls.ts'

/** A whole number of pounds typed ("20", "£20", "20.00"), in pence; null for anything else. */
export function wholePoundsOf(text: string): number | null {
  const pence = penceOf(text)
  return pence !== null && pence > 0 && pence % 100 === 0 ? pence : null
}

export const NOT_WHOLE_POUNDS = 'Please give a whole number of pounds from £1 to £1,000, for example 20.'

/**
 * "Sell a gift voucher" at the counter (docs/product.md "Gift vouchers"): an amount or a package as a gift, for
 * cash or on the card terminal, in the day's takings. The sale answers the code once, to print.
 */
export function VoucherSaleForm({ packages, onSold }: { packages: Part<PackagesResponse>; onSold: (sale: DeskVoucherSale) => void }) {
  const action = useStaffAction()
  const [kind, setKind] = useState<'amount' | 'package'>('amount')
  const [amount, setAmount] = useState('')
  const [packageId, setPackageId] = useState('')
  const [recipient, setRecipient] = useState('')
  const [method, setMethod] = useState<CounterMethod>('cash')
  const [key, setKey] = useState(newKey)
  const [problem, setProblem] = useState<string | null>(null)
  const list = packages.status === 'ready' ? packages.data.packages : []
  const change = (next: () => void) => {
    next()
    setKey(newKey())
    setProblem(null)
  }
  const pence = kind === 'amount' ? wholePoundsOf(amount) : (list.find((p) => p.id === packageId)?.pricePence ?? null)

  async function sell(event: FormEvent) {
    event.preventDefault()
    if (kind === 'amount' && (pence === null || pence > 100_000)) return setProblem(NOT_WHOLE_POUNDS)
    if (kind === 'package' && !packageId) return setProblem('Please choose a package.')
    const request = {
      method,
      idempotencyKey: key,
      ...(kind === 'amount' ? { amountPence: pence! } : { packageId }),
      ...(recipient.trim() ? { recipientName: recipient.trim() } : {}),
    }
    try {
      const sale = await action.run(() => deskCalls.sellVoucher(request), { rethrow: true })
      if (sale) {
        setAmount('')
        setPackageId('')
        setRecipient('')
        setKey(newKey())
        onSold(sale)
      }
    } catch (error) {
      setProblem(messageOf(error))
    }
  }

  return (
    <Panel title="Sell a gift voucher">
      <form onSubmit={(event) => void sell(event)} className="flex flex-col gap-4 p-4 sm:p-5" aria-label="Sell a gift voucher">
        <SegmentedControl
          label="The voucher's value"
          wide
          segments={[
            { value: 'amount', label: 'An amount' },
            { value: 'package', label: 'A package' },
          ]}
          value={kind}
          onChange={(next) => change(() => setKind(next))}
        />
        {kind === 'amount' ? (
          <Field
            label="Amount (£)"
            inputMode="numeric"
            autoComplete="off"
            value={amount}
            onChange={(e) => change(() => setAmount(e.target.value))}
            hint="Whole pounds, from £1 to £1,000."
          />
        ) : (
          <SelectField label="Package as a gift" value={packageId} onChange={(e) => change(() => setPackageId(e.target.value))}>
            <option value="">Choose a package</option>
            {list.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name} ({formatAmount(p.pricePence)})
              </option>
            ))}
          </SelectField>
        )}
        <Field
          label="Recipient's name (optional)"
          autoComplete="off"
          maxLength={60}
          value={recipient}
          onChange={(e) => change(() => setRecipient(e.target.value))}
          hint="Printed on the voucher."
        />
        <MethodChoice value={method} onChange={(next) => change(() => setMethod(next))} />
        {problem && (
          <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 font-medium text-red-800">
            {problem}
          </p>
        )}
        <button type="submit" className="btn-primary" disabled={action.busy}>
          {action.busy && <Spinner label="Recording the sale" />}
          {pence ? `Sell the voucher: ${formatAmount(pence)}` : 'Sell the voucher'}
        </button>
      </form>
    </Panel>
  )
}

const STATUS_WORDS: Record<DeskVoucher['status'], { label: string; tone: 'good' | 'warn' | 'bad' | 'neutral' }> = {
  issued: { label: 'Valid', tone: 'good' },
  used: { label: 'Used in full', tone: 'neutral' },
  expired: { label: 'Expired', tone: 'warn' },
  void: { label: 'Refunded', tone: 'bad' },
  awaiting_payment: { label: 'Not paid for yet', tone: 'warn' },
}

/**
 * "Look up a gift voucher": the code handed over, typed in any case, with or without dashes; then its value, what
 * is left and until when, and part or all of what is left taken against a sale.
 */
export function VoucherLookup() {
  const action = useStaffAction()
  const [code, setCode] = useState('')
  const [voucher, setVoucher] = useState<DeskVoucher | null>(null)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const [amount, setAmount] = useState('')
  const [taken, setTaken] = useState<string | null>(null)
  const codeId = useId()
  const problemId = useId()

  async function lookUp(event: FormEvent) {
    event.preventDefault()
    setTaken(null)
    setVoucher(null)
    if (!code.trim()) return setProblem('Please enter the code on the gift voucher.')
    setBusy(true)
    setProblem(null)
    try {
      const found = await deskCalls.lookUpVoucher(code.trim())
      setVoucher(found)
      setAmount(found.status === 'issued' ? (found.remainingPence / 100).toFixed(2) : '')
    } catch (error) {
      setProblem(messageOf(error))
    } finally {
      setBusy(false)
    }
  }

  async function take(event: FormEvent) {
    event.preventDefault()
    const pence = penceOf(amount)
    if (pence === null || pence < 1) return setProblem('Please give an amount in pounds, for example 18.50.')
    setProblem(null)
    try {
      const spent = await action.run(() => deskCalls.redeemVoucher({ code: code.trim(), amountPence: pence }), { rethrow: true })
      if (spent) {
        const { message, ...left } = spent
        setVoucher(left)
        setTaken(message)
        setAmount('')
      }
    } catch (error) {
      setProblem(messageOf(error))
    }
  }

  return (
    <Panel title="Look up a gift voucher">
      <div className="flex flex-col gap-4 p-4 sm:p-5">
        <form onSubmit={(event) => void lookUp(event)} className="flex flex-col gap-1.5" aria-label="Look up a gift voucher">
          <label htmlFor={codeId} className="text-sm font-semibold text-cocoa-800">
            Gift voucher code
          </label>
          <div className="flex gap-2">
            <input
              id={codeId}
              className="field-input min-w-0 flex-1 font-mono uppercase"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={40}
              value={code}
              onChange={(e) => {
                setCode(e.target.value)
                setVoucher(null)
                setTaken(null)
                setProblem(null)
              }}
              aria-describedby={problem ? problemId : undefined}
            />
            <button type="submit" className="btn-outline shrink-0" disabled={busy}>
              {busy && <Spinner label="Looking up the voucher" />}
              Look up
            </button>
          </div>
        </form>
        {problem && (
          <p id={problemId} role="alert" className="rounded-xl bg-red-50 px-4 py-3 font-medium text-red-800">
            {problem}
          </p>
        )}
        {taken && (
          <p role="status" className="rounded-xl bg-emerald-50 px-4 py-3 font-medium text-emerald-900">
            {taken}
          </p>
        )}
        {voucher && (
          <section aria-label="Gift voucher found" className="flex flex-col gap-3 rounded-xl border border-cocoa-200 bg-white p-4">
            <div className="flex items-center justify-between gap-3">
              <p className="font-mono font-semibold text-cocoa-900">Ending {voucher.codeEnd}</p>
              <Badge tone={STATUS_WORDS[voucher.status].tone}>{STATUS_WORDS[voucher.status].label}</Badge>
            </div>
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
              <dt className="text-cocoa-600">Value</dt>
              <dd className="font-semibold tabular-nums">{formatAmount(voucher.valuePence)}</dd>
              <dt className="text-cocoa-600">Left</dt>
              <dd className="font-semibold tabular-nums">{formatAmount(voucher.remainingPence)}</dd>
              <dt className="text-cocoa-600">Last day</dt>
              <dd>{voucher.lastDay ? longDate(voucher.lastDay) : '—'}</dd>
            </dl>
            {voucher.status === 'issued' && voucher.remainingPence > 0 && (
              <form onSubmit={(event) => void take(event)} className="flex flex-col gap-2" aria-label="Take from the voucher">
                <Field label="Amount to take (£)" inputMode="decimal" autoComplete="off" value={amount} onChange={(e) => setAmount(e.target.value)} />
                <button type="submit" className="btn-primary" disabled={action.busy}>
                  {action.busy && <Spinner label="Taking it from the voucher" />}
                  Take from the voucher
                </button>
              </form>
            )}
          </section>
        )}
      </div>
    </Panel>
  )
}

/**
 * A customer's credit in pounds from gift vouchers, on their record at the desk: the total, each part with its last
 * day, and a package bought for them with it, as they can online.
 */
export function CreditPanel({ credit, sub }: { credit: Part<CreditResponse>; sub: string }) {
  if (credit.status === 'error') return null
  const { creditPence, lots } = credit.data
  return (
    <Panel title="Gift voucher credit">
      {lots.length === 0 ? (
        <p className="px-4 py-4 text-sm text-cocoa-600 sm:px-5">No credit from gift vouchers.</p>
      ) : (
        <div className="flex flex-col">
          <p className="px-4 pt-4 text-2xl font-bold text-cocoa-950 tabular-nums sm:px-5">{formatAmount(creditPence)}</p>
          <ul className="divide-y divide-cocoa-100" aria-label="Credit from gift vouchers">
            {lots.map((lot) => (
              <li key={lot.id} className="flex items-center justify-between gap-3 px-4 py-2.5 text-sm sm:px-5">
                <span className="text-cocoa-600">Use by {longDate(lot.lastDay)}</span>
                <span className="font-semibold text-cocoa-950 tabular-nums">
                  {formatAmount(lot.remainingPence)} of {formatAmount(lot.amountPence)}
                </span>
              </li>
            ))}
          </ul>
          {creditPence > 0 && <BuyWithCredit sub={sub} creditPence={creditPence} />}
        </div>
      )}
    </Panel>
  )
}

/** "Buy a package with this credit": the packages on sale that the credit covers, bought at once. */
function BuyWithCredit({ sub, creditPence }: { sub: string; creditPence: number }) {
  const action = useStaffAction()
  const { notify } = useStaff()
  const [packages, setPackages] = useState<Package[] | 'failed' | null>(null)
  const [packageId, setPackageId] = useState('')
  const [key, setKey] = useState(newKey)
  const open = () =>
    deskCalls.packages().then(
      (answer) => setPackages(answer.packages.filter((p) => p.pricePence <= creditPence)),
      () => setPackages('failed'),
    )
  async function buy(event: FormEvent) {
    event.preventDefault()
    if (!packageId) return
    const answer = await action.run(() => deskCalls.buyWithCredit(sub, { packageId, idempotencyKey: key }))
    if (answer) {
      // The page's data is loaded again (the balance, the credit left); the sale's sentence is the notice.
      notify({ kind: 'success', message: answer.message })
      setPackages(null)
      setPackageId('')
      setKey(newKey())
    }
  }
  return (
    <div className="flex flex-col gap-3 border-t border-cocoa-100 px-4 py-4 sm:px-5">
      {packages === null || packages === 'failed' ? (
        <>
          <button type="button" className="btn-outline self-start" onClick={() => void open()}>
            Buy a package with this credit
          </button>
          {packages === 'failed' && (
            <p role="alert" className="text-sm font-medium text-coral-700">
              The packages could not be loaded. Please try again.
            </p>
          )}
        </>
      ) : packages.length === 0 ? (
        <p className="text-sm text-cocoa-600">The credit does not cover any package on sale.</p>
      ) : (
        <form className="flex flex-col gap-3" onSubmit={(e) => void buy(e)}>
          <SelectField label="Package" value={packageId} onChange={(e) => setPackageId(e.target.value)} required>
            <option value="">Choose a package</option>
            {packages.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}: {p.minutes} minutes, {formatAmount(p.pricePence)}
              </option>
            ))}
          </SelectField>
          <button type="submit" className="btn-primary self-start" disabled={action.busy || !packageId}>
            {action.busy && <Spinner label="Buying" />}
            Buy with credit
          </button>
        </form>
      )}
    </div>
  )
}
