/**
 * The staff back office's shell (docs/product.md §10), for the /staff/ pages. Every staff page is a route under
 * routes/staff/layout.tsx, which signs the member in (or shows the refusal) and draws the frame and navigation; a page
 * only renders its own content. NO customer page may import this feature (its code stays out of their bundles).
 *
 * How a page …
 * - gets the member: `const { me, isOwner } = useStaff()` (me: StaffMe from GET /api/staff/me: sub, name, role,
 *   shopId, shopName). Wrap an owner-only page in `<OwnerOnly>`: staff see "Only the salon's owner can do this.".
 *   Add the page to STAFF_NAV in staff-nav.ts (ownerOnly hides it from staff) and to routes.ts under the staff layout.
 * - reads data: in its route's `clientLoader` (the identity token lives in the browser; no server loader, personal
 *   data), through its feature's declared calls, `*-calls.ts` (`deskCalls`, `manageCalls`, `staffCalls`: each API path
 *   written once there, and a test holds the staff pages to it): `staffParts(request, { day: deskCalls.day(date) })`
 *   settles each part on its own and sends a 401 to /staff/sign-in/ and back. The page shows a part with
 *   `<Ready part={loaderData.day}>{(day) => …}</Ready>` (the salon's message and Try again when it failed). What
 *   the page asks depends on its address (a date, a filter): read it from `request.url`, and change the address.
 *   Data that follows a choice inside a page (a search typed, a customer picked): `useStaffLookup(href)`, a fetcher
 *   to the route that answers it (`lookupAnswer`), as the customer pages load free times.
 * - changes something: `const action = useStaffAction()`, then
 *   `await action.run(() => deskCalls.mark(id, 'attended'), { success: 'Marked as attended.' })`: on success the
 *   success message is shown in the layout's notice area and React Router loads the page's data again (no page
 *   reloads by hand); undefined on failure (the server's message is shown there). `{ rethrow: true }` lets a form
 *   show the error itself (`messageOf(error)`, or ApiError's status/body). Disable the button while
 *   `action.busy`. A 401 anywhere sends the member to /staff/sign-in/ and back.
 * - tells the member something: `useStaff().notify({ kind: 'success' | 'error', message })`.
 * - asks before a destructive change: `<ConfirmDialog>` (with `reasonLabel` when the change needs a reason); a form
 *   in a modal: `<StaffDialog>` (a bottom sheet on phones); `useConfirm()` asks in red before the action runs. Lay a
 *   page out with `<StaffPage title actions>` and `<Panel>` (`variant="section"`: the Manage pages' named sections,
 *   with a description); `<Empty>` for nothing to show; `<Badge tone>` for statuses; `staffMeta(title)` for its meta tags.
 * - has a form that says its own outcome beside its buttons (the Manage pages): `useFormAction()` (field messages of a
 *   400 by field, `notice` for `<NoticeLine>` / `<FormFooter>`), `<SubmitButton>`, `onSubmitted`, `<Toggle>`. Fields,
 *   choices and load states are the customer pages' own, from components/ui.
 */
export { afterStaffSignIn, messageOf, query, signInPath, staffApi, type StaffAction } from './staff-api.ts'
export { staffCalls } from './staff-calls.ts'
export { lookupAnswer, OWNER_ONLY, ownerPart, ownerParts, staffPart, staffParts, useStaffLookup, type LookupAnswer, type Part } from './staff-data.ts'
export { StaffProvider, useStaff, useStaffAction, type StaffNotice } from './staff-context.tsx'
export { StaffAuthFrame } from './staff-auth-frame.tsx'
export { staffLinks } from './staff-links.ts'
export { StaffFrame } from './staff-frame.tsx'
export { dateTime, localPhone, longDate, minutesText } from './format.ts'
export { StaffIcon } from './staff-icon.tsx'
export { STAFF_NAV, staffNavFor, type StaffNavItem } from './staff-nav.ts'
export { loadStaffSession, type StaffSession } from './staff-session.ts'
export { Badge, ConfirmDialog, Empty, LoadError, OwnerOnly, Panel, Ready, StaffDialog, StaffPage, staffMeta, useConfirm } from './staff-ui.tsx'
export { ListEditPanel, type ItemSwitch } from './list-edit-panel.tsx'
export { fieldErrorsOf, FormFooter, NoticeLine, onSubmitted, SubmitButton, Toggle, useFormAction, type FieldErrors, type Notice } from './staff-form.tsx'
