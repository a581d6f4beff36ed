import type { BlogsResponse, PackagesResponse, ReviewsResponse } from '@salon/contracts/content'
import { Link } from 'react-router'
import { useAuth } from '../features/auth/auth-context.tsx'
import { BlogCard } from '../features/content/blog-card.tsx'
import { ContactForm } from '../features/content/contact-form.tsx'
import { outcomeFor } from '../features/content/home-forms.ts'
import { homeFormAction } from '../features/content/home-forms.server.ts'
import { OfferPopup } from '../features/content/offer-popup.tsx'
import { PriceList } from '../features/content/price-list.tsx'
import { ReviewsSection } from '../features/content/reviews-section.tsx'
import { SunbedsSection } from '../features/content/sunbeds-section.tsx'
import { PackageGrid } from '../features/packages/package-card.tsx'
import { serverApi, visitorApi } from '../lib/api.server.ts'
import { weekSchedule } from '../lib/week-schedule.ts'
import { pageMeta, salonOf, siteUrlOf } from '../lib/meta.ts'
import { salonJsonLd } from '../lib/salon-json-ld.ts'
import { useSalon } from '../lib/route-data.ts'
import type { Route } from './+types/home'
import type { OfferPopup as OfferPopupContent } from '@salon/contracts/staff-catalogue'
import { pictureSources } from '../lib/pictures.ts'

export const meta: Route.MetaFunction = (args) => {
  const salon = salonOf(args.matches)
  const description = 'Sunbed tanning in a friendly, spotless studio: book online, buy minute packages and read our tanning advice.'
  return pageMeta(args, null, description, salon ? { jsonLd: salonJsonLd(salon, args.loaderData?.reviews, siteUrlOf(args.matches)) } : {})
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = serverApi(context, request)
  const [reviews, { packages }, { blogs }, popup] = await Promise.all([
    api.get<ReviewsResponse>('google/reviews'),
    api.get<PackagesResponse>('website/packages'),
    api.get<BlogsResponse>('blogs'),
    api.get<OfferPopupContent>('website/popup'),
  ])
  return { reviews, packages, blogs: blogs.slice(0, 3), popup }
}

/** The contact and offer forms, when they arrive as plain HTML forms (before the page's scripts ran). */
export async function action({ request, context }: Route.ActionArgs) {
  return homeFormAction(request, visitorApi(context, request))
}

// This is the index route: its own action needs ?index, or the post would go to the layout.
const FORM_ACTION = '/?index'

