/** One place in the staff back office's navigation (docs/product.md §10). */
export interface StaffNavItem {
  to: string
  label: string
  icon: StaffIconName
  /** Shown to the salon's owner only (docs/product.md §10.1: staff have the day sheet, the counter, customers and leads). */
  ownerOnly: boolean
}

export type StaffIconName = 'today' | 'counter' | 'customers' | 'leads' | 'reports' | 'refunds' | 'manage' | 'team' | 'audit' | 'more'

export const STAFF_NAV: readonly StaffNavItem[] = [
  { to: '/staff/', label: 'Today', icon: 'today', ownerOnly: false },
  { to: '/staff/counter/', label: 'Counter', icon: 'counter', ownerOnly: false },
  { to: '/staff/customers/', label: 'Customers', icon: 'customers', ownerOnly: false },
  { to: '/staff/leads/', label: 'Leads', icon: 'leads', ownerOnly: false },
  { to: '/staff/reports/', label: 'Reports', icon: 'reports', ownerOnly: true },
  { to: '/staff/refunds/', label: 'Refunds', icon: 'refunds', ownerOnly: true },
  { to: '/staff/manage/', label: 'Manage', icon: 'manage', ownerOnly: true },
  { to: '/staff/team/', label: 'Team', icon: 'team', ownerOnly: true },
  { to: '/staff/audit/', label: 'Audit', icon: 'audit', ownerOnly: true },
]

/** The places a member may go: everything for an owner, the owner's places left out for staff. */
export function staffNavFor(role: 'owner' | 'staff'): StaffNavItem[] {
  return STAFF_NAV.filter((item) => role === 'owner' || !item.ownerOnly)
}

/** The phone's tab bar: the four everyday places; an owner's other places sit behind "More". */
export const TAB_COUNT = 4
