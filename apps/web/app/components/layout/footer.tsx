import type { Shop } from '@salon/contracts/shop'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { weekSchedule } from '../../lib/week-schedule.ts'

/** `extra` holds controls the layout adds to the Explore list (cookie settings). */
export function Footer({ shop, extra }: { shop: Shop; extra?: ReactNode }) {
  const year = new Date().getFullYear()
  return (
    <footer className="mt-auto bg-cocoa-950 text-cocoa-100">
      <div className="container-page grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="flex flex-col gap-2">
          <p className="font-display text-xl font-semibold text-white">{shop.name}</p>
          <p className="text-sm text-cocoa-200">{shop.tagline}</p>
        </div>
        <div>
          <h2 className="mb-3 font-sans text-sm font-semibold tracking-widest text-glow-300 uppercase">Visit us</h2>
          <address className="text-sm leading-relaxed not-italic">
            {shop.address.line1}
            <br />
            {shop.address.line2 && (
              <>
                {shop.address.line2}
                <br />
              </>
            )}
            {shop.address.town} {shop.address.postcode}
            <br />
            <a className="underline-offset-2 hover:underline" href={`tel:${shop.phone.replace(/\s/g, '')}`}>
              {shop.phone}
            </a>
            <br />
            <a className="underline-offset-2 hover:underline" href={`mailto:${shop.email}`}>
              {shop.email}
            </a>
          </address>
        </div>
        <div>
          <h2 className="mb-3 font-sans text-sm font-semibold tracking-widest text-glow-300 uppercase">Opening hours</h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {weekSchedule(shop.openingHours).map((day) => (
              <div key={day.weekday} className="contents">
                <dt>{day.name}</dt>
                <dd className="text-right tabular-nums">{day.hours}</dd>
              </div>
            ))}
          </dl>
        </div>
        <div>
          <h2 className="mb-3 font-sans text-sm font-semibold tracking-widest text-glow-300 uppercase">Explore</h2>
          <ul className="flex flex-col gap-2 text-sm">
            <li>
              <Link className="hover:underline" to="/prices/">
                Price list
              </Link>
            </li>
            <li>
              <Link className="hover:underline" to="/book/package/">
                Packages
              </Link>
            </li>
            <li>
              <Link className="hover:underline" to="/gift-vouchers/">
                Gift vouchers
              </Link>
            </li>
            <li>
              <Link className="hover:underline" to="/blog/">
                Blog
              </Link>
            </li>
            <li>
              <Link className="hover:underline" to="/privacypolicy/">
                Privacy policy
              </Link>
            </li>
            {extra && <li>{extra}</li>}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="container-page py-5 text-xs text-cocoa-300">
          © {year} {shop.name}. Sunbeds are for adults only: under the Sunbeds (Regulation) Act 2010 nobody under 18 may use one.
        </p>
      </div>
    </footer>
  )
}
