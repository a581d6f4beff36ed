import { useEffect, useMemo, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { CONSENT_KEY, createAnalytics, createGtagSink, readConsent, writeConsent, type Consent } from '../../lib/analytics.ts'

export interface ConsentTrackerProps {
  measurementId: string
  /** Counts the times the visitor asked to choose again ("Cookie settings"): each time the choice is forgotten and asked for. */
  askAgain: number
}

/** Sends a page view on every navigation once the visitor has agreed, and asks first. */
export function ConsentTracker({ measurementId, askAgain }: ConsentTrackerProps) {
  const location = useLocation()
  const [consent, setConsent] = useState<Consent | 'unknown'>('unknown')
  const analytics = useMemo(
    () =>
      createAnalytics({
        measurementId,
        consent: () => readConsent(window.localStorage),
        createSink: (id) => createGtagSink(id, window),
      }),
    [measurementId],
  )

  useEffect(() => {
    if (askAgain > 0) window.localStorage.removeItem(CONSENT_KEY)
    setConsent(readConsent(window.localStorage))
  }, [askAgain])

  useEffect(() => {
    // The path alone: see PageView.
    analytics.pageView({ pathname: location.pathname }, document.title)
  }, [analytics, location.pathname, consent])

  if (consent !== null) return null

  const choose = (choice: 'granted' | 'denied') => {
    writeConsent(window.localStorage, choice)
    analytics.reset()
    setConsent(choice)
  }

  return (
    <section
      aria-label="Cookie choice"
      className="fixed inset-x-3 bottom-3 z-40 mx-auto max-w-2xl rounded-2xl border border-cocoa-100 bg-white p-5 shadow-2xl sm:inset-x-6"
    >
      <h2 className="font-sans text-base font-semibold">Can we count your visit?</h2>
      <p className="mt-1 text-sm text-cocoa-700">
        We would like to use analytics cookies to see which pages people visit, so we can improve the site. They are off unless you say yes. Read more in our{' '}
        <Link to="/privacypolicy/" className="font-medium text-brand-teal underline">
          privacy policy
        </Link>
        .
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="button" className="btn-teal" onClick={() => choose('granted')}>
          Accept analytics cookies
        </button>
        <button type="button" className="btn-outline" onClick={() => choose('denied')}>
          Reject
        </button>
      </div>
    </section>
  )
}