export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  const { shop, beds, bedTypes, extras } = useSalon()
  const { reviews, packages, blogs, popup } = loaderData
  const signedIn = useAuth().state.user !== null
  return (
    <>
      <section className="relative isolate overflow-hidden bg-cocoa-950 text-white">
        <img
          {...pictureSources('/images/hero.svg', '100vw')}
          alt=""
          width={1200}
          height={800}
          className="absolute inset-0 -z-10 size-full object-cover"
          fetchPriority="high"
        />
        <div className="container-page flex min-h-[36rem] flex-col justify-center gap-6 pt-28 pb-16 sm:min-h-[40rem]">
          <p className="eyebrow text-glow-300">{shop.address.town} · Over 18s only</p>
          <h1 className="max-w-3xl text-4xl leading-tight font-semibold sm:text-6xl">{shop.name}</h1>
          <p className="max-w-xl text-lg text-white/90 sm:text-xl">{shop.tagline}</p>
          <div className="flex flex-wrap gap-3">
            <Link to="/book/" className="btn-glow">
              Book a session
            </Link>
            <Link to="/book/package/" className="btn-ghost-light">
              See packages
            </Link>
          </div>
        </div>
      </section>

      <SunbedsSection beds={beds} bedTypes={bedTypes} />

      <section id="prices" aria-labelledby="prices-title" className="py-16 sm:py-20">
        <div className="container-page">
          <p className="eyebrow">Price List</p>
          <h2 id="prices-title" className="section-title mt-2">
            Simple prices, by the minute
          </h2>
          <div className="mt-8">
            <PriceList bedTypes={bedTypes} extras={extras} />
          </div>
          <p className="mt-6">
            <Link to="/prices/" className="font-semibold text-brand-teal underline underline-offset-2">
              See the full price list
            </Link>
          </p>
        </div>
      </section>

      {packages.length > 0 && (
        <section aria-labelledby="packages-title" className="bg-cocoa-50 py-16 sm:py-20">
          <div className="container-page">
            <p className="eyebrow">Packages</p>
            <h2 id="packages-title" className="section-title mt-2">
              Tan more, pay less
            </h2>
            <div className="mt-7">
              <PackageGrid packages={packages.slice(0, 3)} bedTypes={bedTypes} />
            </div>
            <p className="mt-8">
              <Link to="/book/package/" className="btn-primary">
                All packages
              </Link>
            </p>
          </div>
        </section>
      )}

      <ReviewsSection reviews={reviews} />

      <section aria-labelledby="safety-title" className="bg-cocoa-900 py-16 text-cocoa-50 sm:py-20">
        <div className="container-page grid gap-8 lg:grid-cols-[2fr_3fr]">
          <div>
            <p className="eyebrow text-glow-300">Tanning safely</p>
            <h2 id="safety-title" className="mt-2 text-3xl font-semibold text-white sm:text-4xl">
              Your skin comes first
            </h2>
          </div>
          <ul className="grid gap-4 sm:grid-cols-2">
            {[
              ['Over 18s only', 'The law does not allow anyone under 18 to use a sunbed, and we check ID.'],
              ['Know your skin type', 'If you burn easily and never tan (skin type I), sunbeds are not for you. We will tell you why.'],
              ['Goggles every time', 'Free, cleaned goggles with every session. Closing your eyes is not enough.'],
              ['Short first session', 'Your first session is kept short, and we ask you to leave at least a day between sessions.'],
            ].map(([title, text]) => (
              <li key={title} className="rounded-2xl bg-white/5 p-5">
                <h3 className="font-sans text-lg font-semibold text-white">{title}</h3>
                <p className="mt-1 text-cocoa-100">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      {blogs.length > 0 && (
        <section aria-labelledby="blog-title" className="py-16 sm:py-20">
          <div className="container-page">
            <p className="eyebrow">From the blog</p>
            <h2 id="blog-title" className="section-title mt-2">
              Tanning advice from our team
            </h2>
            <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {blogs.map((post) => (
                <BlogCard key={post.id} post={post} />
              ))}
            </div>
          </div>
        </section>
      )}

      <section id="contact" aria-labelledby="contact-title" className="bg-white py-16 sm:py-20">
        <div className="container-page grid gap-10 lg:grid-cols-2">
          <div>
            <p className="eyebrow">Contact Us</p>
            <h2 id="contact-title" className="section-title mt-2">
              Come and see us
            </h2>
            <address className="mt-6 text-lg leading-relaxed not-italic">
              {shop.name}
              <br />
              {shop.address.line1}
              {shop.address.line2 && `, ${shop.address.line2}`}
              <br />
              {shop.address.town} {shop.address.postcode}
            </address>
            <p className="mt-4 flex flex-col gap-1 text-lg">
              <a href={`tel:${shop.phone.replace(/\s/g, '')}`} className="font-semibold text-brand-teal underline underline-offset-2">
                {shop.phone}
              </a>
              <a href={`mailto:${shop.email}`} className="font-semibold text-brand-teal underline underline-offset-2">
                {shop.email}
              </a>
            </p>
            <h3 className="mt-8 text-xl font-semibold">Opening hours</h3>
            <table className="mt-3 w-full max-w-sm text-left">
              <tbody>
                {weekSchedule(shop.openingHours).map((day) => (
                  <tr key={day.weekday} className="border-b border-cocoa-100 last:border-0">
                    <th scope="row" className="py-2 font-medium">
                      {day.name}
                    </th>
                    <td className="py-2 text-right tabular-nums">{day.hours}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ContactForm action={`${FORM_ACTION}#contact-form`} outcome={outcomeFor(actionData, 'contact')} />
        </div>
      </section>
      {popup.enabled && <OfferPopup content={popup} action={`${FORM_ACTION}#offer`} outcome={outcomeFor(actionData, 'offer')} signedIn={signedIn} />}
    </>
  )
}
