import type { Bed, BedType } from '@salon/contracts/shop'
import { formatPerMinute } from '../../lib/format.ts'
import { pictureSources } from '../../lib/pictures.ts'

export function SunbedsSection({ beds, bedTypes }: { beds: Bed[]; bedTypes: BedType[] }) {
  const price = (type: string) => bedTypes.find((t) => t.code === type)?.perMinutePence
  return (
    <section id="sunbeds" aria-labelledby="sunbeds-title" className="bg-white py-16 sm:py-20">
      <div className="container-page">
        <p className="eyebrow">Our Sunbeds</p>
        <h2 id="sunbeds-title" className="section-title mt-2">
          Modern beds, cleaned after every session
        </h2>
        <p className="mt-3 max-w-2xl text-lg text-cocoa-700">
          Lay down and relax or stand up for an even, quick tan. Every bed is serviced to HSE guidance, with fresh tubes and free goggles.
        </p>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {beds.map((bed) => {
            const perMinute = price(bed.type)
            return (
              <li key={bed.id} className="card flex flex-col overflow-hidden">
                <img
                  {...pictureSources(bed.picture, '(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw')}
                  alt={`${bed.name} (${bed.typeName})`}
                  width={400}
                  height={300}
                  loading="lazy"
                  className="aspect-[4/3] w-full bg-cocoa-100 object-cover"
                />
                <div className="flex flex-1 flex-col gap-3 p-5">
                  <div className="flex items-start justify-between gap-3">
                    <h3 className="text-xl font-semibold">{bed.name}</h3>
                    <span className="shrink-0 rounded-full bg-glow-300/40 px-3 py-1 text-xs font-semibold text-cocoa-800">{bed.typeName}</span>
                  </div>
                  <p className="text-cocoa-700">{bed.description}</p>
                  <ul className="flex flex-wrap gap-2" aria-label="Features">
                    {bed.features.map((feature) => (
                      <li key={feature} className="rounded-full border border-cocoa-100 px-2.5 py-1 text-xs text-cocoa-700">
                        {feature}
                      </li>
                    ))}
                  </ul>
                  <p className="mt-auto pt-2 text-sm text-cocoa-600">
                    Sessions of {bed.minMinutes} to {bed.maxMinutes} minutes
                    {perMinute !== undefined && (
                      <>
                        {' · '}
                        <strong className="text-cocoa-900">{formatPerMinute(perMinute)} a minute</strong>
                      </>
                    )}
                  </p>
                </div>
              </li>
            )
          })}
        </ul>
      </div>
    </section>
  )
}
