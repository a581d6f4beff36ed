import { expect, salon, test } from './fixtures.ts'

// Everything here is read from the server's HTML alone: no script runs.
test.use({ javaScriptEnabled: false })

test('the home page shows the beds, prices, packages, reviews and contact details without scripts', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: salon.name })).toBeVisible()

  const sunbeds = page.getByRole('region', { name: 'Modern beds, cleaned after every session' })
  for (const bed of salon.beds) await expect(sunbeds.getByRole('heading', { name: bed })).toBeVisible()

  const prices = page.getByRole('region', { name: 'Simple prices, by the minute' })
  for (const type of salon.bedTypes) await expect(prices.getByRole('rowheader', { name: type })).toBeVisible()
  const layDown = prices.getByRole('row', { name: /Lay-down sunbeds/ })
  await expect(layDown.getByRole('cell').first()).toHaveText(/£\d|\d+p/)

  const packages = page.getByRole('region', { name: 'Tan more, pay less' })
  for (const name of salon.packages) await expect(packages.getByRole('heading', { name })).toBeVisible()

  const reviews = page.getByRole('region', { name: 'What our customers say' })
  await expect(reviews.getByRole('listitem').first()).toBeVisible()
  // Each review's stars are one picture that says the rating.
  await expect(
    reviews
      .getByRole('listitem')
      .first()
      .getByRole('img', { name: /^[1-5] out of 5 stars$/ }),
  ).toBeVisible()

  const contact = page.getByRole('region', { name: 'Come and see us' })
  await expect(contact.getByRole('heading', { name: 'Opening hours' })).toBeVisible()
  await expect(contact.getByRole('link', { name: /^mailto:|@/ }).first()).toBeVisible()
  await expect(contact.getByRole('button', { name: 'Send message' })).toBeVisible()
})

test('the price list page shows prices and packages without scripts', async ({ page }) => {
  await page.goto('/prices/')
  await expect(page.getByRole('heading', { level: 1, name: 'Prices' })).toBeVisible()
  for (const type of salon.bedTypes) await expect(page.getByRole('rowheader', { name: type })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Extras' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Minute packages' })).toBeVisible()
  await expect(page.getByRole('heading', { name: salon.packages[0] })).toBeVisible()
})

test('the blog and a blog post show their writing without scripts', async ({ page }) => {
  await page.goto('/blog/')
  await expect(page.getByRole('heading', { level: 1, name: 'Tanning advice' })).toBeVisible()
  const post = page.getByRole('link', { name: salon.blogTitle })
  await expect(post).toBeVisible()

  await post.click()
  await expect(page).toHaveURL(/\/blog\/[^/]+\/$/)
  await expect(page.getByRole('heading', { level: 1, name: salon.blogTitle })).toBeVisible()
  await expect(page.getByRole('main').getByRole('paragraph').nth(3)).not.toBeEmpty()
})

test('the packages page lists packages without scripts', async ({ page }) => {
  await page.goto('/book/package/')
  await expect(page.getByRole('heading', { level: 1, name: 'Minute packages' })).toBeVisible()
  // Each package has its Buy button in the HTML, though paying by card needs the page's scripts.
  for (const name of salon.packages) {
    await expect(page.getByRole('heading', { name })).toBeVisible()
    await expect(page.getByRole('button', { name: `Buy ${name}`, exact: true })).toBeVisible()
  }
})

test('the privacy policy reads in full without scripts', async ({ page }) => {
  await page.goto('/privacypolicy/')
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Your rights', exact: true })).toBeVisible()
  await expect(page.getByText(/Information Commissioner.s Office \(ICO\)/)).toBeVisible()
})

test('the raw HTML of the home page already holds the beds and the blog', async ({ request }) => {
  const answer = await request.get('/')
  expect(answer.status()).toBe(200)
  expect(answer.headers()['content-type']).toContain('text/html')
  const html = await answer.text()
  for (const bed of salon.beds) expect(html).toContain(bed)
  expect(html).toContain(salon.blogTitle)
  expect(html).toContain('Simple prices, by the minute')
})

test('the page a visitor is on is marked in the navigation before any script runs', async ({ page }) => {
  for (const [path, name] of [
    ['/book/', 'Book'],
    ['/book/package/', 'Packages'],
    ['/blog/', 'Blog'],
  ] as const) {
    await page.goto(path)
    const nav = page.getByRole('navigation', { name: 'Main' })
    await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page')
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1)
  }
})
