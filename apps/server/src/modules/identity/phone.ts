import { checkPhone } from '@salon/contracts/rules/phone'

/**
 * A mobile number in E.164, the pool's username attribute, or null when the input is not one.
 * The web app's forms run the same rule (packages/contracts/src/rules/phone.ts), so a number the form takes is
 * one the pool takes, and every way of writing one number is the same account.
 */
export function normalisePhone(input: string): string | null {
  const check = checkPhone(input)
  return check.ok ? check.phone : null
}
