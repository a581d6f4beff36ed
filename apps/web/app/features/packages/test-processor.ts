import type { TestAuthenticateRequest, TestConfirmRequest, TestIntentResponse } from '@salon/contracts/commerce'
import { TEST_PAYMENTS_PATH } from '@salon/contracts/rules/test-cards'

/**
 * The offline test processor: a card processor of its own at the site's root, as Stripe's API is its own
 * service, so these calls go past the salon API's client (no shop headers, no identity token). The client
 * secret is what lets the browser confirm the payment, as with Stripe.
 */
export class ProcessorError extends Error {}

async function send(url: string, body: unknown, fetcher: typeof fetch): Promise<TestIntentResponse> {
  let response: Response
  try {
    response = await fetcher(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body) })
  } catch {
    throw new ProcessorError('We could not reach the card processor. Please check your connection and try again.')
  }
  const data = (await response.json().catch(() => null)) as (TestIntentResponse & { message?: unknown }) | null
  if (!response.ok || !data) {
    const message = data?.message
    throw new ProcessorError(typeof message === 'string' ? message : `The card processor answered ${response.status}. Please try again.`)
  }
  return data
}

export function testProcessor(origin: string, fetcher: typeof fetch = (...args) => fetch(...args)) {
  const intentUrl = (providerRef: string, step: 'confirm' | 'authenticate') =>
    new URL(`${TEST_PAYMENTS_PATH}/${encodeURIComponent(providerRef)}/${step}`, origin).href
  return {
    confirm: (providerRef: string, request: TestConfirmRequest) => send(intentUrl(providerRef, 'confirm'), request, fetcher),
    authenticate: (providerRef: string, request: TestAuthenticateRequest) => send(intentUrl(providerRef, 'authenticate'), request, fetcher),
  }
}
export type TestProcessor = ReturnType<typeof testProcessor>
