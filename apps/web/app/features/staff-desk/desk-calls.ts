import type { MembershipCheckout, MembershipPlansResponse, MembershipResponse } from '@salon/contracts/memberships'
import type { PackagesResponse } from '@salon/contracts/content'
import type {
  AdjustmentRequest,
  AdjustmentResponse,
  CashUpRequest,
  CashUpResponse,
  CounterMethod,
  CounterMinutesRequest,
  CounterRefundRequest,
  CounterRefundResponse,
  CounterSale,
  CounterSaleRequest,
  TakingsResponse,
} from '@salon/contracts/staff-counter'
import type {
  AddCustomerResponse,
  BlockResponse,
  CustomerDetailsRequest,
  CustomerDetailsResponse,
  CustomerNoteResponse,
  CustomerSearchResponse,
  EraseResponse,
  StaffCustomerResponse,
} from '@salon/contracts/staff-customers'
import type {
  BookingMarkRequest,
  DaySheetResponse,
  NewInSalonCustomer,
  StaffBookingChangeResponse,
  StaffBookingResponse,
  StaffCancelRequest,
  StaffMoveRequest,
  TakePaymentRequest,
  UndoPaymentRequest,
  WalkInRequest,
} from '@salon/contracts/staff-day'
import type { PhotoIdStatus } from '@salon/contracts/staff-photo-id'
import type { CounterProductsResponse, ProductSale, ProductSaleRequest, Receipt } from '@salon/contracts/staff-retail'
import type {
  HealthAnswersRequest,
  ReactionRequest,
  StaffReactionsResponse,
  StaffSafetyChangeResponse,
  StaffSunbedSafetyResponse,
  SunbedSettings,
} from '@salon/contracts/sunbed-safety'
import type { JoinWaitlistResponse, LeaveWaitlistResponse, StaffJoinWaitlistRequest, StaffWaitlistResponse } from '@salon/contracts/waitlist'
import type {
  CreditPurchaseResponse,
  CreditResponse,
  DeskCreditPurchaseRequest,
  DeskVoucher,
  DeskVoucherRedeemResponse,
  DeskVoucherSale,
} from '@salon/contracts/vouchers'
import { query, staffApi, staffParts } from '../staff/public.ts'

const customer = (sub: string) => `staff/customers/${encodeURIComponent(sub)}`

/**
 * The calls of the pages staff use every day (docs/product.md §10.2–§10.5): the day sheet, walk-ins, the counter and
 * the customer records. Each path is written here once; pages load through these in their route's clientLoader.
 */
