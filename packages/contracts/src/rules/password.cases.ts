import { PASSWORD_MAX_LENGTH } from './password.ts'

/**
 * Passwords and whether the policy takes them. The web app's forms and the identity service each run every case,
 * so the two cannot drift apart again.
 */
export const PASSWORD_CASES: readonly { password: string; accepted: boolean; why: string }[] = [
  { password: 'Tanning-2026', accepted: true, why: 'every kind of character' },
  { password: 'Sunny#24', accepted: true, why: 'exactly 8 characters' },
  { password: 'Glow 4 Ever', accepted: true, why: 'a space counts as a symbol, as in Cognito' },
  { password: 'Sun#24a', accepted: false, why: '7 characters' },
  { password: 'SUNNY#2024', accepted: false, why: 'no lowercase letter' },
  { password: 'sunny#2024', accepted: false, why: 'no uppercase letter' },
  { password: 'Sunny#Days', accepted: false, why: 'no number' },
  { password: 'Sunny2024', accepted: false, why: 'no symbol' },
  { password: 'Sunny2024£', accepted: false, why: 'a pound sign is not one of the symbols Cognito counts' },
  { password: 'sunny', accepted: false, why: 'short, with no uppercase letter, number or symbol' },
  { password: `Aa1!${'a'.repeat(PASSWORD_MAX_LENGTH - 4)}`, accepted: true, why: `${PASSWORD_MAX_LENGTH} characters, the most taken` },
  { password: `Aa1!${'a'.repeat(PASSWORD_MAX_LENGTH - 3)}`, accepted: false, why: `${PASSWORD_MAX_LENGTH + 1} characters` },
  ...Array.from('^$*.[]{}()?"!@#%&/\\,><\':;|_~`=+-', (symbol) => ({ password: `Sunny2024${symbol}`, accepted: true, why: `the symbol ${symbol}` })),
]
