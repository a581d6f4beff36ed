import { useRevalidator } from 'react-router'
import { Spinner } from './spinner.tsx'

/** "Loading your balance…", with a spinner, announced politely: what a page shows while its client loader runs. */
export function LoadingLine({ what }: { what: string }) {
  return (
    <p className="flex items-center gap-2 text-cocoa-700" aria-live="polite">
      <Spinner label={`Loading ${what}`} /> Loading {what}…
    </p>
  )
}

/**
 * A page's data could not be loaded: the reason, and a button that runs the loaders again. `tone="error"` draws it
 * in red, as the staff pages show a part the salon refused.
 */
export function RetryAlert({ message, tone = 'plain' }: { message: string; tone?: 'plain' | 'error' }) {
  const { revalidate, state } = useRevalidator()
  return (
    <div role="alert" className={`card flex flex-col items-start gap-3 ${tone === 'error' ? 'border-red-200 bg-red-50 p-5 text-red-900' : 'p-5'}`}>
      <p className={tone === 'error' ? 'font-medium' : undefined}>{message}</p>
      <button type="button" className="btn-outline" onClick={() => void revalidate()} disabled={state === 'loading'}>
        Try again
      </button>
    </div>
  )
}
