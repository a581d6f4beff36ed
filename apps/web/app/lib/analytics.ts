/** Page views (SPEC §2), sent only when a measurement id is configured and the visitor agreed (UK PECR). */
export type Consent = 'granted' | 'denied' | null

export interface PageView {
  path: string
  title: string
}

export interface AnalyticsSink {
  pageView(view: PageView): void
}

export const CONSENT_KEY = 'analytics-consent'

export function readConsent(storage: Pick<Storage, 'getItem'> | undefined): Consent {
  const value = storage?.getItem(CONSENT_KEY)
  return value === 'granted' || value === 'denied' ? value : null
}

export function writeConsent(storage: Pick<Storage, 'setItem'>, consent: Exclude<Consent, null>) {
  storage.setItem(CONSENT_KEY, consent)
}

export interface AnalyticsOptions {
  measurementId: string | null
  consent: () => Consent
  /** Made on the first page view that may be sent, so nothing loads before consent. */
  createSink: (measurementId: string) => AnalyticsSink
}

export function createAnalytics(options: AnalyticsOptions) {
  let sink: AnalyticsSink | null = null
  let last: string | null = null
  return {
    /** Call on every navigation; the same path twice in a row (a re-render) counts once. */
    pageView(view: PageView) {
      if (!options.measurementId || options.consent() !== 'granted') return
      if (view.path === last) return
      last = view.path
      sink ??= options.createSink(options.measurementId)
      sink.pageView(view)
    },
    /** After the visitor changes their choice, the next navigation is judged afresh. */
    reset() {
      last = null
    },
  }
}

type Gtag = (...args: unknown[]) => void

/** Google Analytics 4 through gtag.js, with automatic page views off: we send one per navigation. */
export function createGtagSink(measurementId: string, win: Window & { dataLayer?: unknown[]; gtag?: Gtag }): AnalyticsSink {
  win.dataLayer = win.dataLayer ?? []
  win.gtag = function gtag() {
    // gtag.js reads the arguments object itself, not an array.
    // eslint-disable-next-line prefer-rest-params
    win.dataLayer!.push(arguments)
  }
  win.gtag('js', new Date())
  win.gtag('config', measurementId, { send_page_view: false, anonymize_ip: true })
  const script = win.document.createElement('script')
  script.async = true
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`
  win.document.head.appendChild(script)
  return {
    pageView: (view) => win.gtag!('event', 'page_view', { page_path: view.path, page_title: view.title, page_location: win.location.href }),
  }
}
