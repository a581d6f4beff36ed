import type { APIRequestContext } from '@playwright/test'
import { expect, REFUSED_REQUEST_ERROR, test, unique } from './fixtures.ts'
import { OUTBOX_JSON, OUTBOX_LINK } from './outbox.ts'

interface OutboxEntry {
  channel: 'email' | 'sms'
  to: string
  subject?: string | null
  body: string
}

async function outbox(request: APIRequestContext): Promise<OutboxEntry[]> {
  const answer = await request.get(OUTBOX_JSON)
  expect(answer.ok()).toBe(true)
  return (await answer.json()) as OutboxEntry[]
}

test.describe('with consent', () => {
  test('a visitor sends a message and the salon receives it by email', async ({ page }) => {
    const name = unique('Jess')
    const message = unique('Do you have a stand-up bed free on Saturday morning?')

    await page.goto('/#contact')
    const form = page.getByRole('form', { name: 'Send us a message' })
    await form.getByRole('textbox', { name: 'Your name' }).fill(name)
    await form.getByRole('textbox', { name: 'Email' }).fill('jess@example.com')
    await form.getByRole('textbox', { name: 'Message' }).fill(message)
    await form.getByRole('checkbox', { name: /I agree that the salon keeps my message/ }).check()
    await form.getByRole('button', { name: 'Send message' }).click()

    const sent = page.getByRole('status')
    await expect(sent.getByRole('heading', { name: 'Message sent' })).toBeVisible()
    await expect(sent).toContainText(`Thank you, ${name}.`)

    const email = (await outbox(page.request)).find((entry) => entry.body.includes(message))
    expect(email, 'the message reached the outbox').toBeDefined()
    expect(email?.channel).toBe('email')
    expect(email?.subject).toBe(`New message from ${name} via the website`)
    expect(email?.body).toContain('jess@example.com')

    await page.goto(OUTBOX_LINK)
    await expect(page).toHaveURL(/\/dev\/outbox\/$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible()
    await expect(page.getByText(message)).toBeVisible()
    await expect(page.getByText(`New message from ${name} via the website`)).toBeVisible()
  })
})

test.describe('without consent', () => {
  test.use({ allowedConsoleErrors: [REFUSED_REQUEST_ERROR] })

  test('a message without consent is refused and not stored', async ({ page }) => {
    const message = unique('Please call me back about packages')

    await page.goto('/#contact')
    const form = page.getByRole('form', { name: 'Send us a message' })
    await form.getByRole('textbox', { name: 'Your name' }).fill('Sam')
    await form.getByRole('textbox', { name: 'Email' }).fill('sam@example.com')
    await form.getByRole('textbox', { name: 'Message' }).fill(message)
    await form.getByRole('button', { name: 'Send message' }).click()

    const consent = form.getByRole('checkbox', { name: /I agree that the salon keeps my message/ })
    await expect(consent).toHaveAttribute('aria-invalid', 'true')
    await expect(consent).toHaveAccessibleDescription('Must be ticked so that we may keep your message and reply to it.')
    // Said once, beside the box, not again in a general alert.
    await expect(form.getByText('Must be ticked so that we may keep your message and reply to it.', { exact: true })).toHaveCount(1)
    await expect(page.getByRole('heading', { name: 'Message sent' })).toHaveCount(0)

    // Other tests write to the outbox at the same time, so look for this message only.
    const after = await outbox(page.request)
    expect(after.some((entry) => entry.body.includes(message))).toBe(false)
  })
})
