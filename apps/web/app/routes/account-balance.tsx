import type { ReactNode } from 'react'
import { LoadingLine, RetryAlert } from '../components/ui/load-states.tsx'
import { PageFrame } from '../components/ui/page-header.tsx'
import { loadBalance, loadCredit } from '../features/account/account-calls.ts'
import { BalanceView } from '../features/account/balance-view.tsx'
import { GiftCredit } from '../features/account/gift-credit.tsx'
import { pageMeta } from '../lib/meta.ts'
import { useSalon } from '../lib/route-data.ts'
import type { Route } from './+types/account-balance'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Account balance', 'Your minutes balance.', { private: true })

/** The balance comes from the API in the browser, where the identity token is; the header's menu loads it too. */
export const clientLoader = async () => {
  const [balance, credit] = await Promise.all([loadBalance(), loadCredit()])
  return { balance, credit }
}

function Page({ children }: { children: ReactNode }) {
  return (
    <PageFrame
      eyebrow="Account"
      title="Account balance"
      intro="The minutes on your account, where they can be used and until when, and every change to them; and your gift voucher credit."
    >
      {children}
    </PageFrame>
  )
}

export function HydrateFallback() {
  return (
    <Page>
      <LoadingLine what="your balance" />
    </Page>
  )
}

export default function AccountBalance({ loaderData }: Route.ComponentProps) {
  const { bedTypes } = useSalon()
  return (
    <Page>
      {loaderData.balance.status === 'ready' ? (
        <BalanceView balance={loaderData.balance.data} bedTypes={bedTypes} />
      ) : (
        <RetryAlert message={loaderData.balance.message} />
      )}
      {loaderData.credit.status === 'ready' && <GiftCredit credit={loaderData.credit.data} />}
    </Page>
  )
}
