import type { SignUpValues } from './sign-up-validation.ts'

/** A sign-up form filled in as a customer would, every field good: tests change one field of it. */
export const GOOD_SIGN_UP: SignUpValues = {
  phone: '07700 900123',
  password: 'Sunny#2024',
  passwordRepeat: 'Sunny#2024',
  email: 'amy@example.com',
  firstName: 'Amy',
  lastName: 'Jones',
  skinType: '3',
  dob: '1990-05-01',
  marketing: false,
}
