import type { StaffBlogPost } from '@salon/contracts/staff-catalogue'
import { Link, useLocation } from 'react-router'
import { BlogEditor, blogPreview, manageCalls, WhenLoaded, type BlogPreview } from '../../features/staff-manage/public.ts'
import { OwnerOnly, StaffPage, ownerParts, staffMeta, useStaff, type Part } from '../../features/staff/public.ts'
import type { Route } from './+types/manage-blog-post'

export const meta: Route.MetaFunction = ({ params }) => staffMeta(params.slug === 'new' ? 'New post' : 'Edit post')

/** A post and the server's rendering of it, the editor's first preview. */
async function postWithPreview(slug: string) {
  const { post } = await manageCalls.blogPost(slug)
  return { post, preview: await blogPreview(post.bodyMarkdown) }
}

/**
 * The post to edit with its preview (none for a new one), and what the salon's sunbed law says about health in what
 * it publishes.
 */
export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  const { law, post } = await ownerParts(request, {
    law: () => manageCalls.sunbedLaw(),
    post: () => (params.slug === 'new' ? Promise.resolve(null) : postWithPreview(params.slug)),
  })
  return {
    rule: law.status === 'ready' ? law.data.law.publishingRule : null,
    post: (post.status === 'ready' && post.data === null ? null : post) as Part<{ post: StaffBlogPost; preview: BlogPreview }> | null,
  }
}

/**
 * A post's editor; /staff/manage/blog/new/ starts a new one. A post just saved under a new address is handed over
 * in the navigation's state, so the same editor goes on instead of loading it again.
 */
export default function ManageBlogPost({ params, loaderData }: Route.ComponentProps) {
  const isNew = params.slug === 'new'
  const handed = (useLocation().state as { post?: StaffBlogPost } | null)?.post
  const known = handed?.slug === params.slug ? handed : undefined
  const loaded = loaderData.post?.status === 'ready' ? loaderData.post.data.post : undefined
  // A post handed over after saving opens afresh only when its address changed; the loader has just read it again.
  const handedPreview = loaderData.post?.status === 'ready' && loaded?.slug === known?.slug ? loaderData.post.data.preview : undefined
  const { me } = useStaff()
  const back = (
    <Link to="/staff/manage/blog/" className="btn-outline">
      ‹ All posts
    </Link>
  )
  const title = isNew ? 'New post' : (known?.title ?? loaded?.title ?? 'Edit post')
  return (
    <OwnerOnly>
      <StaffPage title={title} actions={back}>
        {isNew || known ? (
          <BlogEditor post={known ?? null} preview={handedPreview} defaultAuthor={me.name} publishingRule={loaderData.rule} />
        ) : (
          loaderData.post && (
            <WhenLoaded parts={{ post: loaderData.post }}>
              {(data) => (
                <BlogEditor
                  key={data.post.post.slug}
                  post={data.post.post}
                  preview={data.post.preview}
                  defaultAuthor={me.name}
                  publishingRule={loaderData.rule}
                />
              )}
            </WhenLoaded>
          )
        )}
      </StaffPage>
    </OwnerOnly>
  )
}
