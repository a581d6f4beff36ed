import { BlogList, ManagePage, manageCalls, WhenLoaded } from '../../features/staff-manage/public.ts'
import { ownerParts, staffMeta } from '../../features/staff/public.ts'
import type { Route } from './+types/manage-blog'

export const meta: Route.MetaFunction = () => staffMeta('Blog')

/** The posts, published and drafts; loaded again after each change. */
export const clientLoader = ({ request }: Route.ClientLoaderArgs) => ownerParts(request, { posts: () => manageCalls.blog() })

export default function ManageBlog({ loaderData }: Route.ComponentProps) {
  return (
    <ManagePage title="Blog" subtitle="Posts for customers: tips, news and offers.">
      <WhenLoaded parts={loaderData}>{(data) => <BlogList posts={data.posts.posts} />}</WhenLoaded>
    </ManagePage>
  )
}
