import type { BlogPostRequest, StaffBlogPost } from '@salon/contracts/staff-catalogue'
import { useEffect, useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { SegmentedControl } from '../../components/ui/segmented-control.tsx'
import { Field, TextAreaField } from '../../components/ui/field.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { manageCalls } from './manage-calls.ts'
import { momentText } from './dates.ts'
import { Badge, ListEditPanel, type Notice, NoticeLine, onSubmitted, useConfirm, useFormAction } from '../staff/public.ts'

export type BlogListItem = Omit<StaffBlogPost, 'bodyMarkdown'>

export const blogEditorPath = (slug: string) => `/staff/manage/blog/${encodeURIComponent(slug)}/`

/** The pictures a cover may be, and the largest, as the server takes them (docs/product.md §10.4). */
export const COVER_TYPES = ['image/jpeg', 'image/png', 'image/webp']
export const MAX_COVER_BYTES = 2 * 1024 * 1024

/** What the law of the salon's nation says about health in what it publishes (docs/decisions/031), above the editor. */
function PublishingRule({ rule }: { rule: string | null }) {
  return rule ? (
    <p role="note" className="card mt-4 p-3 text-sm text-cocoa-700 sm:p-4">
      {rule}
    </p>
  ) : null
}

/** Why a chosen file cannot be a cover, before it is sent; null when it can. */
export function coverProblem(file: { type: string; size: number }): string | null {
  if (!COVER_TYPES.includes(file.type)) return 'Please choose a JPEG, PNG or WebP picture.'
  if (file.size > MAX_COVER_BYTES) return `That picture is ${(file.size / 1024 / 1024).toFixed(1)} MB: please choose one of 2 MB or less.`
  return null
}

function status(post: Pick<StaffBlogPost, 'status' | 'publishedAt'>) {
  if (post.status === 'draft') return <Badge tone="info">Draft</Badge>
  return Date.parse(post.publishedAt) > Date.now() ? <Badge tone="warn">Scheduled</Badge> : <Badge tone="good">Published</Badge>
}

/** Every post, drafts and published, newest first, each opening its editor. */
export function BlogList({ posts }: { posts: BlogListItem[] }) {
  return (
    <ListEditPanel
      id="blog"
      title="Blog posts"
      description="Drafts are seen only here. Published posts are on the website's blog."
      newLabel="+ New post"
      newHref="/staff/manage/blog/new/"
      empty="No posts yet. Write the first one."
      items={posts}
      keyOf={(post) => post.slug}
      listClassName="flex flex-col divide-y divide-cocoa-100 rounded-xl border border-cocoa-100"
    >
      {(post) => (
        <Link to={blogEditorPath(post.slug)} className="flex items-center gap-3 px-4 py-3 hover:bg-cocoa-50">
          {post.coverImage ? (
            <img src={post.coverImage} alt="" className="size-14 shrink-0 rounded-lg bg-cocoa-50 object-cover" />
          ) : (
            <span aria-hidden="true" className="size-14 shrink-0 rounded-lg bg-gradient-to-br from-glow-300 to-cocoa-300" />
          )}
          <span className="min-w-0 flex-1">
            <span className="flex flex-wrap items-center gap-2 font-semibold text-cocoa-900">
              {post.title} {status(post)}
            </span>
            <span className="block text-sm text-cocoa-600">
              {post.status === 'draft' ? `Last changed ${momentText(post.updatedAt)}` : momentText(post.publishedAt)} · {post.author}
            </span>
          </span>
          <span aria-hidden="true" className="text-cocoa-400">
            ›
          </span>
        </Link>
      )}
    </ListEditPanel>
  )
}

/** A post's rendering as the blog shows it (sanitised HTML), or why it could not be made (html null: keep the last one). */
export interface BlogPreview {
  html: string | null
  error: string | null
}

const NO_PREVIEW: BlogPreview = { html: '', error: null }

/** The server's own rendering of a post's Markdown: for the editor's preview, and its first one in the route's loader. */
export async function blogPreview(text: string): Promise<BlogPreview> {
  if (!text.trim()) return NO_PREVIEW
  try {
    return { html: (await manageCalls.previewBlogPost(text)).html, error: null }
  } catch (failure) {
    return { html: null, error: failure instanceof Error ? failure.message : 'The preview could not be made.' }
  }
}

const slugOf = (title: string) =>
  title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '')

