import { SKIN_TYPE_ATTRIBUTE } from '@salon/contracts/rules/skin-type'
import type { SignUpDetails } from './auth-context.tsx'

/** The user-pool attributes of a sign-up (docs/product.md §5: phone_number and email required; the profile alongside). */
export function signUpAttributes(details: SignUpDetails): Record<string, string> {
  return {
    phone_number: details.phone,
    email: details.email,
    given_name: details.firstName,
    family_name: details.lastName,
    birthdate: details.dob,
    [SKIN_TYPE_ATTRIBUTE]: details.skinType,
  }
}
