import { BlogList, ManagePage, WhenLoaded, type BlogListItem } from '../../features/staff-manage/public.ts'
import { staffMeta, useStaffData } from '../../features/staff/public.ts'
import type { Route } from './+types/manage-blog'

export const meta: Route.MetaFunction = () => staffMeta('Blog')

export default function ManageBlog() {
  const posts = useStaffData<{ posts: BlogListItem[] }>('staff/blog')
  return (
    <ManagePage title="Blog" subtitle="Posts for customers: tips, news and offers.">
      <WhenLoaded loads={{ posts }} what="the posts">
        {(data) => <BlogList posts={data.posts.posts} />}
      </WhenLoaded>
    </ManagePage>
  )
}
