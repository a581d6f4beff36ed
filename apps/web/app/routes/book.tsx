import { ComingSoon } from '../components/ui/coming-soon.tsx'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/book'

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Book a session', 'Book a sunbed session online.')

export default function Book() {
  return (
    <>
      <ComingSoon
        eyebrow="Book"
        title="Book a sunbed session"
        intro="Choose a day, a bed and how many minutes, then pick a free time. Online booking opens here soon."
        points={[
          'See which days and times are free, a week or more ahead.',
          'Choose a lay-down, stand-up or high-pressure bed, and how many minutes.',
          'See the price, and pay with minutes from your package or in the salon.',
          'Get a confirmation you can add to your calendar.',
        ]}
      />
      <section id="menu" aria-labelledby="menu-title" className="container-page pb-16">
        <h2 id="menu-title" className="text-2xl font-semibold">
          Your bookings
        </h2>
        <p className="mt-2 max-w-prose text-cocoa-700">
          Once you can book online, your upcoming sessions appear here with the option to cancel before the cut-off.
        </p>
      </section>
    </>
  )
}
