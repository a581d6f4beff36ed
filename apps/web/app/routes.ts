import { index, layout, route, type RouteConfig } from '@react-router/dev/routes'

// docs/product.md §2: every route sits under the shared layout. Paths end with a slash in every link we generate.
export default [
  layout('routes/layout.tsx', [
    index('routes/home.tsx'),
    route('book', 'routes/book.tsx'),
    route('book/package', 'routes/packages.tsx'),
    // The booking planner's data, for its fetchers; not pages.
    route('book/times', 'routes/book-times.tsx'),
    route('book/price', 'routes/book-price.tsx'),
    route('prices', 'routes/prices.tsx'),
    // Buying a gift voucher by card, signed in or not, and the buyer's confirmation.
    route('gift-vouchers', 'routes/gift-vouchers.tsx'),
    route('blog', 'routes/blog.tsx'),
    route('blog/:id', 'routes/blog-post.tsx'),
    route('sign-in', 'routes/sign-in.tsx'),
    route('sign-in/social', 'routes/sign-in-social.tsx'),
    route('sign-up', 'routes/sign-up.tsx'),
    route('sign-up/confirm', 'routes/sign-up-confirm.tsx'),
    route('forgot-password', 'routes/forgot-password.tsx'),
    route('confirmation', 'routes/confirmation.tsx', [route('success', 'routes/confirmation-success.tsx')]),
    route('booking', 'routes/booking.tsx'),
    route('booking/details', 'routes/booking-details.tsx'),
    route('privacypolicy', 'routes/privacy-policy.tsx'),
    // A waitlist offer's link opens for a visitor too, who is asked to sign in and brought back to it (docs/product.md "Waitlist").
    route('waitlist-offer/:token', 'routes/waitlist-offer.tsx'),
    layout('routes/protected.tsx', [
      route('refer-earn', 'routes/refer-earn.tsx'),
      route('account', 'routes/account.tsx'),
      route('account/balance', 'routes/account-balance.tsx'),
      route('account/membership', 'routes/account-membership.tsx'),
      route('book/health', 'routes/book-health.tsx'),
      route('upcoming-booking', 'routes/upcoming-booking.tsx'),
      route('payment', 'routes/payment.tsx'),
    ]),
    route('*', 'routes/not-found.tsx'),
  ]),
  // docs/product.md §10: the staff back office, outside the customer layout (no customer header or footer) and
  // code-split from every customer page. Its own sign-in and join pages stand outside the staff guard.
  route('staff/sign-in', 'routes/staff/sign-in.tsx'),
  route('staff/join', 'routes/staff/join.tsx'),
  route('staff/setup', 'routes/staff/setup.tsx'),
  route('staff', 'routes/staff/layout.tsx', [
    index('routes/staff/day.tsx'),
    route('counter', 'routes/staff/counter.tsx'),
    route('receipts/:paymentId', 'routes/staff/receipt.tsx'),
    route('customers', 'routes/staff/customers.tsx'),
    route('customers/import', 'routes/staff/customers-import.tsx'),
    route('customers/reactions', 'routes/staff/skin-reactions.tsx'),
    route('customers/:sub', 'routes/staff/customer.tsx'),
    // A customer's photo-ID status, for the desk's forms' fetchers; not a page.
    route('customers/:sub/photo-id', 'routes/staff/customer-photo-id.tsx'),
    // A customer's sunbed safety, and the health questions' version for someone new, for the booking form's fetchers; not pages.
    route('customers/:sub/sunbed-safety', 'routes/staff/customer-sunbed-safety.tsx'),
    route('health-questions', 'routes/staff/health-questions.tsx'),
    route('leads', 'routes/staff/leads.tsx'),
    route('reports', 'routes/staff/reports.tsx'),
    route('refunds', 'routes/staff/refunds.tsx'),
    route('manage', 'routes/staff/manage.tsx'),
    route('manage/salon', 'routes/staff/manage-salon.tsx'),
    route('manage/beds', 'routes/staff/manage-beds.tsx'),
    route('manage/rules', 'routes/staff/manage-rules.tsx'),
    route('manage/prices', 'routes/staff/manage-prices.tsx'),
    route('manage/vouchers', 'routes/staff/manage-vouchers.tsx'),
    route('manage/memberships', 'routes/staff/manage-memberships.tsx'),
    route('manage/blog', 'routes/staff/manage-blog.tsx'),
    route('manage/blog/:slug', 'routes/staff/manage-blog-post.tsx'),
    route('manage/marketing', 'routes/staff/manage-marketing.tsx'),
    route('manage/sunbed-safety', 'routes/staff/manage-sunbed-safety.tsx'),
    route('team', 'routes/staff/team.tsx'),
    route('audit', 'routes/staff/audit.tsx'),
    route('*', 'routes/staff/not-found.tsx'),
  ]),
] satisfies RouteConfig
