/**
 * The staff back office's shell (docs/product.md §10), for the /staff/ pages. Every staff page is a route under
 * routes/staff/layout.tsx, which signs the member in (or shows the refusal) and draws the frame and navigation; a page
 * only renders its own content. NO customer page may import this feature (its code stays out of their bundles).
 *
 * How a page …
 * - gets the member: `const { me, isOwner } = useStaff()` (me: StaffMe from GET /api/staff/me: sub, name, role,
 *   shopId, shopName). Wrap an owner-only page in `<OwnerOnly>`: staff see "Only the salon's owner can do this.".
 *   Add the page to STAFF_NAV in staff-nav.ts (ownerOnly hides it from staff) and to routes.ts under the staff layout.
 * - reads data: `const day = useStaffData<DayResponse>(`staff/day${query({ date })}`)` → { data, error, loading,
 *   reload, setData }; loads in the browser only (staff pages have no server loader: personal data). Show
 *   `<Loading what="…" />` before the first answer, `<LoadError message={day.error} onRetry={day.reload} />` on failure.
 * - changes something: `const action = useStaffAction()`, then
 *   `await action.run(() => staffApi.post('staff/…', body), { success: 'Marked as attended.' })`: the answer on
 *   success (the success message is shown in the layout's notice area), undefined on failure (the server's message
 *   is shown there). `{ rethrow: true }` lets a form show the error itself (`messageOf(error)`, or ApiError's
 *   status/body). Disable the button while `action.busy`. A 401 anywhere sends the member to /staff/sign-in/ and back.
 * - calls the API directly: `staffApi.get/post/put/delete(path)`: paths without a leading slash, relative to /api/,
 *   with the member's identity token on every call; failures throw ApiError { status, message, body }. For a file
 *   sent or read (an upload, a CSV): `staffFetch(method, path, { body, headers })`, which answers the Response.
 *   (Do not add to lib/api.ts or lib/browser-api.ts for staff pages: every customer page loads them.)
 * - tells the member something: `useStaff().notify({ kind: 'success' | 'error', message })`.
 * - asks before a destructive change: `<ConfirmDialog>` (with `reasonLabel` when the change needs a reason); a form
 *   in a modal: `<StaffDialog>` (a bottom sheet on phones). Lay a page out with `<StaffPage title actions>` and
 *   `<Panel>`; `<Empty>` for nothing to show; `<Badge tone>` for statuses; `staffMeta(title)` for its meta tags.
 */
export { afterStaffSignIn, messageOf, query, signInPath, staffApi, useStaffData, type StaffAction, type StaffData } from './staff-api.ts'
export { staffCalls } from './staff-calls.ts'
export { lookupAnswer, staffPart, staffParts, useStaffLookup, type LookupAnswer, type Part } from './staff-data.ts'
export { StaffProvider, useStaff, useStaffAction, type StaffNotice } from './staff-context.tsx'
export { StaffAuthFrame } from './staff-auth-frame.tsx'
export { staffLinks } from './staff-links.ts'
export { StaffFrame } from './staff-frame.tsx'
export { dateTime, localPhone, longDate, minutesText } from './format.ts'
export { StaffIcon } from './staff-icon.tsx'
export { STAFF_NAV, staffNavFor, type StaffNavItem } from './staff-nav.ts'
export { loadStaffSession, type StaffSession } from './staff-session.ts'
export { Badge, ConfirmDialog, Empty, LoadError, Loading, OWNER_ONLY, OwnerOnly, Panel, Ready, StaffDialog, StaffPage, staffMeta } from './staff-ui.tsx'
