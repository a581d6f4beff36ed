import type { Package } from '@salon/contracts/content'
import type { BedType } from '@salon/contracts/shop'
import { bedTypesText, formatAmount } from '../../lib/format.ts'

/** The package being bought: what it gives, where, for how long and for how much. */
export function PackageSummary({ pkg, bedTypes }: { pkg: Package; bedTypes: BedType[] }) {
  return (
    <div className="flex flex-col gap-4">
      <div>
        <h3 className="text-xl font-semibold">{pkg.name}</h3>
        {pkg.description && <p className="mt-1 text-cocoa-700">{pkg.description}</p>}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
        <dt className="text-cocoa-600">Minutes</dt>
        <dd className="font-semibold">{pkg.minutes} minutes</dd>
        <dt className="text-cocoa-600">Sunbeds</dt>
        <dd className="font-semibold">{bedTypesText(pkg.bedTypes, bedTypes)}</dd>
        <dt className="text-cocoa-600">Use within</dt>
        <dd className="font-semibold">{pkg.validityDays} days of buying</dd>
        <dt className="text-cocoa-600">Price</dt>
        <dd className="font-semibold">{formatAmount(pkg.pricePence)}</dd>
      </dl>
    </div>
  )
}
