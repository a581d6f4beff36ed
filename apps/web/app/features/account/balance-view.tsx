import type { BalanceResponse } from '@salon/contracts/commerce'
import type { BedType } from '@salon/contracts/shop'
import { Link } from 'react-router'
import { bedTypesText } from '../../lib/format.ts'
import { expiresSoon, expiringSoonText, historyWhen, LEDGER_KIND_LABELS, minutesText, remainingText, signedMinutes, lastDayText } from './balance-format.ts'

/** /account/balance/: the minutes to use, lot by lot with their beds and last day, and every change to them. */
export function BalanceView({ balance, bedTypes }: { balance: BalanceResponse; bedTypes: BedType[] }) {
  const soon = expiringSoonText(balance.expiringSoon)
  const now = Date.now()
  const empty = balance.balance === 0 && balance.lots.length === 0 && balance.history.length === 0

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[20rem_minmax(0,1fr)] lg:items-start">
      <div className="flex flex-col gap-4">
        <section aria-labelledby="total-title" className="card flex flex-col gap-2 p-6">
          <h2 id="total-title" className="font-sans text-sm font-semibold tracking-wide text-cocoa-600 uppercase">
            Minutes to use
          </h2>
          <p className="font-display text-5xl font-semibold">
            {balance.balance} <span className="text-2xl">min</span>
          </p>
          <div className="mt-2 flex flex-col gap-2 sm:flex-row lg:flex-col">
            <Link to="/book/" className="btn-primary flex-1">
              Book a session
            </Link>
            <Link to="/book/package/" className="btn-outline flex-1">
              Buy minutes
            </Link>
          </div>
        </section>
        {soon && (
          <p role="note" className="rounded-2xl border border-glow-500 bg-glow-300/25 px-5 py-4 font-medium text-cocoa-900">
            {soon}
          </p>
        )}
      </div>

      <div className="flex flex-col gap-8">
        {empty ? (
          <section className="card flex flex-col items-start gap-3 p-6" aria-labelledby="empty-title">
            <h2 id="empty-title" className="text-2xl font-semibold">
              No minutes yet
            </h2>
            <p className="text-cocoa-700">Buy a minute package and book sessions whenever it suits you. The more minutes you buy, the less each one costs.</p>
            <Link to="/book/package/" className="btn-primary">
              See the packages
            </Link>
          </section>
        ) : (
          <section aria-labelledby="lots-title" className="flex flex-col gap-3">
            <h2 id="lots-title" className="text-2xl font-semibold">
              Your minutes
            </h2>
            {balance.lots.length === 0 ? (
              <div className="card flex flex-col items-start gap-3 p-5">
                <p className="text-cocoa-700">You have no minutes left to use.</p>
                <Link to="/book/package/" className="btn-primary">
                  Buy a package
                </Link>
              </div>
            ) : (
              <ul className="grid gap-3 sm:grid-cols-2">
                {balance.lots.map((lot) => (
                  <li key={lot.id} className="card flex flex-col gap-2 p-5">
                    <div className="flex items-start justify-between gap-3">
                      <h3 className="text-lg font-semibold">{lot.label}</h3>
                      {expiresSoon(lot, now) && (
                        <span className="shrink-0 rounded-full bg-glow-300/50 px-2.5 py-0.5 text-xs font-bold text-cocoa-900">Expires soon</span>
                      )}
                    </div>
                    <p className="font-semibold">{remainingText(lot)}</p>
                    <Meter value={lot.remaining} max={lot.minutes} />
                    <p className="text-sm text-cocoa-700">{bedTypesText(lot.bedTypes, bedTypes)}</p>
                    <p className="text-sm font-medium text-cocoa-800">{lastDayText(lot.lastDay)}</p>
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}

        {balance.history.length > 0 && (
          <section aria-labelledby="history-title" className="flex flex-col gap-3">
            <h2 id="history-title" className="text-2xl font-semibold">
              History
            </h2>
            <ol className="card divide-y divide-cocoa-100">
              {balance.history.map((entry) => (
                <li key={entry.id} className="flex items-start justify-between gap-4 px-5 py-3">
                  <div className="min-w-0">
                    <p className="font-semibold">
                      {LEDGER_KIND_LABELS[entry.kind]}
                      {entry.bookingId && (
                        <>
                          {' · '}
                          <Link to={`/booking/?id=${encodeURIComponent(entry.bookingId)}`} className="font-medium text-brand-teal underline underline-offset-2">
                            See the session
                          </Link>
                        </>
                      )}
                    </p>
                    {entry.description && <p className="text-sm text-cocoa-700">{entry.description}</p>}
                    <p className="text-sm text-cocoa-600">
                      <time dateTime={entry.at}>{historyWhen(entry.at)}</time>
                    </p>
                  </div>
                  <p
                    className={`shrink-0 font-semibold tabular-nums ${entry.minutes > 0 ? 'text-emerald-700' : 'text-cocoa-800'}`}
                    aria-label={`${entry.minutes > 0 ? 'Added' : 'Taken'} ${minutesText(Math.abs(entry.minutes))}`}
                  >
                    {signedMinutes(entry.minutes)}
                  </p>
                </li>
              ))}
            </ol>
          </section>
        )}
      </div>
    </div>
  )
}

function Meter({ value, max }: { value: number; max: number }) {
  const share = max > 0 ? Math.min(100, Math.max(0, (value / max) * 100)) : 0
  return (
    <div className="h-2 overflow-hidden rounded-full bg-cocoa-100" aria-hidden="true">
      <div className="h-full rounded-full bg-brand-teal" style={{ width: `${share}%` }} />
    </div>
  )
}
