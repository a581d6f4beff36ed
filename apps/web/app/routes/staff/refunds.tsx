import type { OwedRefund } from '@salon/contracts/staff-refunds'
import { useState, type ReactNode } from 'react'
import { Spinner } from '../../components/ui/spinner.tsx'
import { manageCalls } from '../../features/staff-manage/public.ts'
import { Badge, dateTime, Empty, localPhone, OwnerOnly, Panel, Ready, StaffPage, staffMeta, ownerPart, useStaffAction } from '../../features/staff/public.ts'
import { formatAmount } from '../../lib/format.ts'
import type { Route } from './+types/refunds'

export const meta: Route.MetaFunction = () => staffMeta('Card refunds owed')

/**
 * docs/product.md §4.14 "Card refunds that cannot be lost": the card refunds the salon owes, failed ones first (the
 * owner tries them again, or refunds by other means), then those the card provider is still being asked for.
 */
export default function StaffRefunds({ loaderData }: Route.ComponentProps) {
  return (
    <OwnerOnly>
      <StaffPage
        title="Card refunds owed"
        subtitle="Money going back to customers' cards for cancelled sessions. The card provider is asked again and again until it confirms; a refund that still fails waits here for you."
      >
        <Ready part={loaderData}>{(owed) => <RefundsOwed refunds={owed.refunds} />}</Ready>
      </StaffPage>
    </OwnerOnly>
  )
}

/** The refunds owed; loaded again after each retry. */
export const clientLoader = ({ request }: Route.ClientLoaderArgs) => ownerPart(request, () => manageCalls.owedRefunds())

function RefundsOwed({ refunds }: { refunds: OwedRefund[] }) {
  const failed = refunds.filter((refund) => refund.failedAt)
  const trying = refunds.filter((refund) => !refund.failedAt)
  return (
    <>
      {refunds.length === 0 && (
        <Panel>
          <Empty title="No card refunds owed">
            Every card refund has gone back to the customer. A refund the card provider has not yet confirmed appears here.
          </Empty>
        </Panel>
      )}
      {failed.length > 0 && (
        <Panel title={`Failed (${failed.length})`}>
          <p className="border-b border-cocoa-100 bg-red-50 px-4 py-3 text-sm text-red-900 sm:px-5">
            Every try failed. Try again, or give the money back another way and tell the customer.
          </p>
          <RefundList refunds={failed} />
        </Panel>
      )}
      {trying.length > 0 && (
        <Panel title={`Being tried (${trying.length})`}>
          <RefundList refunds={trying} />
        </Panel>
      )}
    </>
  )
}

function RefundList({ refunds }: { refunds: OwedRefund[] }) {
  return (
    <ul className="divide-y divide-cocoa-100">
      {refunds.map((refund) => (
        <RefundRow key={refund.paymentId} refund={refund} />
      ))}
    </ul>
  )
}

function RefundRow({ refund }: { refund: OwedRefund }) {
  const action = useStaffAction()
  const [retrying, setRetrying] = useState(false)
  async function retry() {
    setRetrying(true)
    await action.run(() => manageCalls.retryRefund(refund.paymentId), {
      success: `Asking the card provider again for ${formatAmount(refund.amountPence)} to ${refund.customerName}.`,
    })
    setRetrying(false)
  }
  const phone = localPhone(refund.phone)
  return (
    <li className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-start sm:gap-5 sm:px-5" data-testid="owed-refund">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="text-base font-semibold text-cocoa-950">{refund.customerName}</span>
          {refund.failedAt ? <Badge tone="bad">Failed</Badge> : <Badge tone="info">Being tried</Badge>}
        </div>
        {phone && (
          <a href={`tel:${refund.phone}`} className="mt-0.5 inline-block text-sm font-medium text-brand-teal underline-offset-2 hover:underline">
            {phone}
          </a>
        )}
        <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          <Detail label="Session">{refund.sessionStartsAt ? dateTime(refund.sessionStartsAt) : refund.description}</Detail>
          <Detail label="Owed since">{dateTime(refund.owedAt)}</Detail>
          {refund.sessionStartsAt && refund.description && <Detail label="For">{refund.description}</Detail>}
          {refund.failedAt && <Detail label="Last try">{dateTime(refund.failedAt)}</Detail>}
        </dl>
        {refund.failedAt && refund.error && (
          <p className="mt-2 rounded-xl bg-red-50 px-3 py-2 text-sm text-red-900">
            <span className="font-semibold">The card provider said:</span> {refund.error}
          </p>
        )}
      </div>
      <div className="flex items-center justify-between gap-3 sm:flex-col sm:items-end">
        <span className="text-xl font-bold text-cocoa-950 tabular-nums">{formatAmount(refund.amountPence)}</span>
        {refund.failedAt && (
          <button type="button" className="btn-primary" onClick={() => void retry()} disabled={action.busy || retrying}>
            {retrying && <Spinner label="Trying again" />}
            Try again
          </button>
        )}
      </div>
    </li>
  )
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex gap-2">
      <dt className="shrink-0 text-cocoa-600">{label}</dt>
      <dd className="min-w-0 text-cocoa-900">{children}</dd>
    </div>
  )
}
