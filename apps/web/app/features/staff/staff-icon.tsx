import type { StaffIconName } from './staff-nav.ts'

const PATHS: Record<StaffIconName, string> = {
  today: 'M7 3v3m10-3v3M4 9h16M5 5h14a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1Zm3 8h3v3H8z',
  counter: 'M3 7h18v11a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V7Zm0 0 2-3h14l2 3M8 12h3m5 0h.01M8 15h8',
  customers: 'M16 19v-1a4 4 0 0 0-4-4H7a4 4 0 0 0-4 4v1m17 0v-1a4 4 0 0 0-3-3.87M13.5 4.13a4 4 0 0 1 0 7.75M9.5 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8Z',
  leads: 'M4 5h16v11H8l-4 4V5Zm4 4h8m-8 3h5',
  reports: 'M4 20V10m6 10V4m6 16v-7m4 7H2',
  refunds: 'M3 6h18v12H3V6Zm0 4h18M9 15H6m9.5-1.5L14 15l1.5 1.5M14 15h4',
  manage:
    'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm7.4-3a7.4 7.4 0 0 0-.1-1.2l2-1.6-2-3.4-2.4 1a7.4 7.4 0 0 0-2-1.2L14.5 3h-4l-.4 2.6a7.4 7.4 0 0 0-2 1.2l-2.4-1-2 3.4 2 1.6a7.4 7.4 0 0 0 0 2.4l-2 1.6 2 3.4 2.4-1a7.4 7.4 0 0 0 2 1.2l.4 2.6h4l.4-2.6a7.4 7.4 0 0 0 2-1.2l2.4 1 2-3.4-2-1.6c.1-.4.1-.8.1-1.2Z',
  team: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8a7 7 0 0 1 14 0',
  audit: 'M9 4h6l1 2h3v15H5V6h3l1-2Zm-1 7h8m-8 4h8m-8 4h5',
  more: 'M5 12h.01M12 12h.01M19 12h.01',
}

/** The staff navigation's line icons (24×24, drawn with the current colour). */
export function StaffIcon({ name, className = 'size-6' }: { name: StaffIconName; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={name === 'more' ? 3 : 1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={PATHS[name]} />
    </svg>
  )
}
