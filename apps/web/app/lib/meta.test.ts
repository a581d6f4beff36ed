import type { BlogPost, ReviewsResponse } from '@salon/contracts/content'
import type { SalonResponse } from '@salon/contracts/shop'
import { describe, expect, it } from 'vitest'
import { blogPostingJsonLd, shareImageOf } from './blog-post-json-ld.ts'
import { pageMeta, SHARE_IMAGE } from './meta.ts'
import { salonJsonLd } from './salon-json-ld.ts'

const salon = {
  shop: {
    id: 'glow',
    name: 'Glow Studio',
    tagline: 'Tanning with care',
    address: { line1: '1 Mill Street', line2: 'Unit 2', town: 'Macclesfield', postcode: 'SK11 6NE' },
    phone: '01632 960482',
    email: 'hello@glow.example',
    timeZone: 'Europe/London',
    openingHours: [
      { weekday: 1, opensAt: '09:00', closesAt: '20:00' },
      { weekday: 0, opensAt: '10:00', closesAt: '16:00' },
    ],
  },
  bedTypes: [
    { code: 'lay-down', name: 'Lay-down', description: '', perMinutePence: 60 },
    { code: 'high-pressure', name: 'High-pressure', description: '', perMinutePence: 95 },
  ],
  beds: [],
  extras: [],
} as unknown as SalonResponse

const args = (pathname: string) => ({ matches: [{ id: 'routes/layout', loaderData: { salon, siteUrl: 'https://glow.example' } }], location: { pathname } })
const tag = (tags: Record<string, unknown>[], key: string, value: string) => tags.find((t) => t[key] === value)

describe('page meta', () => {
  it('names the page and the salon, with a canonical address and the tags of a shared link', () => {
    const tags = pageMeta(args('/prices/'), 'Price list', 'Prices per minute.')
    expect(tags[0]).toEqual({ title: 'Price list · Glow Studio' })
    expect(tag(tags, 'rel', 'canonical')).toEqual({ tagName: 'link', rel: 'canonical', href: 'https://glow.example/prices/' })
    expect(tag(tags, 'property', 'og:url')).toMatchObject({ content: 'https://glow.example/prices/' })
    expect(tag(tags, 'property', 'og:image')).toMatchObject({ content: `https://glow.example${SHARE_IMAGE}` })
    expect(tag(tags, 'property', 'og:description')).toMatchObject({ content: 'Prices per minute.' })
    expect(tag(tags, 'name', 'twitter:card')).toMatchObject({ content: 'summary_large_image' })
    expect(tag(tags, 'name', 'robots')).toBeUndefined()
    expect(tag(pageMeta(args('/blog/skin-types'), 'Skin types'), 'rel', 'canonical')).toMatchObject({ href: 'https://glow.example/blog/skin-types/' })
  })

  it("keeps a customer's own pages out of search engines and shares nothing about them", () => {
    const tags = pageMeta(args('/account/'), 'Your account', 'Manage it.', { private: true })
    expect(tag(tags, 'name', 'robots')).toEqual({ name: 'robots', content: 'noindex' })
    expect(tag(tags, 'rel', 'canonical')).toBeUndefined()
    expect(tag(tags, 'property', 'og:url')).toBeUndefined()
  })

  it('describes the salon for search engines as a HealthAndBeautyBusiness', () => {
    const reviews = { source: 'salon', rating: 4.7, total: 23, url: null, reviews: [] } satisfies ReviewsResponse
    expect(salonJsonLd(salon, reviews, 'https://glow.example')).toMatchObject({
      '@type': 'HealthAndBeautyBusiness',
      name: 'Glow Studio',
      telephone: '01632 960482',
      address: { streetAddress: '1 Mill Street, Unit 2', addressLocality: 'Macclesfield', postalCode: 'SK11 6NE', addressCountry: 'GB' },
      openingHoursSpecification: [
        { dayOfWeek: 'https://schema.org/Monday', opens: '09:00', closes: '20:00' },
        { dayOfWeek: 'https://schema.org/Sunday', opens: '10:00', closes: '16:00' },
      ],
      priceRange: '£0.60–£0.95 a minute',
      aggregateRating: { ratingValue: 4.7, reviewCount: 23 },
    })
    expect(salonJsonLd(salon, { ...reviews, rating: null, total: 0 }, '')).not.toHaveProperty('aggregateRating')
  })

  it('describes a post as a BlogPosting with a picture link previews can show', () => {
    const post = {
      id: 'skin-types',
      title: 'Know your skin type',
      summary: 'Types I to VI.',
      coverImage: '/images/blog/skin.svg',
      author: 'Jo',
      publishedAt: '2026-04-09T09:30:00.000Z',
      html: '',
    } satisfies BlogPost
    expect(shareImageOf(post.coverImage)).toBe('/images/share/blog/skin.jpg')
    expect(shareImageOf('/images/blog/photo.jpg')).toBe('/images/blog/photo.jpg')
    expect(blogPostingJsonLd(post, 'Glow Studio', 'https://glow.example', '/images/share/blog/skin.jpg')).toMatchObject({
      '@type': 'BlogPosting',
      headline: 'Know your skin type',
      datePublished: '2026-04-09T09:30:00.000Z',
      image: 'https://glow.example/images/share/blog/skin.jpg',
      mainEntityOfPage: 'https://glow.example/blog/skin-types/',
    })
  })
})
