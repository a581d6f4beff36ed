import type { Page } from '@playwright/test'
import { expect, salon, test, untilHydrated } from './fixtures.ts'

const logoName = `${salon.name}, home`

const sunbedsSection = (page: Page) => page.getByRole('region', { name: 'Modern beds, cleaned after every session' })
const contactSection = (page: Page) => page.getByRole('region', { name: 'Come and see us' })
const pricesSection = (page: Page) => page.getByRole('region', { name: 'Simple prices, by the minute' })
const bookingsSection = (page: Page) => page.getByRole('region', { name: 'Your bookings' })
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true })

// The top navigation shows on wide screens, the side menu replaces it on phones: playwright.config.ts runs
// untagged tests on the desktop only and @phone tests on the phone only.
test.describe('top navigation on a wide screen', () => {
  const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' })

  test('lists the signed-out items in order, without Sign out', async ({ page }) => {
    await page.goto('/blog/')
    await expect(mainNav(page).getByRole('listitem')).toHaveText([
      'Book',
      'Our Sunbeds',
      'Packages',
      'Account',
      'Blog',
      'Upcoming Bookings',
      'Contact Us',
      'Sign in',
    ])
    await expect(mainNav(page).getByRole('button', { name: 'Sign out' })).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden()
  })

  test('Book, Packages, Blog and Sign in open their pages', async ({ page }) => {
    await page.goto('/privacypolicy/')
    const nav = mainNav(page)

    await nav.getByRole('link', { name: 'Book', exact: true }).click()
    await expect(page).toHaveURL(/\/book\/$/)
    await expect(heading(page, 'Book a sunbed session')).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Book', exact: true })).toHaveAttribute('aria-current', 'page')

    await nav.getByRole('link', { name: 'Packages' }).click()
    await expect(page).toHaveURL(/\/book\/package\/$/)
    await expect(heading(page, 'Minute packages')).toBeVisible()

    await nav.getByRole('link', { name: 'Blog' }).click()
    await expect(page).toHaveURL(/\/blog\/$/)
    await expect(heading(page, 'Tanning advice')).toBeVisible()

    await nav.getByRole('link', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/sign-in\/$/)
    await expect(heading(page, 'Sign in')).toBeVisible()
  })

  test('Account sends a signed-out visitor to sign in', async ({ page }) => {
    await page.goto('/blog/')
    await mainNav(page).getByRole('link', { name: 'Account' }).click()
    await expect(page).toHaveURL(/\/sign-in\/$/)
    await expect(heading(page, 'Sign in')).toBeVisible()
  })

  test('Our Sunbeds and Contact Us scroll to their part of the home page', async ({ page }) => {
    await page.goto('/blog/')
    await mainNav(page).getByRole('link', { name: 'Our Sunbeds' }).click()
    await expect(page).toHaveURL(/\/#sunbeds$/)
    await expect(sunbedsSection(page).getByRole('heading', { name: 'Modern beds, cleaned after every session' })).toBeInViewport()

    await mainNav(page).getByRole('link', { name: 'Contact Us' }).click()
    await expect(page).toHaveURL(/\/#contact$/)
    await expect(contactSection(page).getByRole('heading', { name: 'Come and see us' })).toBeInViewport()
  })

  test('Upcoming Bookings opens the booking page and then scrolls to the bookings', async ({ page }) => {
    await page.goto('/blog/')
    // The scroll is the page's script at work: before hydration the link is a plain link to /book/.
    await untilHydrated(page)
    await mainNav(page).getByRole('link', { name: 'Upcoming Bookings' }).click()
    await expect(page).toHaveURL(/\/book\/$/)
    await expect(heading(page, 'Book a sunbed session')).toBeVisible()
    await expect.poll(() => page.evaluate(() => window.scrollY), { message: 'the page scrolls down' }).toBeGreaterThan(0)
    await expect(bookingsSection(page)).toHaveAttribute('id', 'menu')
    await expect(bookingsSection(page)).toBeInViewport({ ratio: 1 })
  })
})

test.describe('side menu on a phone', { tag: '@phone' }, () => {
  const menu = (page: Page) => page.getByRole('dialog', { name: 'Menu' })
  const sideNav = (page: Page) => menu(page).getByRole('navigation', { name: 'Side menu' })

  async function openMenu(page: Page) {
    await untilHydrated(page)
    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect(menu(page)).toBeVisible()
  }

  async function follow(page: Page, label: string) {
    await openMenu(page)
    await sideNav(page).getByRole('link', { name: label, exact: true }).click()
    await expect(menu(page)).toBeHidden()
  }

  test('lists exactly the signed-out items, in order', async ({ page }) => {
    await page.goto('/blog/')
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false')
    await openMenu(page)
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'true')
    await expect(sideNav(page).getByRole('listitem')).toHaveText(['Book', 'Our Sunbeds', 'Packages', 'Price List', 'Account', 'Blog', 'Contact Us', 'SIGN IN'])
    for (const hidden of ['Account Balance', 'UPCOMING BOOKINGS', 'SIGN OUT']) {
      await expect(menu(page).getByText(hidden, { exact: true })).toHaveCount(0)
    }
  })

  test('Escape and the close button close the menu', async ({ page }) => {
    await page.goto('/blog/')
    await openMenu(page)
    await page.keyboard.press('Escape')
    await expect(menu(page)).toBeHidden()

    await openMenu(page)
    await menu(page).getByRole('button', { name: 'Close menu' }).click()
    await expect(menu(page)).toBeHidden()
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false')
  })

  test('each page link opens its page and closes the menu', async ({ page }) => {
    await page.goto('/privacypolicy/')

    await follow(page, 'Book')
    await expect(page).toHaveURL(/\/book\/$/)
    await expect(heading(page, 'Book a sunbed session')).toBeVisible()

    await follow(page, 'Packages')
    await expect(page).toHaveURL(/\/book\/package\/$/)
    await expect(heading(page, 'Minute packages')).toBeVisible()

    await follow(page, 'Blog')
    await expect(page).toHaveURL(/\/blog\/$/)
    await expect(heading(page, 'Tanning advice')).toBeVisible()

    await follow(page, 'SIGN IN')
    await expect(page).toHaveURL(/\/sign-in\/$/)
    await expect(heading(page, 'Sign in')).toBeVisible()

    await follow(page, 'Account')
    await expect(page).toHaveURL(/\/sign-in\/$/)
    await expect(heading(page, 'Sign in')).toBeVisible()
  })

  test('Our Sunbeds, Price List and Contact Us scroll to their part of the home page', async ({ page }) => {
    await page.goto('/blog/')

    await follow(page, 'Our Sunbeds')
    await expect(page).toHaveURL(/\/#sunbeds$/)
    await expect(sunbedsSection(page).getByRole('heading', { name: 'Modern beds, cleaned after every session' })).toBeInViewport()

    await follow(page, 'Price List')
    await expect(page).toHaveURL(/\/#prices$/)
    await expect(pricesSection(page)).toBeInViewport()
    await expect(pricesSection(page).getByRole('heading', { name: 'Simple prices, by the minute' })).toBeInViewport()

    await follow(page, 'Contact Us')
    await expect(page).toHaveURL(/\/#contact$/)
    await expect(contactSection(page)).toBeInViewport()
  })
})

test.describe('logo and scrolling', () => {
  test('the logo leads home and is white on the home page only', { tag: '@layout' }, async ({ page }) => {
    await page.goto('/')
    const logo = page.getByRole('link', { name: logoName })
    await expect(logo).toHaveAttribute('data-tone', 'light')
    await expect(logo).toHaveCSS('color', 'rgb(255, 255, 255)')

    await page.goto('/blog/')
    await expect(logo).toHaveAttribute('data-tone', 'dark')
    await expect(logo).not.toHaveCSS('color', 'rgb(255, 255, 255)')

    await logo.click()
    await expect(page).toHaveURL('/')
    await expect(heading(page, salon.name)).toBeVisible()
    await expect(logo).toHaveAttribute('data-tone', 'light')
    await expect(logo).toHaveCSS('color', 'rgb(255, 255, 255)')
  })

  test('going back to the blog restores where the visitor had scrolled to', async ({ page }) => {
    await page.goto('/blog/')
    const post = page.getByRole('main').getByRole('article').last().getByRole('link')
    await post.scrollIntoViewIfNeeded()
    const scrolled = await page.evaluate(() => window.scrollY)
    expect(scrolled, 'the blog list is taller than the window').toBeGreaterThan(100)

    await post.click()
    await expect(page).toHaveURL(/\/blog\/[^/]+\/$/)
    await expect(page.getByRole('link', { name: '← All posts' })).toBeVisible()
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(scrolled)

    await page.goBack()
    await expect(heading(page, 'Tanning advice')).toBeVisible()
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 40)
    expect(await page.evaluate(() => window.scrollY)).toBeLessThan(scrolled + 40)
  })
})
