/**
 * The set-up calls (docs/product.md §11): POST /api/setup/check, /code and /salon, each with the set-up link's token.
 * They are this server's own, outside the salon API (there is no salon yet, so no shop_id or api_key).
 */
export interface SetupProblem {
  status: number
  message: string
  /** Field messages by path, as the server names them (setup.salon.postcode …). */
  fields: Record<string, string>
}

export class SetupError extends Error {
  constructor(readonly problem: SetupProblem) {
    super(problem.message)
  }
}

const sentence = (message: string) => `${message.charAt(0).toUpperCase()}${message.slice(1)}${/[.!?]$/.test(message) ? '' : '.'}`

export async function setupCall<T = null>(path: 'check' | 'code' | 'salon', body: object): Promise<T> {
  let response: Response
  try {
    response = await fetch(`/api/setup/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  } catch {
    throw new SetupError({ status: 0, message: 'The server could not be reached. Check the connection and try again.', fields: {} })
  }
  const text = await response.text()
  const json = text ? (JSON.parse(text) as { message?: string; issues?: { field: string; message: string }[] }) : null
  if (response.ok) return json as T
  const fields: Record<string, string> = {}
  for (const issue of json?.issues ?? []) fields[issue.field] ??= sentence(issue.message)
  throw new SetupError({ status: response.status, message: json?.message ?? `The server answered ${response.status}.`, fields })
}

const TOKEN_KEY = 'salon-setup-token'

/**
 * The link's token: taken from the address once and kept for this tab alone, so a reload keeps it and the address
 * bar (and so the history, and any screenshot) no longer shows it.
 */
export function takeSetupToken(): string | null {
  const url = new URL(window.location.href)
  const given = url.searchParams.get('token')
  if (given) {
    sessionStorage.setItem(TOKEN_KEY, given)
    url.searchParams.delete('token')
    window.history.replaceState(window.history.state, '', url.pathname + url.search)
    return given
  }
  return sessionStorage.getItem(TOKEN_KEY)
}

export const forgetSetupToken = () => sessionStorage.removeItem(TOKEN_KEY)
