import { vatRateWords } from '@salon/contracts/rules/vat'
import type { Receipt } from '@salon/contracts/staff-retail'
import { Link } from 'react-router'
import { formatAmount } from '../../lib/format.ts'

/** The two paper sizes a receipt prints on: a till's 80 mm roll, or an A4 sheet. */
export type ReceiptSize = '80mm' | 'a4'
export const receiptSizeOf = (value: string | null): ReceiptSize => (value === 'a4' ? 'a4' : '80mm')

function Row({ left, right, strong = false }: { left: string; right: string; strong?: boolean }) {
  return (
    <div className={`flex items-baseline justify-between gap-3 ${strong ? 'font-bold' : ''}`}>
      <span className="min-w-0">{left}</span>
      <span className="shrink-0 tabular-nums">{right}</span>
    </div>
  )
}

/**
 * A sale's receipt as the salon hands it over (docs/product.md §10.3): the salon's name and address, when, each line,
 * the discount, the total and how it was paid, and for a VAT-registered salon the VAT at each rate and its number.
 * The screen shows it as the paper will; printing leaves out everything else on the page, on the paper's named page
 * (staff.css).
 */
export function ReceiptPaper({ receipt, size }: { receipt: Receipt; size: ReceiptSize }) {
  const narrow = size === '80mm'
  return (
    <article
      aria-label="Receipt"
      data-testid="receipt"
      className={`mx-auto bg-white font-mono text-cocoa-950 shadow-sm ring-1 ring-cocoa-100 print:shadow-none print:ring-0 ${
        narrow
          ? 'receipt-roll w-[80mm] max-w-full px-3 py-4 text-[13px] leading-snug print:w-full print:px-0'
          : 'receipt-sheet w-full max-w-[180mm] px-8 py-10 text-sm leading-relaxed print:px-0'
      }`}
    >
      <header className="text-center">
        <p className={`font-sans font-bold ${narrow ? 'text-base' : 'text-xl'}`}>{receipt.salon.name}</p>
        {receipt.salon.address.map((line) => (
          <p key={line}>{line}</p>
        ))}
        <p>{receipt.salon.phone}</p>
        {receipt.vat && <p>VAT number {receipt.vat.number}</p>}
      </header>
      <hr className="my-3 border-dashed border-cocoa-300" />
      <p className="text-center font-sans font-semibold">{receipt.vat ? 'VAT receipt' : 'Receipt'}</p>
      <p className="text-center">
        {receipt.date}, {receipt.time}
      </p>
      {receipt.status === 'refunded' && <p className="mt-1 text-center font-bold">Refunded</p>}
      <hr className="my-3 border-dashed border-cocoa-300" />
      <div className="flex flex-col gap-1">
        {receipt.lines.map((line, i) => (
          <div key={i}>
            <Row left={line.quantity > 1 ? `${line.description} ×${line.quantity}` : line.description} right={formatAmount(line.totalPence)} />
            {(line.quantity > 1 || receipt.vat) && (
              <p className="text-xs text-cocoa-600">
                {line.quantity > 1 && `${line.quantity} at ${formatAmount(line.unitPricePence)}`}
                {line.quantity > 1 && receipt.vat && ' · '}
                {receipt.vat && `VAT ${vatRateWords(line.vatRateBps)}`}
              </p>
            )}
          </div>
        ))}
        {receipt.discountPence > 0 && (
          <Row left={receipt.promoCode ? `Discount (${receipt.promoCode})` : 'Discount'} right={`-${formatAmount(receipt.discountPence)}`} />
        )}
      </div>
      <hr className="my-3 border-dashed border-cocoa-300" />
      <Row left="Total" right={formatAmount(receipt.totalPence)} strong />
      <Row left={`Paid: ${receipt.paidBy}`} right={formatAmount(receipt.totalPence)} />
      {receipt.vat && (
        <>
          <hr className="my-3 border-dashed border-cocoa-300" />
          <table className="w-full text-left tabular-nums">
            <caption className="sr-only">VAT at each rate</caption>
            <thead>
              <tr className="text-xs">
                <th scope="col" className="font-semibold">
                  VAT rate
                </th>
                <th scope="col" className="text-right font-semibold">
                  Net
                </th>
                <th scope="col" className="text-right font-semibold">
                  VAT
                </th>
              </tr>
            </thead>
            <tbody>
              {receipt.vat.lines.map((line) => (
                <tr key={line.rateBps}>
                  <td>{vatRateWords(line.rateBps)}</td>
                  <td className="text-right">{formatAmount(line.netPence)}</td>
                  <td className="text-right">{formatAmount(line.vatPence)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Row left="Total VAT" right={formatAmount(receipt.vat.totalVatPence)} />
        </>
      )}
      <hr className="my-3 border-dashed border-cocoa-300" />
      {receipt.customerName && <p>Customer: {receipt.customerName}</p>}
      {receipt.servedBy && <p>Served by: {receipt.servedBy}</p>}
      <p className="break-all">Reference: {receipt.paymentId}</p>
      {receipt.test && <p className="mt-2">A test payment: no real payment was taken.</p>}
      <p className="mt-3 text-center font-sans">Thank you</p>
    </article>
  )
}

/** The receipt page's tools: the paper size, print, and back to the sale's customer or the counter. */
export function ReceiptTools({ receipt, size }: { receipt: Receipt; size: ReceiptSize }) {
  const other: ReceiptSize = size === '80mm' ? 'a4' : '80mm'
  return (
    <div className="flex flex-wrap items-center gap-2 print:hidden">
      <button type="button" className="btn-primary" onClick={() => window.print()}>
        Print
      </button>
      <Link to={`?size=${other}`} replace className="btn-outline">
        {other === 'a4' ? 'A4 sheet instead' : '80 mm roll instead'}
      </Link>
      <Link to="/staff/counter/" className="btn-outline">
        Back to the counter
      </Link>
      <span className="text-sm text-cocoa-600">
        {size === '80mm' ? 'For an 80 mm receipt printer.' : 'For an A4 printer.'} Total {formatAmount(receipt.totalPence)}.
      </span>
    </div>
  )
}
