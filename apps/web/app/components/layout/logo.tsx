import { Link } from 'react-router'

/** docs/product.md §2: the logo links home; white on the home page, dark elsewhere. */
export function Logo({ tone, name }: { tone: 'light' | 'dark'; name: string }) {
  return (
    <Link
      to="/"
      data-tone={tone}
      aria-label={`${name}, home`}
      className={`flex items-center gap-2.5 rounded-lg ${tone === 'light' ? 'text-white' : 'text-cocoa-900'}`}
    >
      <svg viewBox="0 0 32 32" className="size-9 shrink-0" aria-hidden="true">
        <circle cx="16" cy="16" r="7" className={tone === 'light' ? 'fill-glow-300' : 'fill-glow-500'} />
        <g stroke="currentColor" strokeWidth="2.4" strokeLinecap="round">
          <path d="M16 2.5v3.5M16 26v3.5M2.5 16H6M26 16h3.5M6.5 6.5l2.5 2.5M23 23l2.5 2.5M6.5 25.5L9 23M23 9l2.5-2.5" />
        </g>
      </svg>
      <span className="max-w-[11rem] font-display text-lg leading-tight font-semibold tracking-tight sm:max-w-none">{name}</span>
    </Link>
  )
}
