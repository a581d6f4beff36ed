import type { BlogPost } from '@salon/contracts/content'

// Only a blog post's page uses these, so they live apart from meta.ts, which every page loads.

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

/** The JPEG copy of a post's cover, for shared links (made from the SVG by `npm run pictures`). */
export const shareImageOf = (cover: string) => (cover.endsWith('.svg') ? cover.replace(/^\/images\//, '/images/share/').replace(/\.svg$/, '.jpg') : cover)
