import { tillDifference } from '@salon/contracts/rules/money'
import type { ExportName, PaymentMethod, SalesReport, SessionsReport } from '@salon/contracts/staff-reports'
import { addDays, todayInUk, utcDay } from '@salon/contracts/dates'
import { useState, type ReactNode } from 'react'
import { useNavigation } from 'react-router'
import { Field } from '../../components/ui/field.tsx'
import { SegmentedControl } from '../../components/ui/segmented-control.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { formatAmount } from '../../lib/format.ts'
import { manageCalls } from './manage-calls.ts'
import { dayText } from './dates.ts'
import { Empty, type Notice, NoticeLine, Panel } from '../staff/public.ts'

export interface Range {
  from: string
  to: string
}

/** The ranges the owner picks most, ending today. */
export function presets(today = todayInUk()): { label: string; range: Range }[] {
  const monday = addDays(today, -((utcDay(today).getUTCDay() + 6) % 7))
  const firstOfMonth = `${today.slice(0, 8)}01`
  const lastMonthEnd = addDays(firstOfMonth, -1)
  return [
    { label: 'Today', range: { from: today, to: today } },
    { label: 'This week', range: { from: monday, to: today } },
    { label: 'Last 7 days', range: { from: addDays(today, -6), to: today } },
    { label: 'This month', range: { from: firstOfMonth, to: today } },
    { label: 'Last month', range: { from: `${lastMonthEnd.slice(0, 8)}01`, to: lastMonthEnd } },
  ]
}

export const rangeQuery = ({ from, to }: Range) => `from=${from}&to=${to}`

/** The range: two dates and the usual choices, applied together. */
export function RangePicker({ range, onChange }: { range: Range; onChange: (range: Range) => void }) {
  const [draft, setDraft] = useState(range)
  const [seen, setSeen] = useState(range)
  if (seen !== range) {
    setSeen(range)
    setDraft(range)
  }
  return (
    <div className="card flex flex-col gap-4 p-4 sm:p-5">
      <div className="flex gap-2 overflow-x-auto pb-1">
        {presets().map((preset) => {
          const chosen = preset.range.from === range.from && preset.range.to === range.to
          return (
            <button
              key={preset.label}
              type="button"
              aria-pressed={chosen}
              onClick={() => onChange(preset.range)}
              className={`min-h-11 shrink-0 rounded-full border px-4 text-sm font-semibold ${chosen ? 'border-cocoa-900 bg-cocoa-900 text-cream' : 'border-cocoa-200 bg-white text-cocoa-800 hover:bg-cocoa-50'}`}
            >
              {preset.label}
            </button>
          )
        })}
      </div>
      <form
        className="grid grid-cols-2 gap-3 sm:flex sm:items-end"
        onSubmit={(event) => {
          event.preventDefault()
          onChange(draft)
        }}
      >
        <Field label="From" type="date" value={draft.from} max={draft.to} onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))} />
        <Field label="To" type="date" value={draft.to} min={draft.from} onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))} />
        <button type="submit" className="btn-primary col-span-2 sm:col-span-1">
          Show
        </button>
      </form>
    </div>
  )
}

export function Stat({ label, value, detail }: { label: string; value: ReactNode; detail?: ReactNode }) {
  return (
    <div className="rounded-2xl border border-cocoa-100 bg-white p-4">
      <p className="text-sm font-medium text-cocoa-600">{label}</p>
      <p className="mt-1 text-2xl font-bold tracking-tight text-cocoa-950 tabular-nums">{value}</p>
      {detail && <p className="mt-0.5 text-xs text-cocoa-600">{detail}</p>}
    </div>
  )
}

