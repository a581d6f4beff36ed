import type { Package } from '@salon/contracts/content'
import { clearSelectedPackage, loadSelectedPackage } from './selected-package.ts'
import { commerceCalls } from './commerce-calls.ts'

/**
 * The package waiting to be paid for, as the salon sells it now: the price and minutes shown are today's, and a
 * package no longer sold is dropped. Without an answer from the salon, the stored one is shown (the salon works
 * out the amount in any case).
 */
export async function packageToPay(calls: Pick<typeof commerceCalls, 'packages'> = commerceCalls): Promise<Package | null> {
  const selected = loadSelectedPackage()
  if (!selected) return null
  try {
    const { packages } = await calls.packages()
    const current = packages.find((p) => p.id === selected.package.id) ?? null
    if (!current) clearSelectedPackage()
    return current
  } catch {
    return selected.package
  }
}

/** Stripe sends the customer back with redirect_status=failed when a payment method that left the page failed. */
export const PAYMENT_LEFT_PAGE_FAILED = 'Your payment did not go through. Please try again, or use another card.'
