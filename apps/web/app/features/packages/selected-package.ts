import type { Package } from '@salon/contracts/content'
import { browserStorage, storedJson } from '../../lib/stored-json.ts'

/**
 * docs/product.md §3/§4 booking state: "Selecting a package stores it". The choice is kept in the tab's session storage
 * under this key, so it survives the detour through sign-in (and sign-up) on the way to /payment/.
 */
export const SELECTED_PACKAGE = 'SELECTED_PACKAGE'

/** Where a chosen package is paid for. */
export const PAYMENT_PATH = '/payment/'

/** A package chosen longer ago than this no longer sends the customer to /payment/ after signing in. */
export const SELECTION_KEPT_MS = 2 * 60 * 60 * 1000

const session = () => browserStorage('session')

export interface SelectedPackage {
  package: Package
  /** When it was chosen (ms since the epoch). */
  at: number
}

const isInt = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value)

/** Checked by hand rather than with the contracts' schema, so the sign-in pages that read it stay small. */
export function asPackage(value: unknown): Package | null {
  if (!value || typeof value !== 'object') return null
  const v = value as Record<string, unknown>
  if (typeof v.id !== 'string' || !v.id || typeof v.name !== 'string') return null
  if (!isInt(v.minutes) || v.minutes < 1 || !isInt(v.pricePence) || v.pricePence < 0 || !isInt(v.validityDays)) return null
  if (!Array.isArray(v.bedTypes) || !v.bedTypes.every((t) => typeof t === 'string')) return null
  return {
    id: v.id,
    name: v.name,
    description: typeof v.description === 'string' ? v.description : '',
    minutes: v.minutes,
    pricePence: v.pricePence,
    validityDays: v.validityDays,
    bedTypes: v.bedTypes as string[],
    highlight: v.highlight === true,
  }
}

const asSelected = (value: unknown): SelectedPackage | null => {
  const v = value as { package?: unknown; at?: unknown } | null
  const pkg = asPackage(v?.package)
  return pkg && typeof v?.at === 'number' ? { package: pkg, at: v.at } : null
}
const selectedStore = storedJson(SELECTED_PACKAGE, asSelected)

/** When storage refuses it (full, switched off), a signed-in customer still goes straight to /payment/ with it in the page's state. */
export const saveSelectedPackage = (pkg: Package, storage = session(), now = Date.now()): void => selectedStore.write({ package: pkg, at: now }, storage)

/** The package waiting to be paid for, or null when there is none or it cannot be read. */
export const loadSelectedPackage = (storage = session()): SelectedPackage | null => selectedStore.read(storage)

export const clearSelectedPackage = (storage = session()): void => selectedStore.clear(storage)

/**
 * For afterSignIn: /payment/ when a package was chosen recently in this tab, else null. An old or unreadable
 * choice is dropped, so a later sign-in goes where it normally would.
 */
export function packageWaitingPath(storage = session(), now = Date.now()): string | null {
  const selected = loadSelectedPackage(storage)
  if (selected && now - selected.at <= SELECTION_KEPT_MS && selected.at <= now + 60_000) return PAYMENT_PATH
  clearSelectedPackage(storage)
  return null
}
