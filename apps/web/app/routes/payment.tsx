import { ComingSoon } from '../components/ui/coming-soon.tsx'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/payment'

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Payment', 'Pay for a package.')

export default function Payment() {
  return (
    <ComingSoon
      eyebrow="Packages"
      title="Payment"
      intro="Pay for a minute package by card, securely through our card payment provider."
      points={['Pay by card for the package you chose.', 'Apply a promo code before you pay.', 'See your new minutes on your account straight away.']}
    />
  )
}
