import type { Page } from '@playwright/test'
import { browserErrors, expect, localPhone, smsCode, test, uniquePhone, untilHydrated } from './fixtures.ts'
import { boughtMessage, buyPackage, packages, thankYou } from './payment.ts'

/** The demo salon's reward: 10 minutes each, for the friend who joins and buys and for the customer who sent them. */
const REWARD = 10

/** The referral lot and the history row a reward adds to /account/balance/. */
async function expectReward(page: Page, lotName: string) {
  await page.goto('/account/balance/')
  const lot = page
    .getByRole('region', { name: 'Your minutes' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: lotName }) })
  await expect(lot).toContainText(`${REWARD} of ${REWARD} minutes left`)
  const reward = page.getByRole('region', { name: 'History' }).getByRole('listitem').filter({ hasText: 'Referral reward' })
  await expect(reward).toHaveCount(1)
  await expect(reward.getByLabel(`Added ${REWARD} minutes`)).toHaveText(`+${REWARD} min`)
}

// The friend is the test's own page (signed out); the customer who refers them has a browser of their own.
test('a friend who signs up with a customer’s link and buys a package earns them both free minutes', async ({ page, request, browser, ownCustomer }) => {
  test.setTimeout(60_000)
  const referrer = await browser.newContext({ storageState: (await ownCustomer()).storageState })
  const theirs = await referrer.newPage()
  const theirErrors = browserErrors(theirs)

  await theirs.goto('/refer-earn/')
  const yours = theirs.getByRole('region', { name: 'Your code' })
  const code = (await yours.getByText(/^[A-Z0-9-]{4,}$/).textContent())!
  const link = yours.getByLabel('Your link')
  await expect(link).toHaveValue(new URL(`/sign-up/?ref=${code}`, theirs.url()).href)
  await expect(yours.getByRole('button', { name: 'Copy link' })).toBeVisible()
  await expect(theirs.getByRole('region', { name: 'Friends who joined' })).toContainText('No friends have signed up with your link yet.')
  await expect(theirs.getByRole('region', { name: 'Minutes earned' })).toContainText('0 min')

  // The friend opens the link and signs up; an email of their own, as nobody may use a code with the sender's.
  await page.goto(await link.inputValue())
  await expect(page.getByText(`Signing up with your friend’s code ${code}: you both get free minutes after your first package.`)).toBeVisible()
  await untilHydrated(page)
  const phone = uniquePhone()
  await page.getByLabel('Mobile number').fill(localPhone(phone))
  await page.getByLabel('Password', { exact: true }).fill('Sunny#2024')
  await page.getByLabel('Repeat password').fill('Sunny#2024')
  await page.getByLabel('First name').fill('Beth')
  await page.getByLabel('Last name').fill('Smith')
  await page.getByLabel('Email', { exact: true }).fill(`beth.${phone.slice(-6)}@example.com`)
  await page.getByLabel('Date of birth').fill('1992-03-14')
  await page.getByRole('radio', { name: /Type III/ }).check()
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page).toHaveURL(/\/sign-up\/confirm\/\?/)
  await page.getByLabel('Confirmation code').fill(await smsCode(request, phone))
  await page.getByRole('button', { name: 'Confirm', exact: true }).click()
  await expect(page).toHaveURL('/')

  // Joined, not yet rewarded: the reward waits for the friend's first package.
  await theirs.reload()
  const friend = theirs.getByRole('region', { name: 'Friends who joined' }).getByRole('listitem').filter({ hasText: 'Beth S.' })
  await expect(friend).toContainText('Waiting for first purchase')

  await buyPackage(page, packages.starter)
  await expect(thankYou(page).getByText(boughtMessage(packages.starter))).toBeVisible()
  await expect(thankYou(page).getByText(`${packages.starter.minutes + REWARD} minutes`, { exact: true })).toBeVisible()
  await expectReward(page, 'Referral reward: welcome')

  await expectReward(theirs, 'Referral reward: a friend joined')
  await theirs.goto('/refer-earn/')
  await expect(friend).toContainText('Rewarded')
  await expect(theirs.getByRole('region', { name: 'Minutes earned' })).toContainText(`${REWARD} min`)

  await referrer.close()
  expect(theirErrors, 'the referring customer’s browser reported errors').toEqual([])
})
