import type { Page } from '@playwright/test'
import { expect, localPhone, test, unique, uniquePhone } from './fixtures.ts'
import { OUTBOX_JSON } from './outbox.ts'

// A form sent before the page's scripts have run is a plain HTML form: these pages must cope with that.
test.use({ javaScriptEnabled: false })

const NOT_READY = 'The page had not finished loading, so nothing was sent. Please try again.'

/** Nothing the customer typed is in the address: no field as a query parameter, no value anywhere in it. */
function expectAddressWithout(page: Page, fields: Record<string, string>) {
  const url = new URL(page.url())
  for (const [name, value] of Object.entries(fields)) {
    expect(url.searchParams.has(name), `the address carries ${name}`).toBe(false)
    for (const form of new Set([value, encodeURIComponent(value), new URLSearchParams({ v: value }).toString().slice(2)])) {
      expect(page.url(), `the address carries the ${name}`).not.toContain(form)
    }
  }
}

/** No password box on the page holds anything, and the password is nowhere in the page. */
async function expectNoPasswordKept(page: Page, password: string) {
  const boxes = page.locator('input[type="password"]')
  for (let i = 0; i < (await boxes.count()); i += 1) await expect(boxes.nth(i)).toHaveValue('')
  expect(await page.content()).not.toContain(password)
}

test('sign in before the page is ready keeps the number, not the password, and puts neither in the address', async ({ page }) => {
  const phone = localPhone(uniquePhone())
  const password = 'Sunny#2024'
  await page.goto('/sign-in/')
  await page.getByLabel('Mobile number').fill(phone)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()

  await expect(page.getByText(NOT_READY)).toBeVisible()
  expect(new URL(page.url()).pathname).toBe('/sign-in/')
  expectAddressWithout(page, { phone, password })
  await expect(page.getByLabel('Mobile number')).toHaveValue(phone)
  await expectNoPasswordKept(page, password)
})

test('sign up before the page is ready keeps the details, not the passwords', async ({ page }) => {
  const phone = localPhone(uniquePhone())
  const password = 'Sunny#2024'
  const firstName = unique('Amy').replace(' ', '')
  await page.goto('/sign-up/')
  await page.getByLabel('Mobile number').fill(phone)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByLabel('Repeat password').fill(password)
  await page.getByLabel('First name').fill(firstName)
  await page.getByLabel('Last name').fill('Jones')
  await page.getByLabel('Email', { exact: true }).fill('amy@example.com')
  await page.getByLabel('Date of birth').fill('1990-05-01')
  await page.getByRole('radio', { name: /Type III/ }).check()
  await page.getByRole('button', { name: 'Create account' }).click()

  await expect(page.getByText(NOT_READY)).toBeVisible()
  expect(new URL(page.url()).pathname).toBe('/sign-up/')
  expectAddressWithout(page, { phone, password, passwordRepeat: password, firstName, email: 'amy@example.com', dob: '1990-05-01' })
  await expect(page.getByLabel('Mobile number')).toHaveValue(phone)
  await expect(page.getByLabel('First name')).toHaveValue(firstName)
  await expect(page.getByLabel('Last name')).toHaveValue('Jones')
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue('amy@example.com')
  await expect(page.getByLabel('Date of birth')).toHaveValue('1990-05-01')
  await expect(page.getByRole('radio', { name: /Type III/ })).toBeChecked()
  await expectNoPasswordKept(page, password)
})

test('confirming a number before the page is ready keeps the number, not the code', async ({ page }) => {
  const phone = localPhone(uniquePhone())
  await page.goto('/sign-up/confirm/')
  await page.getByLabel('Mobile number', { exact: true }).fill(phone)
  await page.getByLabel('Confirmation code').fill('123456')
  await page.getByRole('button', { name: 'Confirm', exact: true }).click()

  await expect(page.getByText(NOT_READY)).toBeVisible()
  expect(new URL(page.url()).pathname).toBe('/sign-up/confirm/')
  expectAddressWithout(page, { phone, code: '123456' })
  await expect(page.getByLabel('Mobile number', { exact: true })).toHaveValue(phone)
  await expect(page.getByLabel('Confirmation code')).toHaveValue('')
})

test('asking for a reset code before the page is ready keeps the number and sends nothing', async ({ page, request }) => {
  const phone = uniquePhone()
  await page.goto('/forgot-password/')
  await page.getByLabel('Mobile number').fill(localPhone(phone))
  await page.getByRole('button', { name: 'Send me a code' }).click()

  await expect(page.getByText(NOT_READY)).toBeVisible()
  expect(new URL(page.url()).pathname).toBe('/forgot-password/')
  expectAddressWithout(page, { phone: localPhone(phone) })
  await expect(page.getByLabel('Mobile number')).toHaveValue(localPhone(phone))
  const outbox = (await (await request.get(OUTBOX_JSON)).json()) as { to: string }[]
  expect(outbox.some((m) => m.to === phone)).toBe(false)
})

