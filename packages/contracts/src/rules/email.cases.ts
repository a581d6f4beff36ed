import { EMAIL_MAX_LENGTH } from './email.ts'

/** Email addresses as customers type them, and whether the web app's forms and the identity service take them. */
export const EMAIL_CASES: readonly { email: string; accepted: boolean; why: string }[] = [
  { email: 'amy@example.com', accepted: true, why: 'a plain address' },
  { email: 'amy.jones+salon@mail.example.co.uk', accepted: true, why: 'a tag and a subdomain' },
  { email: '  amy@example.com ', accepted: true, why: 'spaces around it are trimmed' },
  { email: `${'a'.repeat(64)}@${'b'.repeat(EMAIL_MAX_LENGTH - 69)}.com`, accepted: true, why: `${EMAIL_MAX_LENGTH} characters, the most mail carries` },
  { email: `${'a'.repeat(64)}@${'b'.repeat(EMAIL_MAX_LENGTH - 68)}.com`, accepted: false, why: `${EMAIL_MAX_LENGTH + 1} characters` },
  { email: '', accepted: false, why: 'empty' },
  { email: 'amy@example', accepted: false, why: 'no top-level domain' },
  { email: 'amy@example.c', accepted: false, why: 'a one-letter top-level domain' },
  { email: 'amy jones@example.com', accepted: false, why: 'a space inside' },
  { email: 'amy@@example.com', accepted: false, why: 'two @ signs' },
  { email: '@example.com', accepted: false, why: 'nothing before the @' },
  { email: 'amy.example.com', accepted: false, why: 'no @' },
]
