import type { ImportReport, ImportSampleRow } from '@salon/contracts/staff-import'
import type { ReactNode } from 'react'
import { Badge, localPhone, longDate } from '../staff/public.ts'
import { counted, rejectedCsv, thousands } from './import-file.ts'

/** The most refused rows listed on the page; the file of refused rows holds them all. */
const SHOWN = 200

/** What a dry run would import, or an import did: the outcome, the counts, a few rows as they are kept, every row refused and why. */
export function ImportReportView({ report, fileName }: { report: ImportReport; fileName: string }) {
  const c = report.counts
  const people = report.dryRun ? 'would be' : 'were'
  return (
    <div className="flex flex-col gap-5">
      <p className="text-base font-semibold text-cocoa-950 sm:text-lg" role="status">
        {report.message}
      </p>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Stat label="New customers" value={c.customers} />
        <Stat label="Already customers" value={c.matched} detail="Same name and number: minutes added" />
        <Stat label="Minutes" value={c.minutes} detail={c.lots ? `for ${counted(c.lots, 'customer')}` : undefined} />
        <Stat label="Upcoming sessions" value={c.bookings} />
        <Stat label="Imported before" value={c.alreadyImported} detail="Left as they are" />
        <Stat label="Refused" value={c.rejected} tone={c.rejected ? 'bad' : undefined} />
      </dl>
      {report.sample.length > 0 && (
        <section className="flex flex-col gap-2" aria-labelledby="import-sample">
          <h3 id="import-sample" className="font-sans text-base font-semibold text-cocoa-950">
            The first rows, as they {people} kept
          </h3>
          <ul className="divide-y divide-cocoa-100 rounded-xl border border-cocoa-100">
            {report.sample.map((row) => (
              <SampleRow key={row.row} row={row} />
            ))}
          </ul>
        </section>
      )}
      {report.rejected.length > 0 && <Refused report={report} fileName={fileName} />}
    </div>
  )
}

function Stat({ label, value, detail, tone }: { label: string; value: number; detail?: string; tone?: 'bad' }) {
  return (
    <div className={`rounded-2xl border p-3 sm:p-4 ${tone === 'bad' ? 'border-red-200 bg-red-50' : 'border-cocoa-100 bg-white'}`}>
      <dt className="text-sm font-medium text-cocoa-600">{label}</dt>
      <dd className={`mt-1 text-2xl font-bold tracking-tight tabular-nums ${tone === 'bad' ? 'text-red-900' : 'text-cocoa-950'}`}>{thousands(value)}</dd>
      {detail && <dd className="mt-0.5 text-xs text-cocoa-600">{detail}</dd>}
    </div>
  )
}

function SampleRow({ row }: { row: ImportSampleRow }) {
  const details: ReactNode[] = [
    localPhone(row.mobile),
    row.email,
    row.dateOfBirth && `born ${longDate(row.dateOfBirth).replace(/^\w+ /, '')}`,
    row.skinType && `skin type ${row.skinType}`,
    row.marketing && 'agrees to offers',
  ].filter(Boolean)
  return (
    <li className="flex flex-col gap-1 px-3 py-3 sm:px-4">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-cocoa-600 tabular-nums">Row {row.row}</span>
        <span className="font-semibold text-cocoa-950">
          {row.firstName} {row.lastName}
        </span>
        {row.outcome === 'matched' ? <Badge tone="info">Already a customer</Badge> : <Badge tone="good">New</Badge>}
      </div>
      <p className="text-sm break-words text-cocoa-700">{details.join(' · ')}</p>
      {row.minutes > 0 && (
        <p className="text-sm text-cocoa-700">
          {counted(row.minutes, 'minute')} for {row.minutesBedTypes.join(', ')}, until {longDate(row.minutesLastDay!)}
        </p>
      )}
      {row.booking && (
        <p className="text-sm text-cocoa-700">
          Session on {longDate(row.booking.date)} at {row.booking.time}, {row.booking.bed}, {counted(row.booking.minutes, 'minute')}
        </p>
      )}
    </li>
  )
}

function Refused({ report, fileName }: { report: ImportReport; fileName: string }) {
  const rows = report.rejected
  function download() {
    const url = URL.createObjectURL(new Blob([rejectedCsv(rows)], { type: 'text/csv;charset=utf-8' }))
    const link = document.createElement('a')
    link.href = url
    link.download = `${fileName.replace(/\.[^.]*$/, '')}-refused-rows.csv`
    document.body.append(link)
    link.click()
    link.remove()
    URL.revokeObjectURL(url)
  }
  return (
    <section className="flex flex-col gap-2" aria-labelledby="import-refused">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="import-refused" className="font-sans text-base font-semibold text-cocoa-950">
          Rows refused ({thousands(rows.length)})
        </h3>
        <button type="button" className="btn-outline min-h-10 px-4 py-2 text-sm" onClick={download}>
          Download the refused rows
        </button>
      </div>
      <p className="text-sm text-cocoa-600">Correct these rows in the file and import it again: the rows imported already are not imported twice.</p>
      <ol className="divide-y divide-cocoa-100 rounded-xl border border-red-100" data-testid="refused-rows">
        {rows.slice(0, SHOWN).map((row) => (
          <li key={row.row} className="flex flex-col gap-1 px-3 py-3 sm:flex-row sm:gap-4 sm:px-4">
            <div className="flex shrink-0 flex-wrap items-baseline gap-x-2 sm:w-48 sm:flex-col">
              <span className="font-semibold text-cocoa-950 tabular-nums">Row {row.row}</span>
              <span className="text-sm break-words text-cocoa-600">{[row.name, row.mobile].filter(Boolean).join(' · ')}</span>
            </div>
            <ul className="flex min-w-0 flex-col gap-1 text-sm text-red-900">
              {row.reasons.map((reason) => (
                <li key={reason} className="break-words">
                  {reason}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
      {rows.length > SHOWN && <p className="text-sm text-cocoa-600">And {thousands(rows.length - SHOWN)} more: the file of refused rows holds every one.</p>}
    </section>
  )
}
