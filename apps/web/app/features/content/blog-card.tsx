import type { BlogSummary } from '@salon/contracts/content'
import { Link } from 'react-router'
import { formatDate } from '../../lib/format.ts'
import { pictureSources } from '../../lib/pictures.ts'

/** `first`: the card at the top of a page, whose picture is on screen as the page opens: it loads at once, first. */
export function BlogCard({ post, headingLevel = 3, first = false }: { post: BlogSummary; headingLevel?: 2 | 3; first?: boolean }) {
  const Heading = `h${headingLevel}` as const
  return (
    <article className="card group relative flex flex-col overflow-hidden">
      <img
        {...pictureSources(post.coverImage, '(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw')}
        alt=""
        width={640}
        height={360}
        {...(first ? { fetchPriority: 'high' } : { loading: 'lazy' })}
        className="aspect-video w-full bg-cocoa-100 object-cover"
      />
      <div className="flex flex-1 flex-col gap-2 p-5">
        <p className="text-sm text-cocoa-600">
          <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time>
        </p>
        <Heading className="text-xl font-semibold group-hover:underline">
          <Link to={`/blog/${post.id}/`} className="after:absolute after:inset-0">
            {post.title}
          </Link>
        </Heading>
        <p className="text-cocoa-700">{post.summary}</p>
      </div>
    </article>
  )
}
