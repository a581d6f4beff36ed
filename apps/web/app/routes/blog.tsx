import type { BlogsResponse } from '@salon/contracts/content'
import { PageHeader } from '../components/ui/page-header.tsx'
import { BlogCard } from '../features/content/blog-card.tsx'
import { serverApi } from '../lib/api.server.ts'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/blog'

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'Blog', 'Tanning advice, aftercare and safety from our team.')

export async function loader({ request, context }: Route.LoaderArgs) {
  return serverApi(context, request).get<BlogsResponse>('blogs')
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader eyebrow="Blog" title="Tanning advice">
        How to prepare, which bed to choose, how to make a tan last and how to stay safe.
      </PageHeader>
      <div className="container-page py-10">
        {loaderData.blogs.length === 0 ? (
          <p className="text-lg text-cocoa-700">No posts yet. Come back soon.</p>
        ) : (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {loaderData.blogs.map((post, i) => (
              <BlogCard key={post.id} post={post} headingLevel={2} first={i === 0} />
            ))}
          </div>
        )}
      </div>
    </>
  )
}
