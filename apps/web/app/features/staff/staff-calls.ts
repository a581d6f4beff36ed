import type { AcceptInvitationRequest, StaffMe } from '@salon/contracts/staff'
import { staffApi } from './staff-api.ts'

/** The staff shell's own calls (docs/product.md §10.1): who is signed in, and joining the team by invitation. */
export const staffCalls = {
  /** The member signed in: name, role, shop and salon name (read from the membership on every call). */
  me: () => staffApi.get<StaffMe>('staff/me'),
  /** Accepts an owner's invitation with the texted code, making the account (or adding the role) for that mobile number. */
  acceptInvitation: (request: AcceptInvitationRequest) => staffApi.post<unknown>('staff_invitation/accept', request),
}
