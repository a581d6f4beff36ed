import type { TakingsMethod, TakingsResponse } from '@salon/contracts/staff-counter'
import { formatAmount } from '../../lib/format.ts'
import { LoadError, Panel, type Part } from '../staff/public.ts'

const METHOD_NAMES: Record<TakingsMethod, string> = { cash: 'Cash', card_terminal: 'Card terminal', online_card: 'Online by card' }

/** A day's takings by way of paying (docs/product.md §10.3): sales, refunds and what is left. */
export function Takings({ takings }: { takings: Part<TakingsResponse> }) {
  return (
    <Panel title="Takings today">
      {takings.status === 'error' && (
        <div className="p-4">
          <LoadError message={takings.message} />
        </div>
      )}
      {takings.status === 'ready' && (
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
            {takings.data.methods.map((line) => (
              <tr key={line.method}>
                <th scope="row" className="px-4 py-2.5 font-semibold text-cocoa-900 sm:px-5">
                  {METHOD_NAMES[line.method]}
                  <span className="block text-xs font-normal text-cocoa-600">
                    {line.sales} {line.sales === 1 ? 'sale' : 'sales'}
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
                {formatAmount(takings.data.totalPence)}
              </td>
            </tr>
          </tfoot>
        </table>
      )}
    </Panel>
  )
}
