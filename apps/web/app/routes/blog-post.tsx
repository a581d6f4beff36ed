import type { BlogResponse } from '@salon/contracts/content'
import { data, Link } from 'react-router'
import { ApiError } from '../lib/api.ts'
import { serverApi } from '../lib/api.server.ts'
import { formatDate } from '../lib/format.ts'
import { blogPostingJsonLd, shareImageOf } from '../lib/blog-post-json-ld.ts'
import { pageMeta, salonOf, siteUrlOf } from '../lib/meta.ts'
import type { Route } from './+types/blog-post'
import { pictureSources } from '../lib/pictures.ts'

export const meta: Route.MetaFunction = (args) => {
  const post = args.loaderData?.blog
  if (!post) return pageMeta(args, 'Blog')
  const image = shareImageOf(post.coverImage)
  const salonName = salonOf(args.matches)?.shop.name ?? ''
  return pageMeta(args, post.title, post.summary, { type: 'article', image, jsonLd: blogPostingJsonLd(post, salonName, siteUrlOf(args.matches), image) })
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  try {
    return await serverApi(context, request).get<BlogResponse>(`blogs/details/${encodeURIComponent(params.id)}`)
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw data(error.message, { status: 404 })
    throw error
  }
}

export default function BlogPost({ loaderData: { blog } }: Route.ComponentProps) {
  return (
    <article className="pb-16">
      <header className="border-b border-cocoa-100 bg-gradient-to-b from-cocoa-50 to-cream">
        <div className="container-page max-w-3xl py-10">
          <Link to="/blog/" className="text-sm font-semibold text-brand-teal underline underline-offset-2">
            ← All posts
          </Link>
          <h1 className="mt-4 text-4xl leading-tight font-semibold sm:text-5xl">{blog.title}</h1>
          <p className="mt-3 text-lg text-cocoa-700">{blog.summary}</p>
          <p className="mt-4 text-sm text-cocoa-600">
            By {blog.author} · <time dateTime={blog.publishedAt}>{formatDate(blog.publishedAt)}</time>
          </p>
        </div>
      </header>
      <div className="container-page max-w-3xl">
        <img
          {...pictureSources(blog.coverImage, '(min-width: 768px) 720px, 100vw')}
          alt=""
          width={640}
          height={360}
          fetchPriority="high"
          className="mt-8 aspect-video w-full rounded-2xl bg-cocoa-100 object-cover"
        />
        {/* The server renders the salon's Markdown and sanitises it before it reaches the page. */}
        <div className="prose mt-8" dangerouslySetInnerHTML={{ __html: blog.html }} />
      </div>
    </article>
  )
}
