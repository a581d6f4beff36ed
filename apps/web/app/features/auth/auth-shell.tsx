import type { ReactNode } from 'react'

interface AuthShellProps {
  eyebrow: string
  title: string
  intro?: ReactNode
  /** Wider for the sign-up form. */
  wide?: boolean
  /** Under the card: links to the other auth pages. */
  footer?: ReactNode
  children: ReactNode
}

/** The frame of the sign-in, sign-up, confirm and reset pages: a title, one card, a few links. */
export function AuthShell({ eyebrow, title, intro, wide, footer, children }: AuthShellProps) {
  return (
    <div className="flex-1 bg-gradient-to-b from-cocoa-50 to-cream">
      <div className={`container-page py-10 sm:py-14 ${wide ? 'max-w-3xl' : 'max-w-xl'}`}>
        <p className="eyebrow">{eyebrow}</p>
        <h1 className="mt-2 text-4xl font-semibold sm:text-5xl">{title}</h1>
        {intro && <div className="mt-3 text-lg text-cocoa-700">{intro}</div>}
        <div className="card mt-8 p-5 sm:p-8">{children}</div>
        {footer && <div className="mt-6 flex flex-col gap-2 text-base text-cocoa-800">{footer}</div>}
      </div>
    </div>
  )
}

export function Notice({ children, tone = 'info' }: { children: ReactNode; tone?: 'info' | 'success' }) {
  return (
    <p
      role="status"
      className={`mb-6 rounded-xl px-4 py-3 text-base font-medium ${tone === 'success' ? 'bg-brand-teal/10 text-brand-teal-dark' : 'bg-glow-300/30 text-cocoa-900'}`}
    >
      {children}
    </p>
  )
}
