import type { CashUp, TakingsMethod, TakingsResponse } from '@salon/contracts/staff-counter'
import { todayInUk } from '@salon/contracts/dates'
import { useId, useState, type FormEvent } from 'react'
import { useSearchParams } from 'react-router'
import { tillDifference } from '@salon/contracts/rules/money'
import { Spinner } from '../../components/ui/spinner.tsx'
import { formatAmount, NOT_POUNDS, penceOf } from '../../lib/format.ts'
import { dateTime, LoadError, longDate, Panel, useStaff, useStaffAction, type Part } from '../staff/public.ts'
import { deskCalls } from './desk-calls.ts'

const METHOD_NAMES: Record<TakingsMethod, string> = { cash: 'Cash', card_terminal: 'Card terminal', online_card: 'Online by card' }

/**
 * A day's or a range's takings by way of paying (docs/product.md §10.3): sales (sessions paid at the desk among them),
 * refunds and what is left; the sessions still to take; and the day's cash-up, or the form to close the day (a range
 * lists its days' cash-ups).
 */
export function Takings({ takings }: { takings: Part<TakingsResponse> }) {
  const [, setParams] = useSearchParams()
  const today = todayInUk()
  const from = takings.status === 'ready' ? takings.data.from : today
  const to = takings.status === 'ready' ? takings.data.to : today
  const range = from !== to
  const id = useId()
  // One day is ?date= (nothing for today), a range ?from=&to=; a last day on or before the first shows the first alone.
  const show = (first: string, last: string) => setParams(last > first ? { from: first, to: last } : first === today ? {} : { date: first }, { replace: true })
  const title = range ? `Takings from ${longDate(from)} to ${longDate(to)}` : from === today ? 'Takings today' : `Takings on ${longDate(from)}`
  return (
    <Panel
      title={title}
      actions={
        <span className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <DayField id={`${id}-day`} label={range ? 'From' : 'Day'} value={from} max={today} onDay={(first) => show(first, range && to > first ? to : first)} />
          <DayField id={`${id}-to`} label="To" value={to} min={from} max={today} onDay={(last) => show(from, last)} />
        </span>
      }
    >
      {takings.status === 'error' && (
        <div className="p-4">
          <LoadError message={takings.message} />
        </div>
      )}
      {takings.status === 'ready' && (
        <>
          <TakingsTable takings={takings.data} />
          {takings.data.unpaidSessions.count > 0 && (
            <p className="border-t border-cocoa-100 px-4 py-3 text-sm text-amber-900 sm:px-5" data-testid="still-to-take">
              Still to take: {takings.data.unpaidSessions.count} {takings.data.unpaidSessions.count === 1 ? 'session' : 'sessions'} to be paid in the salon,{' '}
              {formatAmount(takings.data.unpaidSessions.pence)}.
            </p>
          )}
          <div className="flex flex-col gap-4 border-t border-cocoa-100 px-4 py-4 sm:px-5">
            {range ? (
              <CashUpsInRange cashUps={takings.data.cashUps} />
            ) : takings.data.cashUps[0] ? (
              <CashUpDone cashUp={takings.data.cashUps[0]} />
            ) : (
              <CashUpForm date={takings.data.date} />
            )}
          </div>
        </>
      )}
    </Panel>
  )
}

/** A day chosen for the takings, beside its label; a field emptied chooses nothing. */
function DayField({
  id,
  label,
  value,
  min,
  max,
  onDay,
}: {
  id: string
  label: string
  value: string
  min?: string
  max: string
  onDay: (day: string) => void
}) {
  return (
    <span className="flex items-center gap-1.5">
      <label htmlFor={id} className="text-xs font-semibold text-cocoa-700">
        {label}
      </label>
      <input
        id={id}
        type="date"
        className="field-input min-h-10 w-auto py-1.5 text-sm"
        min={min}
        max={max}
        value={value}
        onChange={(event) => {
          if (event.target.value) onDay(event.target.value)
        }}
      />
    </span>
  )
}

/** A range's cash-ups, a day each, or a word that none of its days was closed. */
function CashUpsInRange({ cashUps }: { cashUps: CashUp[] }) {
  if (cashUps.length === 0) return <p className="text-sm text-cocoa-700">No day in this range was cashed up.</p>
  return (
    <>
      {cashUps.map((cashUp) => (
        <div key={cashUp.date} className="flex flex-col gap-1">
          <p className="text-xs font-semibold tracking-wide text-cocoa-600 uppercase">{longDate(cashUp.date)}</p>
          <CashUpDone cashUp={cashUp} />
        </div>
      ))}
    </>
  )
}

