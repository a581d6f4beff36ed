import type { ReviewsResponse } from '@salon/contracts/content'
import type { SalonResponse } from '@salon/contracts/shop'
import { SHARE_IMAGE } from './meta.ts'

// Only the home page describes the salon, so this lives apart from meta.ts, which every page loads.

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']

/** schema.org HealthAndBeautyBusiness for the salon: address, phone, opening hours, price range and review rating. */
export function salonJsonLd(salon: SalonResponse, reviews: ReviewsResponse | undefined, origin: string): Record<string, unknown> {
  const { shop, bedTypes } = salon
  const perMinute = bedTypes.map((t) => t.perMinutePence)
  return {
    '@context': 'https://schema.org',
    '@type': 'HealthAndBeautyBusiness',
    name: shop.name,
    description: shop.tagline,
    url: `${origin}/`,
    image: `${origin}${SHARE_IMAGE}`,
    telephone: shop.phone,
    email: shop.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: [shop.address.line1, shop.address.line2].filter(Boolean).join(', '),
      addressLocality: shop.address.town,
      postalCode: shop.address.postcode,
      addressCountry: 'GB',
    },
    openingHoursSpecification: shop.openingHours.map((h) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: `https://schema.org/${DAYS[h.weekday]}`,
      opens: h.opensAt,
      closes: h.closesAt,
    })),
    ...(perMinute.length ? { priceRange: `£${(Math.min(...perMinute) / 100).toFixed(2)}–£${(Math.max(...perMinute) / 100).toFixed(2)} a minute` } : {}),
    ...(reviews?.rating && reviews.total
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: reviews.rating, reviewCount: reviews.total, bestRating: 5, worstRating: 1 } }
      : {}),
  }
}
