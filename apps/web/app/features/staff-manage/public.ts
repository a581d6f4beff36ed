// What the owner's Manage pages, Leads and Reports offer the staff routes (docs/product.md §10.4, §10.6, §10.7).
// Staff code only: no customer page imports it.
export { BedsPanel } from './beds.tsx'
export { BlogEditor, BlogList, type BlogListItem } from './blog.tsx'
export { BookingRulesForm } from './booking-rules.tsx'
export { ClosuresPanel } from './closures.tsx'
export { MANAGE_PARTS, ManagePage, WhenLoaded } from './frame.tsx'
export { LeadsFilterTabs, LeadsList, leadsPath, type LeadsFilter } from './leads.tsx'
export { PopupForm, ReferralForm, ReviewsPanel } from './marketing.tsx'
export { PackagesPanel } from './packages.tsx'
export { PricesForm } from './prices.tsx'
export { PromoCodesPanel } from './promo-codes.tsx'
export { ExportButtons, presets, RangePicker, rangeQuery, SalesReportPanel, SessionsReportPanel, type Range } from './reports.tsx'
export { OpeningHoursForm, SalonDetailsForm } from './salon.tsx'
