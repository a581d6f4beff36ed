import type { ReactNode } from 'react'

export function PageHeader({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <div className="border-b border-cocoa-100 bg-gradient-to-b from-cocoa-50 to-cream">
      <div className="container-page py-10 sm:py-14">
        {eyebrow && <p className="eyebrow">{eyebrow}</p>}
        <h1 className="mt-2 text-4xl font-semibold sm:text-5xl">{title}</h1>
        {children && <div className="mt-3 max-w-2xl text-lg text-cocoa-700">{children}</div>}
      </div>
    </div>
  )
}

/** A page: its header, then its content in the page's column. */
export function PageFrame({ eyebrow, title, intro, children }: { eyebrow?: string; title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <>
      <PageHeader eyebrow={eyebrow} title={title}>
        {intro}
      </PageHeader>
      <div className="container-page py-8 sm:py-10">{children}</div>
    </>
  )
}
