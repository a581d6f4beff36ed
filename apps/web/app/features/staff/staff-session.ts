import type { StaffMe } from '@salon/contracts/staff'
import { redirect } from 'react-router'
import { ApiError } from '../../lib/api.ts'
import { signInPath } from './staff-api.ts'
import { staffCalls } from './staff-calls.ts'

/** Who opened the staff pages: a member of this salon's staff, or a signed-in account that is not (with the server's words). */
export type StaffSession = { status: 'member'; me: StaffMe } | { status: 'refused'; message: string }

/** The member the staff layout last asked for (its loader runs before its pages', and once per visit to the staff pages). */
let member: Promise<StaffMe | null> | null = null

/** The signed-in member's role, as the staff layout asked it; asked now if it has not been. */
export async function memberRole(): Promise<StaffMe['role'] | null> {
  return ((await (member ?? staffCalls.me().catch(() => null)))?.role ?? null) as StaffMe['role'] | null
}

/**
 * The staff layout's guard (docs/product.md §10.1), in the browser only: asks the server who is signed in
 * (GET /api/staff/me, which reads the membership on every call). No session: to the staff sign-in page, coming back
 * to `url` after. An account that is not on this salon's staff (a customer's): 'refused', with the server's message.
 * Anything else (offline, a server error) is thrown for the layout's error boundary.
 */
export async function loadStaffSession(url: string): Promise<StaffSession> {
  const asked = staffCalls.me()
  member = asked.catch(() => null)
  try {
    return { status: 'member', me: await asked }
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      const { pathname, search } = new URL(url)
      throw redirect(signInPath(pathname + search))
    }
    if (error instanceof ApiError && error.status === 403) return { status: 'refused', message: error.message }
    throw error
  }
}
