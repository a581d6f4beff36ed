import type { APIRequestContext, Page } from '@playwright/test'
import { demo, expect, signedInState, untilHydrated, type Customer } from './fixtures.ts'

/** The demo salon's owner, whom the server's demo seed makes (DEMO_OWNER_PHONE, DEMO_OWNER_PASSWORD). */
export const demoOwner = { phone: '+447700900100', password: 'Demo-owner-2026' }

const shopHeaders = { shop_id: demo.shopId, api_key: demo.apiKey }

/** Signs in on the staff sign-in page and waits for the day sheet. */
export async function staffSignIn(page: Page, member: { phone: string; password: string } = demoOwner) {
  await page.goto('/staff/sign-in/')
  await untilHydrated(page)
  await page.getByLabel('Mobile number').fill(`0${member.phone.slice(3, 7)} ${member.phone.slice(7)}`)
  await page.getByLabel('Password', { exact: true }).fill(member.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL(/\/staff\/$/)
}

interface Slot {
  date: string
  time: string
  bed: { id: string; name: string }
}

/** The first free start times of the coming days, soonest first, for sessions of the first-session length. */
export async function freeSlots(request: APIRequestContext): Promise<{ minutes: number; slots: Slot[] }> {
  const answer = (await (await request.get('/api/p_preload_times', { headers: shopHeaders })).json()) as {
    beds: { id: string; name: string }[]
    times: Record<string, { time: string; startsAt: string; bedIds: string[] }[]>
    minutes: number
  }
  const soon = Date.now() + 20 * 60_000
  const slots = Object.entries(answer.times)
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([date, times]) =>
      times
        .filter((t) => new Date(t.startsAt).getTime() > soon)
        .flatMap((t) => t.bedIds.map((id) => ({ date, time: t.time, bed: answer.beds.find((b) => b.id === id)! }))),
    )
  return { minutes: answer.minutes, slots }
}

/** A session the customer books for themselves online (POST p_book, as the booking page does), at a free time. */
export async function bookAsCustomer(request: APIRequestContext, customer: Customer, baseURL: string, avoid: Slot[] = []): Promise<Slot> {
  const state = await signedInState(request, customer, baseURL)
  const idToken = decodeURIComponent(state.cookies.find((c) => c.name.endsWith('.idToken'))!.value)
  const { minutes, slots } = await freeSlots(request)
  const slot = slots.find((s) => !avoid.some((a) => a.date === s.date && a.time === s.time))!
  const response = await request.post('/api/p_book', {
    headers: { ...shopHeaders, authorization: idToken },
    data: { date: slot.date, time: slot.time, minutes, bedId: slot.bed.id },
  })
  expect(response.status(), await response.text()).toBe(201)
  return slot
}

/** A surname no other test run uses, in letters only (names take no digits): "Qadfrwe". */
export function uniqueSurname() {
  const letters = Array.from({ length: 7 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')
  return `${letters[0]!.toUpperCase()}${letters.slice(1)}`
}
