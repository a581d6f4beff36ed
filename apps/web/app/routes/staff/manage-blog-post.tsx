import type { StaffBlogPost } from '@salon/contracts/staff-catalogue'
import { Link, useLocation } from 'react-router'
import { BlogEditor, WhenLoaded } from '../../features/staff-manage/public.ts'
import { OwnerOnly, StaffPage, staffMeta, useStaff, useStaffData } from '../../features/staff/public.ts'
import type { Route } from './+types/manage-blog-post'

export const meta: Route.MetaFunction = ({ params }) => staffMeta(params.slug === 'new' ? 'New post' : 'Edit post')

/**
 * A post's editor; /staff/manage/blog/new/ starts a new one. A post just saved under a new address is handed over
 * in the navigation's state, so the same editor goes on instead of loading it again.
 */
export default function ManageBlogPost({ params }: Route.ComponentProps) {
  const isNew = params.slug === 'new'
  const handed = (useLocation().state as { post?: StaffBlogPost } | null)?.post
  const known = handed?.slug === params.slug ? handed : undefined
  const post = useStaffData<{ post: StaffBlogPost }>(isNew || known ? null : `staff/blog/${encodeURIComponent(params.slug)}`)
  const { me } = useStaff()
  const back = (
    <Link to="/staff/manage/blog/" className="btn-outline">
      ‹ All posts
    </Link>
  )
  const title = isNew ? 'New post' : (known?.title ?? post.data?.post.title ?? 'Edit post')
  return (
    <OwnerOnly>
      <StaffPage title={title} actions={back}>
        {isNew || known ? (
          <BlogEditor post={known ?? null} defaultAuthor={me.name} />
        ) : (
          <WhenLoaded loads={{ post }} what="the post">
            {(data) => <BlogEditor key={data.post.post.slug} post={data.post.post} defaultAuthor={me.name} />}
          </WhenLoaded>
        )}
      </StaffPage>
    </OwnerOnly>
  )
}