function TakingsTable({ takings }: { takings: TakingsResponse }) {
  return (
    <table className="w-full text-left text-sm">
      <thead className="text-xs text-cocoa-600 uppercase">
        <tr>
          <th scope="col" className="px-4 py-2 font-semibold sm:px-5">
            Way
          </th>
          <th scope="col" className="px-2 py-2 text-right font-semibold">
            Sales
          </th>
          <th scope="col" className="px-2 py-2 text-right font-semibold">
            Refunds
          </th>
          <th scope="col" className="px-4 py-2 text-right font-semibold sm:px-5">
            Net
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-cocoa-100">
        {takings.methods.map((line) => (
          <tr key={line.method}>
            <th scope="row" className="px-4 py-2.5 font-semibold text-cocoa-900 sm:px-5">
              {METHOD_NAMES[line.method]}
              <span className="block text-xs font-normal text-cocoa-600">
                {line.sales} {line.sales === 1 ? 'sale' : 'sales'}
                {line.sessions > 0 && ` (${line.sessions} ${line.sessions === 1 ? 'session' : 'sessions'})`}
                {line.refunds > 0 && `, ${line.refunds} refunded`}
              </span>
            </th>
            <td className="px-2 py-2.5 text-right tabular-nums">{formatAmount(line.salesPence)}</td>
            <td className="px-2 py-2.5 text-right text-cocoa-600 tabular-nums">{line.refundsPence ? `−${formatAmount(line.refundsPence)}` : '—'}</td>
            <td className="px-4 py-2.5 text-right font-semibold tabular-nums sm:px-5">{formatAmount(line.netPence)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="border-t-2 border-cocoa-200">
          <th scope="row" colSpan={3} className="px-4 py-3 text-base font-bold text-cocoa-950 sm:px-5">
            Total
          </th>
          <td className="px-4 py-3 text-right text-base font-bold text-cocoa-950 tabular-nums sm:px-5" data-testid="takings-total">
            {formatAmount(takings.totalPence)}
          </td>
        </tr>
      </tfoot>
    </table>
  )
}

/** The day's cash-up as it was closed: each count against what was expected, and who closed it. */
function CashUpDone({ cashUp }: { cashUp: CashUp }) {
  return (
    <section aria-label="Cash-up" className="flex flex-col gap-1.5 text-sm" data-testid="cash-up">
      <h3 className="font-sans font-semibold text-cocoa-900">
        Cashed up {dateTime(cashUp.closedAt)} by {cashUp.closedBy}
      </h3>
      <p className="text-cocoa-800">
        Cash: counted {formatAmount(cashUp.cash.countedPence)} against {formatAmount(cashUp.cash.expectedPence)} (a float of {formatAmount(cashUp.floatPence)}{' '}
        and the day's cash), <strong>{tillDifference(cashUp.cash.differencePence)}</strong>.
      </p>
      <p className="text-cocoa-800">
        Card terminal: {formatAmount(cashUp.card.countedPence)} against {formatAmount(cashUp.card.expectedPence)},{' '}
        <strong>{tillDifference(cashUp.card.differencePence)}</strong>.
      </p>
      {cashUp.note && <p className="text-cocoa-700">Note: {cashUp.note}</p>}
      {cashUp.afterPence !== 0 && <p className="text-amber-900">Taken at the desk since the cash-up: {formatAmount(cashUp.afterPence)}.</p>}
    </section>
  )
}

/** Closing the day: the float left in the till, the cash counted (float included) and the card terminal's end-of-day total. */
function CashUpForm({ date }: { date: string }) {
  const { notify } = useStaff()
  const action = useStaffAction()
  const id = useId()
  const [problem, setProblem] = useState<string | null>(null)
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const amount = (name: string) => penceOf(String(form.get(name) ?? ''))
    const [floatPence, countedCashPence, countedCardPence] = [amount('float'), amount('cash'), amount('card')]
    if (floatPence === null || countedCashPence === null || countedCardPence === null) return setProblem(NOT_POUNDS)
    setProblem(null)
    const note = String(form.get('note') ?? '').trim()
    const answer = await action.run(() => deskCalls.cashUp({ date, floatPence, countedCashPence, countedCardPence, ...(note ? { note } : {}) }))
    if (answer) notify({ kind: 'success', message: answer.message })
  }
  const field = (name: string, label: string, help?: string) => (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={`${id}-${name}`} className="text-sm font-semibold text-cocoa-800">
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        name={name}
        inputMode="decimal"
        className="field-input"
        autoComplete="off"
        aria-describedby={help ? `${id}-${name}-help` : undefined}
      />
      {help && (
        <p id={`${id}-${name}-help`} className="text-xs text-cocoa-600">
          {help}
        </p>
      )}
    </div>
  )
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <h3 id={`${id}-title`} className="font-sans font-semibold text-cocoa-900">
        {date === todayInUk() ? 'Cash up the day' : `Cash up ${longDate(date)}`}
      </h3>
      <p className="text-sm text-cocoa-700">Count the till and read the card terminal's end-of-day total. Once closed, the day's cash-up cannot be changed.</p>
      {problem && (
        <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {problem}
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-3">
        {field('float', 'Float (£)', 'The change the till started with.')}
        {field('cash', 'Cash counted (£)', 'Everything in the till, float included.')}
        {field('card', 'Card terminal (£)', "The terminal's total for the day.")}
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-note`} className="text-sm font-semibold text-cocoa-800">
          Note (optional)
        </label>
        <input id={`${id}-note`} name="note" className="field-input" maxLength={500} autoComplete="off" />
      </div>
      <button type="submit" className="btn-primary self-start" disabled={action.busy}>
        {action.busy && <Spinner label="Closing the day" />}
        Close the day
      </button>
    </form>
  )
}
