import type { PackagesResponse } from '@salon/contracts/content'
import type { PaymentIntentRequest, PaymentResponse, PromoResponse, PurchaseResponse } from '@salon/contracts/commerce'
import type {
  BoughtVoucher,
  CreditPurchaseResponse,
  CreditResponse,
  VoucherCheckoutRequest,
  VoucherCheckoutResponse,
  VoucherOptions,
} from '@salon/contracts/vouchers'
import { browserApi } from '../../lib/browser-api.ts'

/**
 * The money calls of docs/product.md §7, through the browser's one API client. customer/package carries the identity token
 * by the client's rule; the promo code and the payment intent send it when there is one (a code may be once per
 * customer, and the salon takes payments from signed-in customers only).
 */
export const commerceCalls = {
  packages: () => browserApi.get<PackagesResponse>('website/packages'),
  promo: (code: string, packageId: string) =>
    browserApi.get<PromoResponse>(`apply/promocode/${encodeURIComponent(code)}?${new URLSearchParams({ packageId })}`, { identityIfSignedIn: true }),
  /** The amount is the salon's to work out: the request names what is bought, never a price. */
  createPayment: (request: PaymentIntentRequest, idempotencyKey: string) =>
    browserApi.post<PaymentResponse>('stripe_payment_intent', request, { identityIfSignedIn: true, headers: { 'Idempotency-Key': idempotencyKey } }),
  recordPurchase: (paymentId: string) => browserApi.put<PurchaseResponse>('customer/package', { paymentId }),
  /** The signed-in customer's gift voucher credit, which may pay part of a package (docs/decisions/053). */
  credit: () => browserApi.get<CreditResponse>('p_account/credit'),
  /** A package paid for wholly with that credit: no card; the key names the checkout, so it is bought once. */
  buyWithCredit: (packageId: string, idempotencyKey: string) =>
    browserApi.post<CreditPurchaseResponse>('p_account/credit/purchase', { packageId }, { headers: { 'Idempotency-Key': idempotencyKey } }),
  /** What a gift voucher may be bought for. */
  voucherOptions: () => browserApi.get<VoucherOptions>('gift_vouchers'),
  /** A gift voucher's card payment, by a visitor or a signed-in customer. */
  startVoucher: (request: VoucherCheckoutRequest, idempotencyKey: string) =>
    browserApi.post<VoucherCheckoutResponse>('gift_vouchers', request, { identityIfSignedIn: true, headers: { 'Idempotency-Key': idempotencyKey } }),
  /** The voucher a payment bought: the buyer's confirmation. */
  boughtVoucher: (paymentId: string) => browserApi.get<BoughtVoucher>(`gift_vouchers/${encodeURIComponent(paymentId)}`),
}
