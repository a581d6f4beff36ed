/** The green tick at the top of a page that confirms something went through (a booking, a payment). */
export function SuccessMark() {
  return (
    <span aria-hidden="true" className="flex size-16 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
      <svg viewBox="0 0 24 24" className="size-9" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
        <path d="M5 12.5l4.5 4.5L19 7.5" />
      </svg>
    </span>
  )
}
