import { ManagePage, manageCalls, PopupForm, ReviewsPanel, WhenLoaded } from '../../features/staff-manage/public.ts'
import { ownerParts, staffMeta } from '../../features/staff/public.ts'
import type { Route } from './+types/manage-marketing'

export const meta: Route.MetaFunction = () => staffMeta('Popup and reviews')

/** The offers popup and where reviews come from; loaded again after each change. */
export const clientLoader = ({ request }: Route.ClientLoaderArgs) =>
  ownerParts(request, { popup: () => manageCalls.popup(), reviews: () => manageCalls.reviewsSource() })

export default function ManageMarketing({ loaderData }: Route.ComponentProps) {
  return (
    <ManagePage title="Popup and reviews" subtitle="The offers popup on the home page, and the reviews it shows.">
      <WhenLoaded parts={loaderData}>
        {(data) => (
          <div className="flex flex-col gap-5">
            <PopupForm popup={data.popup} />
            <ReviewsPanel data={data.reviews} />
          </div>
        )}
      </WhenLoaded>
    </ManagePage>
  )
}
