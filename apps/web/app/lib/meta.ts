import type { BlogPost, ReviewsResponse } from '@salon/contracts/content'
import type { SalonResponse } from '@salon/contracts/shop'

interface MatchLike {
  id: string
  loaderData?: unknown
}

/** What every route's meta function is given that pageMeta reads. */
export interface MetaArgsLike {
  matches: readonly (MatchLike | undefined)[]
  location: { pathname: string }
}

export interface PageMetaOptions {
  /** A picture for shared links (a path on this site, PNG or JPEG: link previews do not show SVG). */
  image?: string
  /** 'article' for a blog post. */
  type?: 'website' | 'article'
  /** schema.org data about the page, as JSON-LD. */
  jsonLd?: Record<string, unknown>
  /** The customer's own pages: search engines leave them out. */
  private?: boolean
}

/** The picture shared links to the salon show when a page has none of its own. */
export const SHARE_IMAGE = '/images/share/salon.jpg'

interface LayoutData {
  salon?: SalonResponse
  siteUrl?: string
}

const layoutData = (matches: MetaArgsLike['matches']) => matches.find((m) => m?.id === 'routes/layout')?.loaderData as LayoutData | undefined

/**
 * The page's title ("Prices · Bronze & Glow Tanning Studio"), description, canonical address, Open Graph and Twitter
 * card tags for shared links, and JSON-LD when given; with the salon's name and the site's address from the layout.
 */
export function pageMeta(args: MetaArgsLike, title: string | null, description?: string, options: PageMetaOptions = {}) {
  const layout = layoutData(args.matches)
  const name = layout?.salon?.shop.name ?? 'Tanning salon'
  const origin = layout?.siteUrl ?? ''
  // Page addresses end with a slash (SPEC §2); the router may hand the path over without it.
  const path = args.location.pathname.endsWith('/') ? args.location.pathname : `${args.location.pathname}/`
  const url = `${origin}${path}`
  const image = `${origin}${options.image ?? SHARE_IMAGE}`
  const tags: Record<string, unknown>[] = [{ title: title ? `${title} · ${name}` : name }]
  if (description) tags.push({ name: 'description', content: description })
  if (options.private) {
    tags.push({ name: 'robots', content: 'noindex' })
    return tags
  }
  tags.push(
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: options.type ?? 'website' },
    { property: 'og:site_name', content: name },
    { property: 'og:locale', content: 'en_GB' },
    { property: 'og:url', content: url },
    { property: 'og:title', content: title ?? name },
    { property: 'og:image', content: image },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title ?? name },
    { name: 'twitter:image', content: image },
  )
  if (description) tags.push({ property: 'og:description', content: description }, { name: 'twitter:description', content: description })
  if (options.jsonLd) tags.push({ 'script:ld+json': options.jsonLd })
  return tags
}

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']

/** schema.org HealthAndBeautyBusiness for the salon: address, phone, opening hours, price range and review rating. */
export function salonJsonLd(salon: SalonResponse, reviews: ReviewsResponse | undefined, origin: string): Record<string, unknown> {
  const { shop, bedTypes } = salon
  const perMinute = bedTypes.map((t) => t.perMinutePence)
  return {
    '@context': 'https://schema.org',
    '@type': 'HealthAndBeautyBusiness',
    name: shop.name,
    description: shop.tagline,
    url: `${origin}/`,
    image: `${origin}${SHARE_IMAGE}`,
    telephone: shop.phone,
    email: shop.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: [shop.address.line1, shop.address.line2].filter(Boolean).join(', '),
      addressLocality: shop.address.town,
      postalCode: shop.address.postcode,
      addressCountry: 'GB',
    },
    openingHoursSpecification: shop.openingHours.map((h) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: `https://schema.org/${DAYS[h.weekday]}`,
      opens: h.opensAt,
      closes: h.closesAt,
    })),
    ...(perMinute.length ? { priceRange: `£${(Math.min(...perMinute) / 100).toFixed(2)}–£${(Math.max(...perMinute) / 100).toFixed(2)} a minute` } : {}),
    ...(reviews?.rating && reviews.total
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: reviews.rating, reviewCount: reviews.total, bestRating: 5, worstRating: 1 } }
      : {}),
  }
}

/** schema.org BlogPosting for a post. */
export function blogPostingJsonLd(post: BlogPost, salonName: string, origin: string, image: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.summary,
    image: `${origin}${image}`,
    datePublished: post.publishedAt,
    author: { '@type': 'Person', name: post.author },
    publisher: { '@type': 'Organization', name: salonName },
    mainEntityOfPage: `${origin}/blog/${encodeURIComponent(post.id)}/`,
  }
}

/** The JPEG copy of a post's cover, for shared links (made from the SVG by `npm run share-images`). */
export const shareImageOf = (cover: string) => (cover.endsWith('.svg') ? cover.replace(/^\/images\//, '/images/share/').replace(/\.svg$/, '.jpg') : cover)

export const siteUrlOf = (matches: MetaArgsLike['matches']) => layoutData(matches)?.siteUrl ?? ''
export const salonOf = (matches: MetaArgsLike['matches']) => layoutData(matches)?.salon
