import type { Package } from '@salon/contracts/content'
import type { BedType } from '@salon/contracts/shop'
import type { ReactNode } from 'react'
import { formatPence, listOf } from '../../lib/format.ts'

export function PackageCard({ pkg, bedTypes, action }: { pkg: Package; bedTypes: BedType[]; action?: ReactNode }) {
  const perMinute = Math.round(pkg.pricePence / pkg.minutes)
  const beds = pkg.bedTypes.map((code) => (bedTypes.find((t) => t.code === code)?.name ?? code).replace(/ sunbeds?$/i, '').toLowerCase())
  return (
    <article className={`card relative flex flex-col gap-4 p-6 ${pkg.highlight ? 'border-2 border-glow-500 shadow-lg' : ''}`}>
      {pkg.highlight && (
        <p className="absolute -top-3 left-6 rounded-full bg-glow-500 px-3 py-1 text-xs font-bold tracking-wide text-cocoa-950 uppercase">Best value</p>
      )}
      <div>
        <h3 className="text-2xl font-semibold">{pkg.name}</h3>
        <p className="mt-1 text-cocoa-700">{pkg.description}</p>
      </div>
      <p className="flex items-baseline gap-2">
        <span className="font-display text-4xl font-semibold">{formatPence(pkg.pricePence)}</span>
        <span className="text-cocoa-600">for {pkg.minutes} minutes</span>
      </p>
      <ul className="flex flex-col gap-1.5 text-sm text-cocoa-700">
        <li>{perMinute}p a minute</li>
        <li>Use within {pkg.validityDays} days</li>
        <li>On {listOf(beds)} beds</li>
      </ul>
      {action && <div className="mt-auto pt-2">{action}</div>}
    </article>
  )
}

/** ['lay-down', 'stand-up', 'high-pressure'] → "lay-down, stand-up and high-pressure" */

/** Packages as a responsive grid of cards, each with an optional action. */
export function PackageGrid({ packages, bedTypes, action }: { packages: Package[]; bedTypes: BedType[]; action?: (pkg: Package) => ReactNode }) {
  return (
    <ul className="grid gap-6 pt-3 sm:grid-cols-2 lg:grid-cols-3">
      {packages.map((pkg) => (
        <li key={pkg.id} className="flex">
          <PackageCard pkg={pkg} bedTypes={bedTypes} action={action?.(pkg)} />
        </li>
      ))}
    </ul>
  )
}
