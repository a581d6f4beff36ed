import { useEffect } from 'react'
import { Link, useRouteLoaderData } from 'react-router'
import { PageHeader } from '../components/ui/page-header.tsx'
import { Spinner } from '../components/ui/spinner.tsx'
import { ChangePasswordForm } from '../features/account/change-password-form.tsx'
import { DevicesList } from '../features/account/devices-list.tsx'
import { BookingTextsForm } from '../features/account/booking-texts-form.tsx'
import { MarketingForm } from '../features/account/marketing-form.tsx'
import { ProfileForm } from '../features/account/profile-form.tsx'
import { YourData } from '../features/account/your-data.tsx'
import { useAuth } from '../features/auth/auth-context.tsx'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/account'
import type { clientLoader } from './protected.tsx'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Your account', 'Manage your salon account.', { private: true })

export default function Account() {
  const guard = useRouteLoaderData<typeof clientLoader>('routes/protected')
  const { state, dispatch } = useAuth()
  const checked = guard?.account ?? null

  // The guard's answer from the API becomes the account data of docs/product.md §3; later changes are merged into it.
  useEffect(() => {
    if (checked) dispatch({ type: 'accountDataSuccess', account: checked })
  }, [checked, dispatch])

  const account = state.accountData ?? checked
  const firstName = account?.firstName ?? guard?.session.firstName

  return (
    <>
      <PageHeader eyebrow="Account" title="Your account">
        {firstName ? `Hello ${firstName}. ` : ''}Your details, your marketing choices, your password and your devices, all in one place.
      </PageHeader>
      {account ? (
        <div className="container-page grid gap-6 py-8 sm:py-10 lg:grid-cols-[3fr_2fr] lg:items-start">
          <div className="flex flex-col gap-6">
            <ProfileForm key={account.sub} account={account} />
            <ChangePasswordForm phone={account.phone} />
          </div>
          <div className="flex flex-col gap-6">
            <MarketingForm key={account.sub} account={account} />
            <BookingTextsForm account={account} />
            <DevicesList />
            <section aria-labelledby="membership-title" className="card flex flex-col gap-2 p-5 sm:p-6">
              <h2 id="membership-title" className="text-2xl font-semibold">
                Your membership
              </h2>
              <p className="text-cocoa-700">Your monthly plan, its payments, and cancelling, pausing or changing your card.</p>
              <Link to="/account/membership/" className="btn-outline self-start">
                See your membership
              </Link>
            </section>
            <section aria-labelledby="safety-title" className="card flex flex-col gap-2 p-5 sm:p-6">
              <h2 id="safety-title" className="text-2xl font-semibold">
                Your sunbed safety
              </h2>
              <p className="text-cocoa-700">Your health questions, skin reactions, and your sessions and minutes of the last 12 months.</p>
              <Link to="/book/health/" className="btn-outline self-start">
                Health questions and your year
              </Link>
            </section>
            <YourData />
          </div>
        </div>
      ) : (
        <div className="container-page flex items-center gap-3 py-16 text-cocoa-700">
          <Spinner label="Loading your account" />
          <span aria-hidden="true">Loading your account…</span>
        </div>
      )}
    </>
  )
}
