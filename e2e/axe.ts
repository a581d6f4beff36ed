import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from '@playwright/test'

/** WCAG 2.2 AA, as axe names its rules' tags: the standard the customer and staff pages are held to. */
export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

/**
 * What axe finds against WCAG 2.2 AA on the page as it stands (or inside `within`, an open dialog say), one line per
 * rule broken: its id, what it asks, and where, so a failing assertion says what to fix.
 */
export async function accessibilityProblems(page: Page, within?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(WCAG_22_AA)
  const { violations } = await (within ? builder.include(within) : builder).analyze()
  return violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((node) => node.target.join(' ')).join(', ')})`)
}
