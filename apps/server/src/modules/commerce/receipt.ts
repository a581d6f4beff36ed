import type { Receipt, SaleLine } from '@salon/contracts/staff-retail'
import { STANDARD_VAT_RATE_BPS, vatSummary } from '@salon/contracts/rules/vat'
import { plural } from '@salon/contracts/words'
import { describeDate, localDateOf, localTimeOf, toIsoWithOffset } from '../../lib/local-time.ts'
import type { PaymentRow } from './commerce.repository.ts'
import type { RetailRepository, SaleItemRow } from './retail.repository.ts'

export type ReceiptFacts = NonNullable<Awaited<ReturnType<RetailRepository['receiptFacts']>>>

/** A sale's products as its lines: what each was sold as, how many, at what price and VAT rate. */
export const linesOfItems = (items: Pick<SaleItemRow, 'description' | 'quantity' | 'unitPricePence' | 'vatRateBps'>[]): SaleLine[] =>
  items.map((item) => ({
    description: item.description,
    quantity: item.quantity,
    unitPricePence: item.unitPricePence,
    totalPence: item.quantity * item.unitPricePence,
    vatRateBps: item.vatRateBps,
  }))

/** The payment's own line (a package, minutes or a session: standard-rated), before its products; none for products alone. */
function ownLine(payment: PaymentRow, itemsPence: number): SaleLine | null {
  if (payment.purpose === 'retail') return null
  const description =
    payment.purpose === 'package' && payment.lotMinutes ? `${payment.description} (${plural(payment.lotMinutes, 'minute')})` : payment.description
  const pence = payment.pricePence - itemsPence
  return { description, quantity: 1, unitPricePence: pence, totalPence: pence, vatRateBps: STANDARD_VAT_RATE_BPS }
}

function paidBy(payment: PaymentRow): string {
  if (payment.provider === 'cash') return 'Cash'
  if (payment.provider === 'card_terminal') return 'Card terminal'
  return payment.cardLast4 ? `Card ending ${payment.cardLast4}` : 'Card'
}

/**
 * A payment's receipt (docs/product.md §10.3), as the desk prints it and the customer's email says it: the salon, when,
 * each line, the discount (a promo code's, on the package), the total and how it was paid; and, when the salon has a
 * VAT number, the VAT at each rate. One function for both, so the printed and emailed receipts never differ.
 */
export function receiptOf(facts: ReceiptFacts): Receipt {
  const { payment, shop, items } = facts
  const products = linesOfItems(items)
  const own = ownLine(
    payment,
    products.reduce((sum, line) => sum + line.totalPence, 0),
  )
  const lines = own ? [own, ...products] : products
  const at = (payment.succeededAt ?? payment.createdAt).getTime()
  // The discount comes off the package (the only thing a promo code is for), so it lowers the standard-rated part.
  const parts = lines.map((line, i) => ({ grossPence: line.totalPence - (i === 0 && own ? payment.discountPence : 0), rateBps: line.vatRateBps }))
  const vatLines = shop.vatNumber ? vatSummary(parts) : []
  const customer = facts.customer && !facts.customer.erasedAt ? [facts.customer.firstName, facts.customer.lastName].filter(Boolean).join(' ') : ''
  return {
    paymentId: payment.id,
    salon: {
      name: shop.name,
      address: [shop.addressLine1, shop.addressLine2, shop.town, shop.postcode].filter((part) => part.trim() !== ''),
      phone: shop.phone,
      vatNumber: shop.vatNumber,
    },
    at: toIsoWithOffset(at, shop.timeZone),
    date: describeDate(localDateOf(at, shop.timeZone)),
    time: localTimeOf(at, shop.timeZone),
    lines,
    discountPence: payment.discountPence,
    promoCode: facts.promoCode,
    totalPence: payment.amountPence,
    paidBy: paidBy(payment),
    test: payment.provider === 'offline',
    vat: shop.vatNumber ? { number: shop.vatNumber, lines: vatLines, totalVatPence: vatLines.reduce((sum, line) => sum + line.vatPence, 0) } : null,
    status: payment.status === 'refunded' ? 'refunded' : 'paid',
    customerName: customer || null,
    servedBy: payment.recordedBy ? (facts.servedBy ?? 'A former member of staff') : null,
  }
}
