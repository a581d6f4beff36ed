/**
 * A send the provider certainly did not take: it answered with a refusal, or the request never left this machine.
 * Sending again is safe (docs/decisions/034-messages-never-sent-blind.md). Any other failure of a send (a timeout
 * after the request went out, a connection lost mid-flight) leaves its fate unknown, and the message is not sent blind.
 */
export class SendRefused extends Error {
  constructor(
    message: string,
    /** The provider refused the message itself (an invalid number): sending it again would be refused too. */
    readonly final = false,
  ) {
    super(message)
    this.name = 'SendRefused'
  }
}

/** Network errors raised before a request is written: nothing reached the provider. */
const NEVER_LEFT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH'])

/** Whether a transport error (fetch's, or its cause's) says the request never left this machine. */
export function neverLeft(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && NEVER_LEFT.has(code)) return true
  }
  return false
}
