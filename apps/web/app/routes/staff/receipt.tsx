import { deskCalls, ReceiptPaper, receiptSizeOf, ReceiptTools } from '../../features/staff-desk/public.ts'
import { Ready, staffMeta, staffParts } from '../../features/staff/public.ts'
import type { Route } from './+types/receipt'

export const meta: Route.MetaFunction = () => staffMeta('Receipt')

/** A sale's receipt, to print (?size=80mm for a till roll, the default, or ?size=a4). */
export const clientLoader = async ({ request, params }: Route.ClientLoaderArgs) => {
  const size = receiptSizeOf(new URL(request.url).searchParams.get('size'))
  return { size, ...(await staffParts(request, { receipt: deskCalls.receipt(params.paymentId) })) }
}

/** docs/product.md §10.3: every sale's receipt, printed at the desk on an 80 mm roll or an A4 sheet. */
export default function StaffReceipt({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex flex-col gap-5">
      <div className="print:hidden">
        <h1 className="font-sans text-2xl font-bold tracking-tight text-cocoa-950 sm:text-3xl">Receipt</h1>
        <p className="mt-1 text-base text-cocoa-600">Print it for the customer, or keep it for the salon&apos;s records.</p>
      </div>
      <Ready part={loaderData.receipt}>
        {(receipt) => (
          <>
            <ReceiptTools receipt={receipt} size={loaderData.size} />
            <ReceiptPaper receipt={receipt} size={loaderData.size} />
          </>
        )}
      </Ready>
    </div>
  )
}