type Values = Required<Pick<BlogPostRequest, 'slug' | 'title' | 'summary' | 'bodyMarkdown' | 'author' | 'coverImage'>>

/**
 * A post's editor: Markdown on one side and the server's rendering of it on the other (the phone switches between
 * them), the cover picture, and save as a draft, publish or take back to a draft.
 */
export function BlogEditor({
  post,
  preview,
  defaultAuthor,
  publishingRule,
}: {
  post: StaffBlogPost | null
  /** The server's rendering of the post as it opens (blogPreview, in the route's loader); none for a new post. */
  preview?: BlogPreview
  defaultAuthor: string
  publishingRule: string | null
}) {
  const navigate = useNavigate()
  const [values, setValues] = useState<Values>(() => ({
    slug: post?.slug ?? '',
    title: post?.title ?? '',
    summary: post?.summary ?? '',
    bodyMarkdown: post?.bodyMarkdown ?? '',
    author: post?.author ?? defaultAuthor,
    coverImage: post?.coverImage ?? '',
  }))
  const [slugTouched, setSlugTouched] = useState(Boolean(post))
  const [current, setCurrent] = useState(post)
  const [tab, setTab] = useState<'write' | 'preview'>('write')
  const action = useFormAction()
  const confirm = useConfirm()

  const set = (field: keyof Values, value: string) =>
    setValues((v) => ({ ...v, [field]: value, ...(field === 'title' && !slugTouched ? { slug: slugOf(value) } : {}) }))

  async function save(status: 'draft' | 'published', success: string) {
    const request: BlogPostRequest = { ...values, status }
    const answer = await action.run(() => (current ? manageCalls.saveBlogPost(current.slug, request) : manageCalls.addBlogPost(request)), success)
    if (!answer) return
    setCurrent(answer.post)
    // A new post, or one whose address changed, is edited at its own address from now on.
    // The post is handed over, so the page goes on with this editor rather than loading it again.
    if (!current || current.slug !== answer.post.slug) void navigate(blogEditorPath(answer.post.slug), { replace: true, state: { post: answer.post } })
  }

  const published = current?.status === 'published'
  // The question before unpublishing or deleting is a form of its own: it stays outside the post's form.
  return (
    <>
      <form onSubmit={onSubmitted(() => save(current?.status ?? 'draft', published ? 'Saved. The blog shows the changes now.' : 'Draft saved.'))} noValidate>
        <div className="sticky top-[4.5rem] z-20 flex flex-col gap-2">
          <div className="card flex flex-col gap-3 p-3 shadow-md sm:flex-row sm:items-center sm:justify-between sm:p-4">
            <div className="flex flex-wrap items-center gap-2 text-sm text-cocoa-700">
              {current ? status(current) : <Badge>New</Badge>}
              {current && <span>Last saved {momentText(current.updatedAt)}</span>}
              {published && (
                <a className="font-semibold text-brand-teal underline" href={`/blog/${current.slug}/`} target="_blank" rel="noreferrer">
                  See it on the blog
                </a>
              )}
            </div>
            <div className="flex flex-wrap gap-2">
              <button type="submit" className="btn-outline" disabled={action.pending}>
                {published ? 'Save changes' : 'Save draft'}
              </button>
              {published ? (
                <button
                  type="button"
                  className="btn-outline text-red-700"
                  disabled={action.pending}
                  onClick={() =>
                    confirm.ask({
                      title: 'Take this post off the blog?',
                      message: 'It goes back to being a draft: visitors no longer see it, and you can publish it again later.',
                      confirmLabel: 'Unpublish',
                      onConfirm: () => save('draft', 'Unpublished: the post is a draft again.'),
                    })
                  }
                >
                  Unpublish
                </button>
              ) : (
                <>
                  {current && (
                    <button
                      type="button"
                      className="btn-outline text-red-700"
                      disabled={action.pending}
                      onClick={() =>
                        confirm.ask({
                          title: 'Delete this draft?',
                          message: 'The draft and its words are gone for good.',
                          confirmLabel: 'Delete draft',
                          onConfirm: async () => {
                            const deleted = await action.run(() => manageCalls.deleteBlogPost(current.slug))
                            if (deleted !== undefined) void navigate('/staff/manage/blog/', { replace: true })
                          },
                        })
                      }
                    >
                      Delete
                    </button>
                  )}
                  <button
                    type="button"
                    className="btn-primary"
                    disabled={action.pending}
                    onClick={() => void save('published', 'Published. It is on the blog now.')}
                  >
                    {action.pending && <Spinner label="Publishing" />}
                    Publish
                  </button>
                </>
              )}
            </div>
          </div>
          {action.notice && (
            <div className="rounded-xl bg-white shadow-md">
              <NoticeLine notice={action.notice} />
            </div>
          )}
        </div>

        <PublishingRule rule={publishingRule} />
        <div className="card mt-4 grid gap-5 p-4 sm:p-5 lg:grid-cols-[1fr_20rem]">
          <div className="grid content-start gap-4 sm:grid-cols-2">
            <Field label="Title" value={values.title} onChange={(e) => set('title', e.target.value)} error={action.errors.title} maxLength={150} />
            <Field
              label="Address"
              value={values.slug}
              onChange={(e) => {
                setSlugTouched(true)
                set('slug', e.target.value)
              }}
              error={action.errors.slug}
              hint={`/blog/${values.slug || 'your-post'}/`}
              maxLength={100}
              autoCapitalize="none"
              spellCheck={false}
            />
            <div className="sm:col-span-2">
              <TextAreaField
                label="Summary"
                value={values.summary}
                onChange={(e) => set('summary', e.target.value)}
                error={action.errors.summary}
                maxLength={300}
                className="min-h-20"
                hint="Shown on the blog's list and in shared links."
              />
            </div>
            <Field label="Author" value={values.author} onChange={(e) => set('author', e.target.value)} error={action.errors.author} maxLength={80} />
          </div>
          <CoverPicture value={values.coverImage} onChange={(url) => set('coverImage', url)} error={action.errors.coverImage} />
        </div>
        <div className="mt-4">
          <MarkdownEditor
            value={values.bodyMarkdown}
            firstPreview={preview ?? NO_PREVIEW}
            onChange={(text) => set('bodyMarkdown', text)}
            error={action.errors.bodyMarkdown}
            tab={tab}
            onTab={setTab}
          />
        </div>
      </form>
      {confirm.element}
    </>
  )
}

