import type { SalonResponse } from '@salon/contracts/shop'
import { formatPence, formatPerMinute } from '../../lib/format.ts'

const EXAMPLE_MINUTES = [6, 9, 12]

/** Per-minute prices by bed type, what typical sessions cost, and the extras. */
export function PriceList({ bedTypes, extras, headingLevel = 3 }: Pick<SalonResponse, 'bedTypes' | 'extras'> & { headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const
  return (
    <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
      <div className="card overflow-x-auto p-2 sm:p-4">
        <table className="w-full text-left">
          <caption className="px-3 pt-2 pb-3 text-left">
            <Heading className="font-display text-xl font-semibold">Pay as you go</Heading>
            <span className="text-sm text-cocoa-600">Priced by the minute. Packages bring the price down.</span>
          </caption>
          <thead>
            <tr className="border-b border-cocoa-100 text-sm text-cocoa-600">
              <th scope="col" className="px-3 py-2 font-semibold">
                Sunbed
              </th>
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                Per minute
              </th>
              {EXAMPLE_MINUTES.map((m) => (
                <th key={m} scope="col" className="hidden px-3 py-2 text-right font-semibold sm:table-cell">
                  {m} min
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {bedTypes.map((type) => (
              <tr key={type.code} className="border-b border-cocoa-50 last:border-0">
                <th scope="row" className="px-3 py-3 align-top">
                  <span className="block font-semibold">{type.name}</span>
                  <span className="block text-sm font-normal text-cocoa-600">{type.description}</span>
                </th>
                <td className="px-3 py-3 text-right align-top text-lg font-semibold tabular-nums">{formatPerMinute(type.perMinutePence)}</td>
                {EXAMPLE_MINUTES.map((m) => (
                  <td key={m} className="hidden px-3 py-3 text-right align-top tabular-nums sm:table-cell">
                    {formatPence(type.perMinutePence * m)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="card p-6">
        <Heading className="font-display text-xl font-semibold">Extras</Heading>
        <ul className="mt-3 divide-y divide-cocoa-100">
          {extras.map((extra) => (
            <li key={extra.id} className="flex items-start justify-between gap-4 py-3">
              <span>
                <span className="block font-medium">{extra.name}</span>
                {extra.detail && <span className="block text-sm text-cocoa-600">{extra.detail}</span>}
              </span>
              <span className="font-semibold tabular-nums">{extra.pricePence === 0 ? 'Free' : formatPence(extra.pricePence)}</span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  )
}
