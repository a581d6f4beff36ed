import { deskCalls, SkinReactionsList } from '../../features/staff-desk/public.ts'
import { Ready, StaffPage, staffMeta, staffPart } from '../../features/staff/public.ts'
import type { Route } from './+types/skin-reactions'

export const meta: Route.MetaFunction = () => staffMeta('Skin reactions')

/** The reactions, newest first; loaded again after a clearance. */
export const clientLoader = ({ request }: Route.ClientLoaderArgs) => staffPart(request, deskCalls.skinReactions())

/** docs/product.md §10.5: every skin reaction the salon knows of, and clearing itching after a first session. */
export default function StaffSkinReactions({ loaderData }: Route.ComponentProps) {
  return (
    <StaffPage
      title="Skin reactions"
      subtitle="Reactions customers reported after a session, online or at the desk. A reaction pauses their booking for a few days."
    >
      <Ready part={loaderData}>{(answer) => <SkinReactionsList reactions={answer.reactions} />}</Ready>
    </StaffPage>
  )
}
