import type { OfferPopup, ReviewsSourceResponse } from '@salon/contracts/staff-catalogue'
import { ManagePage, PopupForm, ReviewsPanel, WhenLoaded } from '../../features/staff-manage/public.ts'
import { staffMeta, useStaffData } from '../../features/staff/public.ts'
import type { Route } from './+types/manage-marketing'

export const meta: Route.MetaFunction = () => staffMeta('Popup and reviews')

export default function ManageMarketing() {
  const popup = useStaffData<OfferPopup>('staff/popup')
  const reviews = useStaffData<ReviewsSourceResponse>('staff/reviews-source')
  return (
    <ManagePage title="Popup and reviews" subtitle="The offers popup on the home page, and the reviews it shows.">
      <WhenLoaded loads={{ popup, reviews }} what="the popup and reviews">
        {(data) => (
          <div className="flex flex-col gap-5">
            <PopupForm popup={data.popup} />
            <ReviewsPanel data={data.reviews} reload={reviews.reload} />
          </div>
        )}
      </WhenLoaded>
    </ManagePage>
  )
}
