import { useEffect, useState, type ComponentType } from 'react'
import { useAlert } from '../../components/ui/alert.tsx'
import type { ConsentTrackerProps } from './consent-tracker.tsx'

/**
 * Page views on every navigation once the visitor has agreed, asking first (UK PECR). The tracker's code loads
 * only where analytics is configured, once the page has started: elsewhere no page carries it.
 * `askAgain`: see CookieSettingsButton.
 */
export function AnalyticsTracker({ measurementId, askAgain }: { measurementId: string | null; askAgain: number }) {
  const [Tracker, setTracker] = useState<ComponentType<ConsentTrackerProps> | null>(null)
  useEffect(() => {
    if (!measurementId) return
    import('./consent-tracker.tsx').then(
      ({ ConsentTracker }) => setTracker(() => ConsentTracker),
      // Offline: no page views, and no question, until the next page load.
      () => undefined,
    )
  }, [measurementId])
  return measurementId && Tracker ? <Tracker measurementId={measurementId} askAgain={askAgain} /> : null
}

interface CookieSettingsButtonProps {
  measurementId: string | null
  /** Where analytics is configured: the visitor wants to choose again (the tracker forgets the choice and asks). */
  onAskAgain: () => void
  className?: string
}

/** The footer's "Cookie settings": asks again where analytics is configured, and says so plainly where it is not. */
export function CookieSettingsButton({ measurementId, onAskAgain, className }: CookieSettingsButtonProps) {
  const alert = useAlert()
  const onClick = () => {
    if (measurementId) return onAskAgain()
    alert.show({
      kind: 'success',
      title: 'Cookie settings',
      message: 'This site sets no analytics or advertising cookies. The only cookies it uses are the ones that keep you signed in.',
    })
  }
  return (
    <>
      <button type="button" className={className} onClick={onClick}>
        Cookie settings
      </button>
      {alert.element}
    </>
  )
}
