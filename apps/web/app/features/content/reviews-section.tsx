import type { ReviewsResponse } from '@salon/contracts/content'
import { formatDate } from '../../lib/format.ts'

/** The stars from `from` up to `to` (of five, each 20 units wide) as one path. */
const stars = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, i) => 20 * (from + i))
    .map((x) => `M${x + 10} 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L${x + 10} 14.9l-5.2 2.7 1-5.8L${x + 1.5} 7.7l5.9-.9z`)
    .join('')

/**
 * A rating as one picture of five stars. The home page shows up to seven ratings: three elements each, not eleven, for
 * the browser to lay out and for React to hydrate.
 */
function Stars({ rating, label }: { rating: number; label: string }) {
  const filled = Math.min(5, Math.max(0, Math.round(rating)))
  return (
    <svg viewBox="0 0 100 20" className="h-5 w-25 shrink-0 text-glow-500" role="img" aria-label={label}>
      {filled > 0 && <path className="fill-current" d={stars(0, filled)} />}
      {filled < 5 && <path className="fill-cocoa-200" d={stars(filled, 5)} />}
    </svg>
  )
}

export function ReviewsSection({ reviews }: { reviews: ReviewsResponse }) {
  if (reviews.reviews.length === 0) return null
  return (
    <section aria-labelledby="reviews-title" className="py-16 sm:py-20">
      <div className="container-page">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <p className="eyebrow">Reviews</p>
            <h2 id="reviews-title" className="section-title mt-2">
              What our customers say
            </h2>
          </div>
          {reviews.rating !== null && (
            <p className="flex items-center gap-3 text-cocoa-700">
              <Stars rating={reviews.rating} label={`Rated ${reviews.rating} out of 5`} />
              <span>
                <strong className="text-cocoa-900">{reviews.rating.toFixed(1)}</strong> from {reviews.total} reviews
                {reviews.source === 'google' && ' on Google'}
              </span>
            </p>
          )}
        </div>
        <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {reviews.reviews.slice(0, 6).map((review) => (
            <li key={review.id} className="card flex flex-col gap-3 p-6">
              <Stars rating={review.rating} label={`${review.rating} out of 5 stars`} />
              <blockquote className="flex-1 text-cocoa-800">“{review.text}”</blockquote>
              <p className="text-sm text-cocoa-600">
                <span className="font-semibold text-cocoa-900">{review.authorName}</span> · {formatDate(review.publishedAt)}
              </p>
            </li>
          ))}
        </ul>
        {reviews.url && (
          <p className="mt-6">
            <a href={reviews.url} className="font-semibold text-brand-teal underline underline-offset-2" rel="noopener noreferrer" target="_blank">
              Read all reviews on Google Maps
            </a>
          </p>
        )}
      </div>
    </section>
  )
}