test.describe('the home page forms', () => {
  test('the contact form sends the message without scripts', async ({ page, request }) => {
    const name = unique('Jess')
    const message = unique('Is the stand-up bed free on Saturday?')
    await page.goto('/')
    const form = page.getByRole('form', { name: 'Send us a message' })
    await form.getByRole('textbox', { name: 'Your name' }).fill(name)
    await form.getByRole('textbox', { name: 'Mobile number' }).fill('07700 900123')
    await form.getByRole('textbox', { name: 'Message' }).fill(message)
    await form.getByRole('checkbox', { name: /I agree that the salon keeps my message/ }).check()
    await form.getByRole('button', { name: 'Send message' }).click()

    const sent = page.getByRole('status').filter({ has: page.getByRole('heading', { name: 'Message sent' }) })
    await expect(sent).toBeVisible()
    await expect(sent).toContainText(`Thank you, ${name}.`)
    expect(new URL(page.url()).pathname).toBe('/')
    expectAddressWithout(page, { name, phone: '07700 900123', message })

    const outbox = (await (await request.get(OUTBOX_JSON)).json()) as { body: string }[]
    expect(
      outbox.some((m) => m.body.includes(message)),
      'the message reached the outbox',
    ).toBe(true)
  })

  test.describe('refused', () => {
    // The page comes back with the API's 400, which Chromium logs.
    test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 400 \(Bad Request\)/] })

    test('a message without consent comes back with the reason and what was typed', async ({ page }) => {
      const message = unique('Please call me about packages')
      await page.goto('/')
      const form = page.getByRole('form', { name: 'Send us a message' })
      await form.getByRole('textbox', { name: 'Your name' }).fill('Sam')
      await form.getByRole('textbox', { name: 'Mobile number' }).fill('07700 900456')
      await form.getByRole('textbox', { name: 'Message' }).fill(message)
      await form.getByRole('button', { name: 'Send message' }).click()

      const again = page.getByRole('form', { name: 'Send us a message' })
      const consent = again.getByRole('checkbox', { name: /I agree that the salon keeps my message/ })
      await expect(consent).toHaveAccessibleDescription('Must be ticked so that we may keep your message and reply to it.')
      await expect(again.getByRole('textbox', { name: 'Your name' })).toHaveValue('Sam')
      await expect(again.getByRole('textbox', { name: 'Mobile number' })).toHaveValue('07700 900456')
      await expect(again.getByRole('textbox', { name: 'Message' })).toHaveValue(message)
      await expect(page.getByRole('heading', { name: 'Message sent' })).toHaveCount(0)
      expectAddressWithout(page, { name: 'Sam', phone: '07700 900456', message })
    })
  })

  test.describe('offers', () => {
    test.use({ showOfferPopup: true })

    test('the offer popup needs scripts to open, and its form is still taken by the page', async ({ page, baseURL }) => {
      await page.goto('/')
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      // Without scripts nothing can open it later: the page as the server sent it is the page for good.
      await expect(page.getByRole('dialog', { name: 'Be first to hear about our deals' })).toBeHidden()

      // The popup opens from a script, so no visitor can send it without one: post its fields as the form would.
      const firstName = unique('Amy').replace(' ', '')
      const answer = await page.request.post('/?index', {
        headers: { origin: baseURL! },
        form: { intent: 'offer', firstName, email: 'amy@example.com', phone: '', marketingConsent: 'on' },
      })
      expect(answer.status()).toBe(200)
      expect(await answer.text()).toContain(`Thanks, ${firstName}! Your offer is on its way.`)
    })
  })
})

test.describe('posts no page expects', () => {
  test('a form sent to a page without one is told plainly, not with an error', async ({ page }) => {
    const answer = await page.request.post('/prices/', { form: { phone: '07700 900123', password: 'Sunny#2024' } })
    expect(answer.status()).toBeLessThan(500)
    const html = await answer.text()
    expect(html).toContain(NOT_READY)
    expect(html).not.toContain('Sunny#2024')
    expect(html, 'no stack trace').not.toMatch(/\n\s+at [\w.<>]+ \(/)
  })

  test('a form from another site is not sent on', async ({ page }) => {
    const message = unique('Sent from somewhere else')
    const answer = await page.request.post('/?index', {
      headers: { origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' },
      form: { intent: 'contact', name: 'Mallory', email: 'm@example.com', message, consent: 'on' },
    })
    expect(answer.status()).toBeLessThan(500)
    const outbox = (await (await page.request.get(OUTBOX_JSON)).json()) as { body: string }[]
    expect(outbox.some((m) => m.body.includes(message))).toBe(false)
  })
})

test('without scripts the packages page says how else to buy', async ({ page }) => {
  await page.goto('/book/package/')
  // Chromium with scripts turned off by the test runner does not show <noscript> content, so the note is read from it.
  const note = (await page.locator('noscript').allTextContents()).join(' ')
  expect(note).toContain('Paying online needs JavaScript, which is switched off in this browser.')
  expect(note).toMatch(/by calling 0\d{3,4} \d{3} ?\d{3,4}\.$/)
})
