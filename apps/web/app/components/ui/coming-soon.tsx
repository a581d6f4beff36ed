import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { PageHeader } from './page-header.tsx'

interface ComingSoonProps {
  eyebrow?: string
  title: string
  /** What this page will do. */
  intro: ReactNode
  /** What a customer will find here, point by point. */
  points: string[]
  children?: ReactNode
}

/** A page whose feature is not online yet: it says what will be here and how to get it done today. */
export function ComingSoon({ eyebrow, title, intro, points, children }: ComingSoonProps) {
  return (
    <>
      <PageHeader eyebrow={eyebrow} title={title}>
        {intro}
      </PageHeader>
      <div className="container-page grid gap-8 py-10 lg:grid-cols-[3fr_2fr]">
        <section className="card p-6" aria-labelledby="soon-title">
          <p className="inline-flex rounded-full bg-glow-300/40 px-3 py-1 text-sm font-semibold text-cocoa-800">Coming soon</p>
          <h2 id="soon-title" className="mt-3 text-2xl font-semibold">
            What you will be able to do here
          </h2>
          <ul className="mt-4 flex flex-col gap-3">
            {points.map((point) => (
              <li key={point} className="flex gap-3 text-cocoa-800">
                <svg viewBox="0 0 20 20" className="mt-1 size-5 shrink-0 text-brand-teal" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                  <path d="M4 10.5l4 4 8-9" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
                {point}
              </li>
            ))}
          </ul>
          {children}
        </section>
        <aside className="card flex flex-col gap-3 bg-cocoa-50 p-6" aria-label="Book today">
          <h2 className="text-xl font-semibold">Until then</h2>
          <p className="text-cocoa-700">Call or visit the salon and we will book you in, sell you a package or answer any question.</p>
          <div className="flex flex-wrap gap-3">
            <Link to={{ pathname: '/', hash: '#contact' }} className="btn-primary">
              Contact the salon
            </Link>
            <Link to="/prices/" className="btn-outline">
              Price list
            </Link>
          </div>
        </aside>
      </div>
    </>
  )
}
