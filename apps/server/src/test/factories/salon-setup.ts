import type { SalonSetupInput } from '@salon/contracts/salon-setup'
import { newPhone } from './customers.ts'

export const SETUP_OWNER_PASSWORD = 'First-owner-2026'

let lastSalon = 0

/** What the set-up page sends for a new salon: every field filled in plainly; a test names only what it depends on. */
export function salonSetupInput(overrides: Partial<SalonSetupInput> = {}): SalonSetupInput {
  const n = ++lastSalon
  return {
    salon: {
      name: `Golden Hour Tanning ${n}`,
      tagline: '',
      addressLine1: `${n} Station Road`,
      addressLine2: '',
      town: 'Chester',
      postcode: 'CH1 1AA',
      phone: '01632 960555',
      email: `hello@golden-hour-${n}.example`,
    },
    nation: 'wales',
    hours: [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opensAt: '09:00', closesAt: '18:00' })),
    beds: [
      { name: 'Sunbed 1', type: 'lay-down', minMinutes: 3, maxMinutes: 15 },
      { name: 'Booth 1', type: 'stand-up', minMinutes: 3, maxMinutes: 12 },
    ],
    prices: { 'lay-down': 60, 'stand-up': 70 },
    owner: { name: 'Nia Owner', phone: newPhone().typed, password: SETUP_OWNER_PASSWORD },
    ...overrides,
  }
}
