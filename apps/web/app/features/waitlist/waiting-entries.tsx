import { useState } from 'react'
import { useRevalidator } from 'react-router'
import type { EntriesResult } from './waitlist-api.ts'
import { browserWaitlistCalls } from './waitlist-api.ts'

/** The customer's waiting entries, each with "Leave the waitlist" (docs/product.md "Waitlist"); nothing when there are none. */
export function WaitingEntries({ result }: { result: EntriesResult }) {
  const revalidator = useRevalidator()
  const [message, setMessage] = useState<string | null>(null)
  const [busy, setBusy] = useState<string | null>(null)
  if (result.status === 'error') return <p className="text-sm text-coral-700">{result.message}</p>
  if (result.entries.length === 0 && !message) return null
  async function leave(id: string) {
    setBusy(id)
    try {
      setMessage((await browserWaitlistCalls.leave(id)).message)
      await revalidator.revalidate()
    } catch (error) {
      setMessage(error instanceof Error ? error.message : 'We could not take you off the waitlist.')
    } finally {
      setBusy(null)
    }
  }
  return (
    <section aria-labelledby="waitlist-heading" className="flex flex-col gap-3">
      <h2 id="waitlist-heading" className="font-display text-2xl font-semibold">
        Waitlist
      </h2>
      {message && (
        <p role="status" className="text-cocoa-800">
          {message}
        </p>
      )}
      <ul className="flex flex-col gap-3">
        {result.entries.map((entry) => (
          <li key={entry.id} className="card flex flex-wrap items-center gap-4 p-4">
            <p className="min-w-0 flex-1">{entry.description}</p>
            <button type="button" className="btn-outline" disabled={busy === entry.id} onClick={() => void leave(entry.id)}>
              Leave the waitlist
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
}
