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
  // Page addresses end with a slash (docs/product.md §2); the router may hand the path over without it.
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

export const siteUrlOf = (matches: MetaArgsLike['matches']) => layoutData(matches)?.siteUrl ?? ''
export const salonOf = (matches: MetaArgsLike['matches']) => layoutData(matches)?.salon