export function Table({ head, rows, foot }: { head: string[]; rows: ReactNode[][]; foot?: ReactNode[] }) {
  // A table of three columns fits a half-width panel and a phone; a wider one keeps room for its figures.
  const minWidth = head.length <= 3 ? 'min-w-[18rem]' : 'min-w-[32rem]'
  // On a phone the table scrolls sideways: the region takes the focus, so the keyboard scrolls it too.
  return (
    <div className="-mx-4 overflow-x-auto focus-visible:ring-2 focus-visible:ring-brand-teal focus-visible:outline-none sm:mx-0" tabIndex={0}>
      <table className={`w-full border-collapse text-left text-sm ${minWidth}`}>
        <thead>
          <tr className="border-b border-cocoa-200 text-cocoa-600">
            {head.map((h, i) => (
              <th key={h} scope="col" className={`px-4 py-2 font-semibold sm:px-3 ${i > 0 ? 'text-right' : ''}`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={r} className="border-b border-cocoa-100">
              {row.map((cell, i) => (
                <td key={i} className={`px-4 py-2 sm:px-3 ${i > 0 ? 'text-right tabular-nums' : ''}`}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {foot && (
          <tfoot>
            <tr className="font-semibold text-cocoa-950">
              {foot.map((cell, i) => (
                <td key={i} className={`px-4 py-2 sm:px-3 ${i > 0 ? 'text-right tabular-nums' : ''}`}>
                  {cell}
                </td>
              ))}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  )
}

/** Sessions per bed, by day or by ISO week, with the totals of the range. */
export function SessionsReportPanel({ report }: { report: SessionsReport }) {
  const [by, setBy] = useState<'day' | 'week'>('day')
  const t = report.totals
  const rows =
    by === 'day'
      ? report.days.map((d) => [`${dayText(d.date)} · ${d.bedName}`, d.attended, d.noShow, d.booked, d.cancelled, d.minutes])
      : report.weeks.map((w) => [`Week of ${dayText(w.weekStart)} · ${w.bedName}`, w.attended, w.noShow, w.booked, w.cancelled, w.minutes])
  return (
    <Panel
      variant="section"
      id="sessions"
      title="Sessions"
      description="Per sunbed, on each day or week of the range."
      actions={
        <SegmentedControl
          label="Sessions by"
          segments={[
            { value: 'day', label: 'By day' },
            { value: 'week', label: 'By week' },
          ]}
          value={by}
          onChange={setBy}
        />
      }
    >
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat label="Attended" value={t.attended} detail={`${t.attendedMinutes} minutes on the beds`} />
        <Stat label="No-shows" value={t.noShow} />
        <Stat label="Still booked" value={t.booked} />
        <Stat label="Cancelled" value={t.cancelled} />
      </div>
      <div className="mt-5">
        {rows.length === 0 ? (
          <Empty>No sessions in this range.</Empty>
        ) : (
          <Table
            head={[by === 'day' ? 'Day and sunbed' : 'Week and sunbed', 'Attended', 'No-show', 'Booked', 'Cancelled', 'Minutes']}
            rows={rows}
            foot={['Total', t.attended, t.noShow, t.booked, t.cancelled, t.minutes]}
          />
        )}
      </div>
    </Panel>
  )
}

const METHOD: Record<PaymentMethod, string> = { online_card: 'Card online', cash: 'Cash', card_terminal: 'Card terminal' }

/** Packages and products sold, promo codes used, and the money taken by each way of paying. */
export function SalesReportPanel({ report }: { report: SalesReport }) {
  const sold = report.packages.reduce((n, p) => n + p.count, 0)
  const productsSold = report.products.reduce((n, p) => n + p.quantity, 0)
  return (
    <>
      <Panel variant="section" id="takings" title="Takings" description="Money that came in on each day of the range, less what was given back.">
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-3">
          <Stat label="Taken" value={formatAmount(report.totals.grossPence)} />
          <Stat label="Refunded" value={formatAmount(report.totals.refundedPence)} />
          <Stat label="Net" value={formatAmount(report.totals.netPence)} />
        </div>
        <div className="mt-5">
          {report.takings.length === 0 ? (
            <Empty>No money taken in this range.</Empty>
          ) : (
            <Table
              head={['Paid by', 'Payments', 'Taken', 'Refunded', 'Net']}
              rows={report.takings.map((t) => [
                METHOD[t.method],
                t.payments,
                formatAmount(t.grossPence),
                formatAmount(t.refundedPence),
                formatAmount(t.netPence),
              ])}
            />
          )}
        </div>
      </Panel>
      <div className="grid gap-5 lg:grid-cols-2">
        <Panel variant="section" id="package-sales" title="Packages sold" description={`${sold} in this range.`}>
          {report.packages.length === 0 ? (
            <Empty>No packages sold in this range.</Empty>
          ) : (
            <Table head={['Package', 'Sold', 'Revenue']} rows={report.packages.map((p) => [p.name, p.count, formatAmount(p.revenuePence)])} />
          )}
        </Panel>
        <Panel variant="section" id="product-sales" title="Products sold" description={`${productsSold} sold at the counter in this range and not given back.`}>
          {report.products.length === 0 ? (
            <Empty>No products sold in this range.</Empty>
          ) : (
            <Table head={['Product', 'Sold', 'Revenue']} rows={report.products.map((p) => [p.name, p.quantity, formatAmount(p.revenuePence)])} />
          )}
        </Panel>
        <Panel variant="section" id="promo-sales" title="Promo codes used" description="On the packages sold in this range." className="lg:col-span-2">
          {report.promoCodes.length === 0 ? (
            <Empty>No promo codes used in this range.</Empty>
          ) : (
            <Table head={['Code', 'Uses', 'Discount']} rows={report.promoCodes.map((p) => [p.code, p.uses, formatAmount(p.discountPence)])} />
          )}
        </Panel>
      </div>
      <Panel variant="section" id="cash-ups" title="Cash-ups" description="Each day closed at the desk: what was counted against what the takings said.">
        {report.cashUps.length === 0 ? (
          <Empty>No day was cashed up in this range.</Empty>
        ) : (
          <Table
            head={['Day', 'Cash', 'Card terminal', 'Closed by']}
            rows={report.cashUps.map((c) => [dayText(c.date), tillDifference(c.cash.differencePence), tillDifference(c.card.differencePence), c.closedBy])}
          />
        )}
      </Panel>
    </>
  )
}

const EXPORT_LABELS: Record<ExportName, { label: string; detail: string }> = {
  bookings: { label: 'Bookings', detail: 'Every session in the range' },
  sales: { label: 'Sales', detail: 'Every payment in the range' },
  'cash-ups': { label: 'Cash-ups', detail: 'Each day closed at the desk' },
  marketing: { label: 'Marketing list', detail: 'Customers who agreed to offers, as of today' },
}

/** The CSV files of the range, downloaded with the member's session. */
export function ExportButtons({ range }: { range: Range }) {
  const [busy, setBusy] = useState<ExportName | null>(null)
  // While another range loads, the files would still be the range shown: they wait for it.
  const loading = useNavigation().state === 'loading'
  const [notice, setNotice] = useState<Notice | null>(null)

  async function download(name: ExportName) {
    setBusy(name)
    setNotice(null)
    try {
      const { blob, fileName } = await manageCalls.exportCsv(name, range)
      saveFile(blob, fileName ?? `${name}.csv`)
      setNotice({ kind: 'success', text: `${EXPORT_LABELS[name].label} downloaded.` })
    } catch (failure) {
      setNotice({ kind: 'error', text: failure instanceof Error ? failure.message : 'The file could not be downloaded. Please try again.' })
    } finally {
      setBusy(null)
    }
  }

  return (
    <Panel
      variant="section"
      id="exports"
      title="Download CSV files"
      description={`Bookings and sales from ${dayText(range.from)} to ${dayText(range.to)}, for a spreadsheet.`}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        {(Object.keys(EXPORT_LABELS) as ExportName[]).map((name) => (
          <button
            key={name}
            type="button"
            className="flex min-h-16 items-center gap-3 rounded-2xl border border-cocoa-200 bg-white px-4 py-3 text-left hover:border-brand-teal hover:bg-brand-teal/5 disabled:opacity-60"
            onClick={() => void download(name)}
            disabled={busy !== null || loading}
          >
            <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-teal/10 text-brand-teal">
              {busy === name ? (
                <Spinner label="Downloading" />
              ) : (
                <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
                  <path d="M12 4v11m0 0l-4-4m4 4l4-4M5 19h14" />
                </svg>
              )}
            </span>
            <span>
              <span className="block font-semibold text-cocoa-950">{EXPORT_LABELS[name].label}</span>
              <span className="block text-sm text-cocoa-600">{EXPORT_LABELS[name].detail}</span>
            </span>
          </button>
        ))}
      </div>
      <div className="mt-3">
        <NoticeLine notice={notice} />
      </div>
    </Panel>
  )
}

/** Hands a file the server sent to the browser's downloads, under its name. */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
