import type { ReviewsResponse } from '@salon/contracts/content'

/** Where reviews come from when a maps-service key is configured. */
export interface ReviewsSource {
  fetchReviews(): Promise<ReviewsResponse>
}
