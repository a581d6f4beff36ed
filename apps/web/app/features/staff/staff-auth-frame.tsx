import type { ReactNode } from 'react'

/**
 * The frame of the staff sign-in, join and set-up pages: one card on the back office's background, no navigation.
 * `wide` for a longer form (set-up); `above` goes between the title and the card (the set-up's steps).
 */
export function StaffAuthFrame({
  title,
  intro,
  children,
  footer,
  wide = false,
  above,
}: {
  title: string
  intro?: ReactNode
  children: ReactNode
  footer?: ReactNode
  wide?: boolean
  above?: ReactNode
}) {
  return (
    <main className="flex min-h-dvh flex-col items-center bg-stone-100 px-4 py-10 sm:justify-center">
      <div className={`w-full ${wide ? 'max-w-xl' : 'max-w-md'}`}>
        <p className="text-center text-xs font-semibold tracking-widest text-glow-700 uppercase">Staff back office</p>
        <h1 className="mt-2 text-center font-sans text-3xl font-bold tracking-tight text-cocoa-950">{title}</h1>
        {intro && <div className="mt-2 text-center text-base text-cocoa-600">{intro}</div>}
        {above && <div className="mt-6">{above}</div>}
        <div className={`card p-5 sm:p-7 ${above ? 'mt-5' : 'mt-6'}`}>{children}</div>
        {footer && <div className="mt-5 flex flex-col items-center gap-2 text-center text-sm text-cocoa-700">{footer}</div>}
      </div>
    </main>
  )
}
