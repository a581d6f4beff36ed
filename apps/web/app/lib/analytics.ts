/** Page views (docs/product.md §2), sent only when a measurement id is configured and the visitor agreed (UK PECR). */
export type Consent = 'granted' | 'denied' | null

/**
 * What a page view tells Google: the page's path alone, never its query or fragment. Those can carry the customer's
 * details (the sign-up confirmation page's address holds their phone, email, name and date of birth).
 */
export interface PageView {
  path: string
  title: string
}

/** The part of React Router's location (or the browser's) a page view is made from. */
export interface PageLocation {
  pathname: string
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
    /** Call on every navigation; the same path twice in a row (a re-render, or only the query changed) counts once. */
    pageView(location: PageLocation, title: string) {
      if (!options.measurementId || options.consent() !== 'granted') return
      const path = location.pathname
      if (path === last) return
      last = path
      sink ??= options.createSink(options.measurementId)
      sink.pageView({ path, title })
    },
    /** After the visitor changes their choice, the next navigation is judged afresh. */
    reset() {
      last = null
    },
  }
}

type Gtag = (...args: unknown[]) => void

/**
 * The page a visitor came from, as page views may name it: on this site its path alone, elsewhere the other site's
 * origin alone. The browser hands over a page of this site in full, query included (Referrer-Policy sends the whole
 * address within one origin), and another site's address is not ours to pass on.
 */
export function referrerOf(referrer: string, origin: string): string {
  try {
    const from = new URL(referrer)
    if (from.protocol !== 'https:' && from.protocol !== 'http:') return ''
    return from.origin === origin ? `${origin}${from.pathname}` : `${from.origin}/`
  } catch {
    return ''
  }
}

/**
 * Google Analytics 4 through gtag.js, with automatic page views off: we send one per navigation. gtag.js reads the
 * page's whole address, the document's referrer and title by itself for whatever it sends unless it is given them,
 * so the configuration and every page view give all three, made from the path alone (see PageView). The property's
 * enhanced measurement of "page changes based on browser history events" must stay off, as these page views take
 * its place.
 */
export function createGtagSink(measurementId: string, win: Window & { dataLayer?: unknown[]; gtag?: Gtag }): AnalyticsSink {
  const origin = win.location.origin
  let referrer = referrerOf(win.document.referrer, origin)
  const fieldsOf = (view: PageView) => ({ page_location: `${origin}${view.path}`, page_referrer: referrer, page_title: view.title })

  win.dataLayer = win.dataLayer ?? []
  win.gtag = function gtag() {
    // gtag.js reads the arguments object itself, not an array.
    // eslint-disable-next-line prefer-rest-params
    win.dataLayer!.push(arguments)
  }
  win.gtag('js', new Date())
  win.gtag('config', measurementId, {
    send_page_view: false,
    anonymize_ip: true,
    allow_google_signals: false,
    allow_ad_personalization_signals: false,
    ...fieldsOf({ path: win.location.pathname, title: win.document.title }),
  })
  const script = win.document.createElement('script')
  script.async = true
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`
  win.document.head.appendChild(script)
  return {
    pageView(view) {
      const fields = fieldsOf(view)
      // Kept for everything gtag.js sends from here on (engagement, scrolls), not only this page view.
      win.gtag!('set', fields)
      win.gtag!('event', 'page_view', { page_path: view.path, ...fields })
      // A page view within the app names the one before it as its referrer, as Google asks of single-page apps.
      referrer = fields.page_location
    },
  }
}
