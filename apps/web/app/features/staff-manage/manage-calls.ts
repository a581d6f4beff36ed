import type { AuditResponse, InviteRequest, StaffRole, TeamResponse } from '@salon/contracts/staff'
import type {
  BlogPostRequest,
  OfferPopup,
  PackageRequest,
  PricesRequest,
  PricesResponse,
  PromoCodeRequest,
  ReferralReward,
  ReviewRequest,
  ReviewsSourceRequest,
  ReviewsSourceResponse,
  StaffBlogPost,
  StaffPackage,
  StaffPromoCode,
  UploadResponse,
} from '@salon/contracts/staff-catalogue'
import type { MembershipPlan, MembershipPlanRequest, MembershipPlansResponse, MembershipReport } from '@salon/contracts/memberships'
import type { CounterRules } from '@salon/contracts/staff-counter'
import type { StaffVouchersResponse, VoucherReport, VoucherSettings } from '@salon/contracts/vouchers'
import type {
  BedChangeResponse,
  BedRequest,
  BedsResponse,
  BookingRulesBody,
  BookingRulesResponse,
  OpeningDay,
  ClosureRequest,
  ClosureResponse,
  ClosuresResponse,
  SpecialHoursListResponse,
  SpecialHoursRequest,
  SpecialHoursResponse,
  OutOfServiceRequest,
  SalonDetails,
  SalonSettings,
} from '@salon/contracts/staff-manage'
import type { OwedRefundsResponse } from '@salon/contracts/staff-refunds'
import type { StockChangeRequest, StockChangeResponse } from '@salon/contracts/staff-retail'
import type { ExportName, LeadHandledRequest, LeadsResponse, SalesReport, SessionsReport } from '@salon/contracts/staff-reports'
import type { RetentionDueResponse } from '@salon/contracts/staff-retention'
import type { BackupStatusResponse } from '@salon/contracts/staff-backups'
import type { FailedJobsResponse, RetryJobResponse } from '@salon/contracts/staff-jobs'
import type { SunbedSettings, SunbedSettingsRequest } from '@salon/contracts/sunbed-safety'
import { query, staffApi } from '../staff/public.ts'

const id = (value: string) => encodeURIComponent(value)

/** A report's days, from and to (YYYY-MM-DD, both included). */
export interface ReportRange {
  from: string
  to: string
}

/**
 * The owner's back-office calls (docs/product.md §10.4–§10.9): Manage, the team, the audit log, refunds owed,
 * leads, reports and the customer import. Each path is written here once; the pages load through these in their
 * route's clientLoader and change through them.
 */
