import { useState } from 'react'
import { Link } from 'react-router'
import { Field } from '../../components/ui/field.tsx'
import { browserWaitlistCalls } from './waitlist-api.ts'
import { rememberWaitlistDay } from './waitlist-return.ts'

interface JoinWaitlistProps {
  date: string
  minutes: number
  bedType?: string
  signedIn: boolean
}

/** "Tell me if a time frees up" (docs/product.md "Waitlist"): shown on /book/ when a day has no free time for the request. */
export function JoinWaitlist({ date, minutes, bedType, signedIn }: JoinWaitlistProps) {
  const [from, setFrom] = useState('09:00')
  const [to, setTo] = useState('18:00')
  const [busy, setBusy] = useState(false)
  const [answer, setAnswer] = useState<{ ok: boolean; message: string } | null>(null)
  if (!signedIn) {
    return (
      <p className="text-cocoa-700">
        <Link to="/sign-in/" className="font-semibold underline" onClick={() => rememberWaitlistDay({ date, minutes, ...(bedType ? { bedType } : {}) })}>
          Sign in
        </Link>{' '}
        to be told if a time frees up.
      </p>
    )
  }
  if (answer?.ok) {
    return (
      <p role="status" className="rounded-2xl bg-glow-100 p-4 text-cocoa-900">
        {answer.message}
      </p>
    )
  }
  async function onJoin(event: React.FormEvent) {
    event.preventDefault()
    setBusy(true)
    try {
      const joined = await browserWaitlistCalls.join({ date, from, to, minutes, ...(bedType ? { bedType } : {}) })
      setAnswer({ ok: true, message: joined.message })
    } catch (error) {
      setAnswer({ ok: false, message: error instanceof Error ? error.message : 'We could not put you on the waitlist.' })
    } finally {
      setBusy(false)
    }
  }
  return (
    <form onSubmit={(e) => void onJoin(e)} className="flex flex-col gap-3" aria-labelledby="waitlist-title">
      <h3 id="waitlist-title" className="font-semibold text-cocoa-900">
        Tell me if a time frees up
      </h3>
      <p className="text-sm text-cocoa-700">Choose the times you could start. If one frees up, we hold it for you for 15 minutes and text you a link.</p>
      <div className="grid grid-cols-2 gap-3 sm:max-w-sm">
        <Field label="From" type="time" step={300} required value={from} onChange={(e) => setFrom(e.target.value)} />
        <Field label="To" type="time" step={300} required value={to} onChange={(e) => setTo(e.target.value)} />
      </div>
      {answer && !answer.ok && (
        <p role="alert" className="text-sm font-medium text-coral-700">
          {answer.message}
        </p>
      )}
      <button type="submit" className="btn-outline self-start" disabled={busy}>
        {busy ? 'Joining…' : 'Join the waitlist'}
      </button>
    </form>
  )
}
