/** Every public page with the main heading a visitor sees first. */
export const publicPages: { path: string; heading: string | RegExp }[] = [
  { path: '/', heading: 'Bronze & Glow Tanning Studio' },
  { path: '/book/', heading: 'Book a sunbed session' },
  { path: '/book/package/', heading: 'Minute packages' },
  { path: '/prices/', heading: 'Prices' },
  { path: '/blog/', heading: 'Tanning advice' },
  { path: '/blog/sunbeds-and-the-law-in-the-uk/', heading: 'Sunbeds and the law in the UK: why we check ID' },
  { path: '/sign-in/', heading: 'Sign in' },
  { path: '/sign-in/?source=booking', heading: 'Sign in' },
  { path: '/sign-up/', heading: 'Create your account' },
  { path: '/sign-up/confirm/', heading: 'Confirm your mobile number' },
  { path: '/forgot-password/', heading: 'Reset your password' },
  { path: '/confirmation/', heading: 'Confirmation' },
  { path: '/confirmation/success/', heading: 'Booking confirmed' },
  { path: '/booking/', heading: 'Your booking' },
  { path: '/privacypolicy/', heading: 'Privacy policy' },
  { path: '/gift-vouchers/', heading: 'Give a gift voucher' },
]

export const protectedPages = ['/account/', '/account/balance/', '/account/membership/', '/refer-earn/', '/upcoming-booking/', '/payment/', '/book/health/']
