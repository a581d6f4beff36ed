import { describe, expect, it } from 'vitest'
import { createAnalytics, readConsent, writeConsent, type Consent, type PageView } from './analytics.ts'

function testSink() {
  const views: PageView[] = []
  let created = 0
  return {
    views,
    created: () => created,
    createSink: () => {
      created++
      return { pageView: (view: PageView) => views.push(view) }
    },
  }
}

function memoryStorage() {
  const data = new Map<string, string>()
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) }
}

describe('analytics', () => {
  it('sends a page view on every navigation once the visitor accepted', () => {
    const sink = testSink()
    const analytics = createAnalytics({ measurementId: 'G-TEST123', consent: () => 'granted', createSink: sink.createSink })
    analytics.pageView({ pathname: '/' }, 'Home')
    analytics.pageView({ pathname: '/prices/' }, 'Prices')
    analytics.pageView({ pathname: '/blog/' }, 'Blog')
    expect(sink.views.map((v) => v.path)).toEqual(['/', '/prices/', '/blog/'])
    expect(sink.created()).toBe(1)
  })

  it('counts a re-render of the same page once', () => {
    const sink = testSink()
    const analytics = createAnalytics({ measurementId: 'G-TEST123', consent: () => 'granted', createSink: sink.createSink })
    analytics.pageView({ pathname: '/' }, 'Home')
    analytics.pageView({ pathname: '/' }, 'Home')
    expect(sink.views).toHaveLength(1)
  })

  it.each<Consent>([null, 'denied'])('sends nothing and loads nothing when consent is %s', (consent) => {
    const sink = testSink()
    const analytics = createAnalytics({ measurementId: 'G-TEST123', consent: () => consent, createSink: sink.createSink })
    analytics.pageView({ pathname: '/' }, 'Home')
    expect(sink.views).toEqual([])
    expect(sink.created()).toBe(0)
  })

  it('sends nothing when no measurement id is configured, even with consent', () => {
    const sink = testSink()
    const analytics = createAnalytics({ measurementId: null, consent: () => 'granted', createSink: sink.createSink })
    analytics.pageView({ pathname: '/' }, 'Home')
    expect(sink.created()).toBe(0)
  })

  it('starts sending from the navigation after the visitor accepts', () => {
    const sink = testSink()
    let consent: Consent = null
    const analytics = createAnalytics({ measurementId: 'G-TEST123', consent: () => consent, createSink: sink.createSink })
    analytics.pageView({ pathname: '/' }, 'Home')
    consent = 'granted'
    analytics.reset()
    analytics.pageView({ pathname: '/' }, 'Home')
    analytics.pageView({ pathname: '/blog/' }, 'Blog')
    expect(sink.views.map((v) => v.path)).toEqual(['/', '/blog/'])
  })

  it('remembers the visitor’s choice and ignores anything else stored under the key', () => {
    const storage = memoryStorage()
    expect(readConsent(storage)).toBeNull()
    writeConsent(storage, 'denied')
    expect(readConsent(storage)).toBe('denied')
    storage.setItem('analytics-consent', 'maybe')
    expect(readConsent(storage)).toBeNull()
  })
})
