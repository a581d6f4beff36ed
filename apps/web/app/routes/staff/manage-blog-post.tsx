import type { StaffBlogPost } from '@salon/contracts/staff-catalogue'
import { Link } from 'react-router'
import { BlogEditor, WhenLoaded } from '../../features/staff-manage/public.ts'
import { OwnerOnly, StaffPage, staffMeta, useStaff, useStaffData } from '../../features/staff/public.ts'
import type { Route } from './+types/manage-blog-post'

export const meta: Route.MetaFunction = ({ params }) => staffMeta(params.slug === 'new' ? 'New post' : 'Edit post')

/** A post's editor; /staff/manage/blog/new/ starts a new one. */
export default function ManageBlogPost({ params }: Route.ComponentProps) {
  const isNew = params.slug === 'new'
  const post = useStaffData<{ post: StaffBlogPost }>(isNew ? null : `staff/blog-posts/${encodeURIComponent(params.slug)}`)
  const { me } = useStaff()
  const back = (
    <Link to="/staff/manage/blog/" className="btn-outline">
      ‹ All posts
    </Link>
  )
  return (
    <OwnerOnly>
      <StaffPage title={isNew ? 'New post' : (post.data?.post.title ?? 'Edit post')} actions={back}>
        {isNew ? (
          <BlogEditor post={null} defaultAuthor={me.name} />
        ) : (
          <WhenLoaded loads={{ post }} what="the post">
            {(data) => <BlogEditor key={data.post.post.slug} post={data.post.post} defaultAuthor={me.name} />}
          </WhenLoaded>
        )}
      </StaffPage>
    </OwnerOnly>
  )
}