export const manageCalls = {
  salon: () => staffApi.get<SalonSettings>('staff/salon'),
  saveSalon: (details: SalonDetails) => staffApi.put<SalonSettings>('staff/salon', details),
  saveHours: (hours: OpeningDay[]) => staffApi.put<SalonSettings>('staff/salon/hours', { hours }),
  closures: () => staffApi.get<ClosuresResponse>('staff/closures'),
  close: (request: ClosureRequest) => staffApi.post<ClosureResponse>('staff/closures', request),
  reopen: (date: string) => staffApi.delete(`staff/closures/${id(date)}`),
  specialHours: () => staffApi.get<SpecialHoursListResponse>('staff/special-hours'),
  setSpecialHours: (date: string, request: SpecialHoursRequest) => staffApi.put<SpecialHoursResponse>(`staff/special-hours/${id(date)}`, request),
  removeSpecialHours: (date: string) => staffApi.delete(`staff/special-hours/${id(date)}`),

  beds: () => staffApi.get<BedsResponse>('staff/beds'),
  addBed: (request: BedRequest) => staffApi.post<BedChangeResponse>('staff/beds', request),
  saveBed: (bedId: string, request: BedRequest) => staffApi.put<BedChangeResponse>(`staff/beds/${id(bedId)}`, request),
  retireBed: (bedId: string) => staffApi.post<BedChangeResponse>(`staff/beds/${id(bedId)}/retire`),
  reinstateBed: (bedId: string) => staffApi.post<BedChangeResponse>(`staff/beds/${id(bedId)}/reinstate`),
  outOfService: (bedId: string, request: OutOfServiceRequest) => staffApi.post<BedChangeResponse>(`staff/beds/${id(bedId)}/out-of-service`, request),
  backInService: (bedId: string, periodId: string) => staffApi.delete(`staff/beds/${id(bedId)}/out-of-service/${id(periodId)}`),

  bookingRules: () => staffApi.get<BookingRulesResponse>('staff/booking-rules'),
  saveBookingRules: (rules: BookingRulesBody) => staffApi.put<BookingRulesResponse>('staff/booking-rules', rules),
  counterRules: () => staffApi.get<CounterRules>('staff/counter-rules'),
  saveCounterRules: (rules: CounterRules) => staffApi.put<CounterRules>('staff/counter-rules', rules),
  sunbedLaw: () => staffApi.get<SunbedSettings>('staff/sunbed-law'),
  saveSunbedLaw: (request: SunbedSettingsRequest) => staffApi.put<SunbedSettings>('staff/sunbed-law', request),

  prices: () => staffApi.get<PricesResponse>('staff/prices'),
  savePrices: (request: PricesRequest) => staffApi.put<PricesResponse>('staff/prices', request),
  /** A delivery (+) or a correction (−) of a counted product's stock. */
  changeStock: (productId: string, request: StockChangeRequest) => staffApi.post<StockChangeResponse>(`staff/products/${id(productId)}/stock`, request),
  packages: () => staffApi.get<{ packages: StaffPackage[] }>('staff/packages'),
  addPackage: (request: PackageRequest) => staffApi.post<unknown>('staff/packages', request),
  savePackage: (packageId: string, request: PackageRequest & { onSale?: boolean }) => staffApi.put<unknown>(`staff/packages/${id(packageId)}`, request),
  deletePackage: (packageId: string) => staffApi.delete(`staff/packages/${id(packageId)}`),
  promoCodes: () => staffApi.get<{ promoCodes: StaffPromoCode[] }>('staff/promo-codes'),
  addPromoCode: (request: PromoCodeRequest) => staffApi.post<unknown>('staff/promo-codes', request),
  savePromoCode: (promoId: string, request: PromoCodeRequest & { active?: boolean }) => staffApi.put<unknown>(`staff/promo-codes/${id(promoId)}`, request),
  deletePromoCode: (promoId: string) => staffApi.delete(`staff/promo-codes/${id(promoId)}`),
  membershipPlans: () => staffApi.get<MembershipPlansResponse>('staff/membership-plans'),
  addMembershipPlan: (request: MembershipPlanRequest) => staffApi.post<MembershipPlan>('staff/membership-plans', request),
  saveMembershipPlan: (planId: string, request: MembershipPlanRequest) => staffApi.put<MembershipPlan>(`staff/membership-plans/${id(planId)}`, request),
  retireMembershipPlan: (planId: string) => staffApi.delete(`staff/membership-plans/${id(planId)}`),
  referralReward: () => staffApi.get<ReferralReward>('staff/referral-reward'),
  saveReferralReward: (request: ReferralReward) => staffApi.put<ReferralReward>('staff/referral-reward', request),

  blog: () => staffApi.get<{ posts: Omit<StaffBlogPost, 'bodyMarkdown'>[] }>('staff/blog'),
  blogPost: (slug: string) => staffApi.get<{ post: StaffBlogPost }>(`staff/blog/${id(slug)}`),
  addBlogPost: (request: BlogPostRequest) => staffApi.post<{ post: StaffBlogPost }>('staff/blog', request),
  saveBlogPost: (slug: string, request: BlogPostRequest) => staffApi.put<{ post: StaffBlogPost }>(`staff/blog/${id(slug)}`, request),
  deleteBlogPost: (slug: string) => staffApi.delete(`staff/blog/${id(slug)}`),
  previewBlogPost: (bodyMarkdown: string) => staffApi.post<{ html: string }>('staff/blog/preview', { bodyMarkdown }),
  uploadPicture: (file: Blob) => staffApi.upload<UploadResponse>('staff/uploads', file),

  popup: () => staffApi.get<OfferPopup>('staff/popup'),
  savePopup: (popup: OfferPopup) => staffApi.put<OfferPopup>('staff/popup', popup),
  reviewsSource: () => staffApi.get<ReviewsSourceResponse>('staff/reviews-source'),
  saveReviewsSource: (request: ReviewsSourceRequest) => staffApi.put<unknown>('staff/reviews-source', request),
  addReview: (request: ReviewRequest) => staffApi.post<unknown>('staff/reviews', request),
  hideReview: (reviewId: string, hidden: boolean) => staffApi.put<unknown>(`staff/reviews/${id(reviewId)}`, { hidden }),

  leads: (handled: boolean, before?: string | null) => staffApi.get<LeadsResponse>(`staff/leads${query({ handled: String(handled), before })}`),
  markLead: (kind: string, leadId: string | number, request: LeadHandledRequest) =>
    staffApi.put<unknown>(`staff/leads/${id(kind)}/${id(String(leadId))}/handled`, request),

  sessionsReport: ({ from, to }: ReportRange) => staffApi.get<SessionsReport>(`staff/reports/bed-sessions${query({ from, to })}`),
  salesReport: ({ from, to }: ReportRange) => staffApi.get<SalesReport>(`staff/reports/sales${query({ from, to })}`),
  /** Memberships month by month (YYYY-MM, both included). */
  membershipsReport: ({ from, to }: ReportRange) => staffApi.get<MembershipReport>(`staff/reports/memberships${query({ from, to })}`),
  membershipsCsv: ({ from, to }: ReportRange) => staffApi.download(`staff/exports/memberships.csv${query({ from, to })}`),
  retentionDue: () => staffApi.get<RetentionDueResponse>('staff/retention'),
  backups: () => staffApi.get<BackupStatusResponse>('staff/backups'),
  failedWork: () => staffApi.get<FailedJobsResponse>('staff/jobs/failed'),
  retryWork: (jobId: string) => staffApi.post<RetryJobResponse>(`staff/jobs/${id(jobId)}/retry`),
  /** A CSV export; the marketing list is everyone who agreed to offers today, whatever the range. */
  exportCsv: (name: ExportName, range: ReportRange) =>
    staffApi.download(name === 'marketing' ? 'staff/exports/marketing.csv' : `staff/exports/${name}.csv${query({ from: range.from, to: range.to })}`),

  /** Gift vouchers (docs/product.md "Gift vouchers"): the owner's settings, the vouchers issued, the report by month (YYYY-MM). */
  voucherSettings: () => staffApi.get<VoucherSettings>('staff/vouchers/settings'),
  saveVoucherSettings: (settings: VoucherSettings) => staffApi.put<VoucherSettings>('staff/vouchers/settings', settings),
  vouchers: () => staffApi.get<StaffVouchersResponse>('staff/vouchers'),
  vouchersReport: ({ from, to }: ReportRange) => staffApi.get<VoucherReport>(`staff/reports/vouchers${query({ from, to })}`),
  exportVouchers: ({ from, to }: ReportRange) => staffApi.download(`staff/exports/vouchers.csv${query({ from, to })}`),

  team: () => staffApi.get<TeamResponse>('staff/team'),
  invite: (request: InviteRequest) => staffApi.post<unknown>('staff/team/invitations', request),
  cancelInvitation: (invitationId: string) => staffApi.delete(`staff/team/invitations/${id(invitationId)}`),
  changeRole: (sub: string, role: StaffRole) => staffApi.put<unknown>(`staff/team/${id(sub)}`, { role }),
  removeMember: (sub: string) => staffApi.delete(`staff/team/${id(sub)}`),

  audit: (flagged: boolean, before?: number | null) => staffApi.get<AuditResponse>(`staff/audit${query({ flagged: flagged ? 'true' : undefined, before })}`),
  owedRefunds: () => staffApi.get<OwedRefundsResponse>('staff/refunds'),
  retryRefund: (paymentId: string) => staffApi.post<unknown>(`staff/refunds/${id(paymentId)}/retry`),
}