export const deskCalls = {
  day: (date: string) => staffApi.get<DaySheetResponse>(`staff/day${query({ date })}`),
  mark: (bookingId: string, status: BookingMarkRequest['status']) => staffApi.put<StaffBookingResponse>(`staff/bookings/${bookingId}/status`, { status }),
  walkIn: (request: WalkInRequest) => staffApi.post<StaffBookingResponse>('staff/bookings', request),
  move: (bookingId: string, request: StaffMoveRequest) => staffApi.post<StaffBookingChangeResponse>(`staff/bookings/${bookingId}/move`, request),
  cancel: (bookingId: string, request: StaffCancelRequest) => staffApi.post<StaffBookingChangeResponse>(`staff/bookings/${bookingId}/cancel`, request),
  takePayment: (bookingId: string, request: TakePaymentRequest) => staffApi.post<StaffBookingChangeResponse>(`staff/bookings/${bookingId}/payment`, request),
  undoPayment: (bookingId: string, request: UndoPaymentRequest) =>
    staffApi.post<StaffBookingChangeResponse>(`staff/bookings/${bookingId}/payment/undo`, request),

  /** Who waits for a time on the day, and putting a customer on the waitlist or taking an entry off (docs/product.md "Waitlist"). */
  waitlist: (date: string) => staffApi.get<StaffWaitlistResponse>(`staff/waitlist${query({ date })}`),
  addToWaitlist: (request: StaffJoinWaitlistRequest) => staffApi.post<JoinWaitlistResponse>('staff/waitlist', request),
  removeFromWaitlist: (id: string) => staffApi.delete<LeaveWaitlistResponse>(`staff/waitlist/${encodeURIComponent(id)}`),

  packages: () => staffApi.get<PackagesResponse>('website/packages'),
  sell: (request: CounterSaleRequest) => staffApi.post<CounterSale>('staff/counter/sales', request),
  sellMinutes: (request: CounterMinutesRequest) => staffApi.post<CounterSale>('staff/counter/minutes', request),
  refundSale: (request: CounterRefundRequest) => staffApi.post<CounterRefundResponse>('staff/counter/refunds', request),
  /** One day's takings, or a range's (the first and last day). */
  takings: (days: { date: string } | { from: string; to: string }) => staffApi.get<TakingsResponse>(`staff/counter/takings${query(days)}`),
  cashUp: (request: CashUpRequest) => staffApi.post<CashUpResponse>('staff/counter/cash-up', request),
  products: () => staffApi.get<CounterProductsResponse>('staff/counter/products'),
  sellProducts: (request: ProductSaleRequest) => staffApi.post<ProductSale>('staff/counter/products', request),
  receipt: (paymentId: string) => staffApi.get<Receipt>(`staff/receipts/${encodeURIComponent(paymentId)}`),

  /** Gift vouchers at the desk (docs/product.md "Gift vouchers"): the code goes in the body, never in the address. */
  sellVoucher: (request: { method: CounterMethod; amountPence?: number; packageId?: string; recipientName?: string; idempotencyKey: string }) =>
    staffApi.post<DeskVoucherSale>('staff/vouchers/sales', request),
  lookUpVoucher: (code: string) => staffApi.post<DeskVoucher>('staff/vouchers/lookup', { code }),
  redeemVoucher: (request: { code: string; amountPence: number; sub?: string }) =>
    staffApi.post<DeskVoucherRedeemResponse>('staff/vouchers/redemptions', request),

  searchCustomers: (text: string) => staffApi.get<CustomerSearchResponse>(`staff/customers${query({ query: text })}`),
  customer: (sub: string) => staffApi.get<StaffCustomerResponse>(customer(sub)),
  photoId: (sub: string) => staffApi.get<PhotoIdStatus>(`${customer(sub)}/photo-id`),
  /** The customer's credit in pounds from gift vouchers. */
  credit: (sub: string) => staffApi.get<CreditResponse>(`${customer(sub)}/credit`),
  /** A package bought for the customer with their credit, as they can online. */
  buyWithCredit: (sub: string, request: DeskCreditPurchaseRequest) => staffApi.post<CreditPurchaseResponse>(`${customer(sub)}/credit/purchase`, request),
  /** The customer's membership (their live one, else their latest), or null. */
  membership: (sub: string) => staffApi.get<MembershipResponse>(`${customer(sub)}/membership`),
  /** The plans, retired ones too (the desk offers those on sale). */
  membershipPlans: () => staffApi.get<MembershipPlansResponse>('staff/membership-plans'),
  /** Joining a plan for the customer: the first month's card payment, for the customer's card on the desk's card form. */
  joinMembership: (sub: string, planId: string) => staffApi.post<MembershipCheckout>(`${customer(sub)}/membership`, { planId }),
  recordMembershipPayment: (sub: string, paymentId: string) => staffApi.put<MembershipResponse>(`${customer(sub)}/membership/payment`, { paymentId }),
  /** Cancelling or pausing for the customer, under the rules of their own account's buttons. */
  /** A new card for the customer, typed by them on the desk's card form: the month owed, or nothing. */
  changeMembershipCard: (sub: string) => staffApi.post<MembershipCheckout>(`${customer(sub)}/membership/card`),
  cancelMembership: (sub: string) => staffApi.post<MembershipResponse>(`${customer(sub)}/membership/cancel`),
  pauseMembership: (sub: string, months: number) => staffApi.post<MembershipResponse>(`${customer(sub)}/membership/pause`, { months }),
  sunbedSafety: (sub: string) => staffApi.get<StaffSunbedSafetyResponse>(`${customer(sub)}/sunbed-safety`),
  /** The version of the health questions a new customer answers at the desk (the salon's, GET /api/staff/sunbed-law). */
  healthQuestionsVersion: async () => (await staffApi.get<SunbedSettings>('staff/sunbed-law')).healthQuestionsVersion,
  recordHealthAnswers: (sub: string, request: HealthAnswersRequest) => staffApi.post<StaffSafetyChangeResponse>(`${customer(sub)}/health-answers`, request),
  recordSkinReaction: (sub: string, request: ReactionRequest) => staffApi.post<StaffSafetyChangeResponse>(`${customer(sub)}/skin-reactions`, request),
  skinReactions: () => staffApi.get<StaffReactionsResponse>('staff/skin-reactions'),
  clearHealthAnswer: (sub: string, reason: string) => staffApi.post<{ message: string }>(`${customer(sub)}/health-clearance`, { reason }),
  clearSkinReaction: (reactionId: string, reason: string) => staffApi.post<{ message: string }>(`staff/skin-reactions/${reactionId}/clearance`, { reason }),
  addCustomer: (customer: NewInSalonCustomer) => staffApi.post<AddCustomerResponse>('staff/customers', customer),
  /** A correction of the customer's details: only the fields sent change. */
  correctDetails: (sub: string, request: CustomerDetailsRequest) => staffApi.put<CustomerDetailsResponse>(customer(sub), request),
  addNote: (sub: string, text: string) => staffApi.post<CustomerNoteResponse>(`${customer(sub)}/notes`, { text }),
  adjust: (sub: string, request: AdjustmentRequest) => staffApi.post<AdjustmentResponse>(`${customer(sub)}/adjustments`, request),
  block: (sub: string, reason: string) => staffApi.put<BlockResponse>(`${customer(sub)}/block`, { reason }),
  unblock: (sub: string) => staffApi.delete<BlockResponse>(`${customer(sub)}/block`),
  erase: (sub: string, reason: string) => staffApi.delete<EraseResponse>(customer(sub), { reason }),
  /** Everything the salon holds about the customer, as a JSON file (UK GDPR right of access, asked at the desk). */
  exportCustomer: (sub: string) => staffApi.download(`${customer(sub)}/export`, 'application/json'),
}

/** A customer's record page: the record, the photo-ID check, the sunbed-safety state and the credit, asked together. */
export const customerRecordOf = (request: Request, sub: string) =>
  staffParts(request, {
    record: deskCalls.customer(sub),
    photoId: deskCalls.photoId(sub),
    safety: deskCalls.sunbedSafety(sub),
    membership: deskCalls.membership(sub),
    credit: deskCalls.credit(sub),
  })