function CoverPicture({ value, onChange, error }: { value: string; onChange: (url: string) => void; error?: string }) {
  const input = useRef<HTMLInputElement>(null)
  const [uploading, setUploading] = useState(false)
  const [notice, setNotice] = useState<Notice | null>(null)

  async function upload(file: File) {
    const problem = coverProblem(file)
    if (problem) {
      setNotice({ kind: 'error', text: problem })
      return
    }
    setUploading(true)
    setNotice(null)
    try {
      const answer = await manageCalls.uploadPicture(file)
      onChange(answer.url)
      setNotice({ kind: 'success', text: 'Picture uploaded. Save the post to keep it.' })
    } catch (failure) {
      setNotice({ kind: 'error', text: failure instanceof Error ? failure.message : 'The picture could not be uploaded. Please try again.' })
    } finally {
      setUploading(false)
      if (input.current) input.current.value = ''
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <span className="text-sm font-semibold text-cocoa-800">Cover picture</span>
      {value ? (
        <img src={value} alt="The cover picture" className="aspect-[16/9] w-full rounded-xl bg-cocoa-50 object-cover" />
      ) : (
        <div className="flex aspect-[16/9] w-full items-center justify-center rounded-xl border-2 border-dashed border-cocoa-200 text-sm text-cocoa-600">
          No cover picture
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <label className={`btn-outline cursor-pointer ${uploading ? 'pointer-events-none opacity-60' : ''}`}>
          {uploading && <Spinner label="Uploading" />}
          {value ? 'Change picture' : 'Upload a picture'}
          <input
            ref={input}
            type="file"
            accept={COVER_TYPES.join(',')}
            className="sr-only"
            aria-label="Cover picture file"
            onChange={(event) => {
              const file = event.target.files?.[0]
              if (file) void upload(file)
            }}
          />
        </label>
        {value && (
          <button type="button" className="btn-outline" onClick={() => onChange('')}>
            Remove
          </button>
        )}
      </div>
      <p className="text-sm text-cocoa-600">JPEG, PNG or WebP, up to 2 MB. Wide pictures look best.</p>
      <NoticeLine notice={error ? { kind: 'error', text: error } : notice} />
    </div>
  )
}

function MarkdownEditor({
  value,
  firstPreview,
  onChange,
  error,
  tab,
  onTab,
}: {
  value: string
  firstPreview: BlogPreview
  onChange: (text: string) => void
  error?: string
  tab: 'write' | 'preview'
  onTab: (tab: 'write' | 'preview') => void
}) {
  // The first preview is the one the route's loader made of the post as it opens; a new post's is empty.
  const [html, setHtml] = useState(firstPreview.html)
  const [previewError, setPreviewError] = useState(firstPreview.error)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const latest = useRef(0)
  useEffect(() => () => clearTimeout(timer.current), [])

  // Then the server renders what is typed, a moment after typing stops; a late answer is dropped.
  const renderPreview = (text: string, delay: number) => {
    clearTimeout(timer.current)
    if (!text.trim()) {
      latest.current++
      setHtml('')
      setPreviewError(null)
      return
    }
    timer.current = setTimeout(() => {
      const asked = ++latest.current
      void blogPreview(text).then((answer) => {
        if (asked !== latest.current) return
        if (answer.html !== null) setHtml(answer.html)
        setPreviewError(answer.error)
      })
    }, delay)
  }

  return (
    <div className="card flex min-w-0 flex-col p-4 sm:p-5">
      <SegmentedControl
        label="Post body"
        wide
        className="mb-3 lg:hidden"
        segments={[
          { value: 'write', label: 'Write' },
          { value: 'preview', label: 'Preview' },
        ]}
        value={tab}
        onChange={onTab}
      />
      <div className="grid min-h-0 flex-1 gap-4 lg:grid-cols-2">
        <div className={tab === 'write' ? 'block' : 'hidden lg:block'}>
          <TextAreaField
            label="Post (Markdown)"
            value={value}
            onChange={(e) => {
              onChange(e.target.value)
              renderPreview(e.target.value, 400)
            }}
            error={error}
            className="min-h-96 font-mono text-sm"
            hint="## for a heading, **bold**, - for a list, [words](https://…) for a link."
          />
        </div>
        <div className={tab === 'preview' ? 'block' : 'hidden lg:block'}>
          <p className="text-sm font-semibold text-cocoa-800">Preview</p>
          {previewError && <p className="mt-2 text-sm font-medium text-red-700">{previewError}</p>}
          <div
            data-testid="blog-preview"
            className="prose mt-1.5 min-h-96 rounded-xl border border-cocoa-100 bg-cream/40 p-4 !text-base [&>:first-child]:mt-0"
            // The server's rendering: sanitised HTML, as the blog shows it.
            dangerouslySetInnerHTML={{ __html: html ?? '' }}
          />
        </div>
      </div>
    </div>
  )
}
