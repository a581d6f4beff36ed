/** "s***@example.com": enough to tell which address a message went to without giving it away. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  if (at < 1) return '***'
  return `${email[0]}***${email.slice(at)}`
}

/** "+*******0123": how Cognito names where a code went without giving the number away. */
export function maskPhone(phone: string): string {
  return `+${'*'.repeat(Math.max(phone.length - 5, 0))}${phone.slice(-4)}`
}
