import type { DeskVoucherSale } from '@salon/contracts/vouchers'
import { useState } from 'react'
import { Link } from 'react-router'
import { formatAmount } from '../../lib/format.ts'
import { longDate } from '../staff/public.ts'
import type { ReceiptSize } from './receipt.tsx'

/**
 * A gift voucher sold at the desk, as it is printed and handed over: the salon's name, the value, the code (shown
 * this once: the salon keeps only its hash), the last day and how to use it. On an 80 mm roll or an A4 sheet, the
 * receipt's named pages (staff.css).
 */
export function VoucherPaper({ sale, salonName, size }: { sale: DeskVoucherSale; salonName: string; size: ReceiptSize }) {
  const narrow = size === '80mm'
  return (
    <article
      aria-label="Gift voucher"
      data-testid="gift-voucher"
      className={`mx-auto bg-white text-center text-cocoa-950 shadow-sm ring-1 ring-cocoa-100 print:shadow-none print:ring-0 ${
        narrow
          ? 'receipt-roll w-[80mm] max-w-full px-3 py-5 text-[13px] leading-snug print:w-full print:px-0'
          : 'receipt-sheet w-full max-w-[180mm] px-10 py-14 text-base leading-relaxed print:px-0'
      }`}
    >
      <p className={`font-sans font-bold ${narrow ? 'text-base' : 'text-2xl'}`}>{salonName}</p>
      <p className={`mt-2 font-display font-semibold ${narrow ? 'text-xl' : 'text-4xl'}`}>Gift voucher</p>
      {sale.recipientName && <p className="mt-2">For {sale.recipientName}</p>}
      <p className={`mt-4 font-bold tabular-nums ${narrow ? 'text-3xl' : 'text-6xl'}`}>{formatAmount(sale.valuePence)}</p>
      <hr className="my-4 border-dashed border-cocoa-300" />
      <p className="text-sm">Your code</p>
      <p className={`font-mono font-bold tracking-wider break-all ${narrow ? 'text-lg' : 'text-3xl'}`}>{sale.code ?? '—'}</p>
      <p className="mt-3">Use it by {longDate(sale.lastDay)}</p>
      <hr className="my-4 border-dashed border-cocoa-300" />
      <p className="text-sm">Show this code at the desk, or redeem it on your balance page once you have an account.</p>
    </article>
  )
}

/** A voucher just sold: the sale's message, the voucher to print (once) and the next sale. */
export function VoucherSold({ sale, salonName, onNext }: { sale: DeskVoucherSale; salonName: string; onNext: () => void }) {
  const [size, setSize] = useState<ReceiptSize>('80mm')
  const other: ReceiptSize = size === '80mm' ? 'a4' : '80mm'
  return (
    <div className="flex flex-col gap-5">
      <div role="status" className="card flex flex-col gap-3 border-emerald-200 bg-emerald-50 p-4 sm:p-5 print:hidden" data-testid="voucher-sold">
        <p className="text-lg font-semibold text-emerald-950">Gift voucher sold</p>
        <p className="text-emerald-950">{sale.message}</p>
        <p className="rounded-xl bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
          {sale.code
            ? 'The code is shown only now: print the voucher before you leave this page.'
            : 'This sale was recorded before: its code was shown then and cannot be shown again.'}
        </p>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn-primary" onClick={() => window.print()} disabled={!sale.code}>
            Print the voucher
          </button>
          <button type="button" className="btn-outline" onClick={() => setSize(other)}>
            {other === 'a4' ? 'A4 sheet instead' : '80 mm roll instead'}
          </button>
          <Link to={`/staff/receipts/${sale.paymentId}/`} className="btn-outline">
            Print the receipt
          </Link>
          <button type="button" className="btn-outline" onClick={onNext}>
            Next sale
          </button>
        </div>
      </div>
      <VoucherPaper sale={sale} salonName={salonName} size={size} />
    </div>
  )
}
